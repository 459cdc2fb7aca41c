// Money and quantities as integers, never floats: amounts in cents, quantities in thousandths of a unit, rates in
// parts per million (8.75 % is 87,500; 9.125 %, a local Illinois rate, is 91,250; basis points could not say it).
// Parsing reads the digits the owner typed; nothing passes through a binary fraction. Pure.

/** The largest amount a quote holds anywhere: $99,999,999.99. Lines, totals and deposits stay below it. */
export const MAX_CENTS = 9_999_999_999;
/** The largest quantity: 99,999.999 units. */
export const MAX_MILLI = 99_999_999;
/** 100 %. */
export const PPM = 1_000_000;

const DOLLARS = /^(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,8})(?:\.(\d{1,2}))?$/;
const DECIMAL = /^(\d{1,5})(?:\.(\d{1,3}))?$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?\s*%?$/;

/** "1,450", "$1450.5", "-100.00" → cents; null for anything else (a third decimal, letters, an exponent). */
export function parseDollars(text: string): number | null {
  const m = DOLLARS.exec(text.trim());
  if (!m) return null;
  const whole = Number((m[2] ?? "").replaceAll(",", ""));
  const cents = Number((m[3] ?? "").padEnd(2, "0"));
  const value = whole * 100 + cents;
  if (value > MAX_CENTS) return null;
  return m[1] && value !== 0 ? -value : value;
}

/** "12.5" → 12,500 thousandths; "0.125" → 125; null for negatives, a fourth decimal or more than 99,999.999. */
export function parseQuantity(text: string): number | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
}

/** "8.75" or "8.75 %" → 87,500 parts per million; null above 100 % or past four decimals. */
export function parsePercent(text: string): number | null {
  const m = PERCENT.exec(text.trim());
  if (!m) return null;
  const ppm = Number(m[1]) * 10_000 + Number((m[2] ?? "").padEnd(4, "0"));
  return ppm > PPM ? null : ppm;
}

/** 145000 → "$1,450.00"; -10000 → "−$100.00" (a minus sign, as printed money uses). Every surface prints these. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "−" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** The same amount as the owner types it in a form: 145000 → "1450.00", -10000 → "-100.00". */
export function dollarsInput(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 12500 → "12.5", 1000 → "1", 125 → "0.125". */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const rest = String(milli % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return rest ? `${whole.toLocaleString("en-US")}.${rest}` : whole.toLocaleString("en-US");
}

/** 87500 → "8.75%". */
export function formatPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const rest = String(ppm % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return `${whole}${rest ? `.${rest}` : ""}%`;
}

/**
 * numerator ÷ denominator to the nearest whole number, halves away from zero (a discount of −$0.005 is −$0.01, as
 * $0.005 is $0.01). Exact for any inputs: BigInt, so a quantity times a price never loses a digit.
 */
export function divideRounded(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return Number(negative ? -rounded : rounded);
}

/** A line's amount: quantity (thousandths) × unit price (cents), rounded once to the cent. */
export function lineAmount(quantityMilli: number, unitPriceCents: number): number {
  return divideRounded(BigInt(quantityMilli) * BigInt(unitPriceCents), 1000n);
}

/** A share of an amount: cents × rate (parts per million), rounded once to the cent. */
export function shareOf(cents: number, ratePpm: number): number {
  return divideRounded(BigInt(cents) * BigInt(ratePpm), BigInt(PPM));
}
