// quoteTotals against examples worked by hand, and against an independent reference on 10,000 random quotes: the
// reference works in decimal strings (the digits a person would write), rounds by reading the first dropped digit,
// and shares no code with money.ts.
import { describe, expect, it } from "vitest";
import { formatCents } from "./money.ts";
import { ChoiceError, optionTotals, quoteTotals, type PricedLine, type PricedQuote } from "./totals.ts";
import { seededRandom } from "../../tests/support/seeded-random.ts";

const line = (quantity: number, unitPrice: number, taxable = false): PricedLine => ({ quantity, unitPrice, taxable });

describe("quoteTotals", () => {
  const quote: PricedQuote = {
    options: [
      { lines: [line(1000, 145_000), line(12_500, 1_299)] }, // $1,450.00 + 12.5 × $12.99 = $162.375 → $162.38
      { lines: [line(1000, 245_000), line(1000, -10_000)] }, // with a discount line
    ],
    addons: [line(1000, 38_500), line(2000, 4_999, true)], // a cap; two items sold without installation, taxed
    taxRatePpm: 87_500,
    deposit: { kind: "percent", ratePpm: 300_000 },
  };

  it("rounds each line once and sums the lines as shown", () => {
    const t = quoteTotals(quote, { option: 0, addons: [] });
    expect(t.lines).toEqual([145_000, 16_238]);
    expect(t.subtotal).toBe(161_238);
    expect(t.tax).toBe(0);
    expect(t.total).toBe(161_238);
    expect(t.deposit).toBe(48_371); // 48,371.4
    expect(t.balance).toBe(161_238 - 48_371);
  });

  it("adds the chosen add-ons and taxes only the taxable part, once", () => {
    const t = quoteTotals(quote, { option: 1, addons: [1, 0, 1] });
    expect(t.chosenAddons).toEqual([0, 1]);
    expect(t.lines).toEqual([245_000, -10_000]);
    expect(t.subtotal).toBe(245_000 - 10_000 + 38_500 + 9_998);
    expect(t.taxable).toBe(9_998);
    expect(t.tax).toBe(875); // 874.825
    expect(formatCents(t.total)).toBe("$2,843.73");
  });

  it("never asks a deposit above the total", () => {
    const fixed = { ...quote, deposit: { kind: "amount", cents: 10_000_000 } } as const;
    const t = quoteTotals(fixed, { option: 0, addons: [] });
    expect(t.deposit).toBe(t.total);
    expect(t.balance).toBe(0);
  });

  it("refuses an option or add-on the quote does not have", () => {
    expect(() => quoteTotals(quote, { option: 2, addons: [] })).toThrow(ChoiceError);
    expect(() => quoteTotals(quote, { option: -1, addons: [] })).toThrow(ChoiceError);
    expect(() => quoteTotals(quote, { option: 0, addons: [2] })).toThrow(ChoiceError);
    expect(() => quoteTotals(quote, { option: 0.5, addons: [] })).toThrow(ChoiceError);
  });

  it("lists each option alone and with every add-on", () => {
    const [first] = optionTotals(quote);
    expect(first?.alone.total).toBe(161_238);
    expect(first?.withAll.chosenAddons).toEqual([0, 1]);
  });
});

// --- The reference: decimal strings, digit by digit. ---

/** "123" with `scale` decimals → the integer nearest, halves away from zero, read from the digits. */
function roundDecimalString(digits: string, scale: number): bigint {
  const negative = digits.startsWith("-");
  const abs = (negative ? digits.slice(1) : digits).padStart(scale + 1, "0");
  const whole = abs.slice(0, abs.length - scale) || "0";
  const firstDropped = scale > 0 ? Number(abs[abs.length - scale]) : 0;
  let value = BigInt(whole);
  if (firstDropped >= 5) value += 1n;
  return negative ? -value : value;
}

/** q (3 decimals) × p (cents) → cents: the product's decimal string has 3 decimals. */
const refLine = (q: number, p: number) => roundDecimalString((BigInt(q) * BigInt(p)).toString(), 3);
/** cents × rate (6 decimals of a whole) → cents. */
const refShare = (cents: bigint, ppm: number) => roundDecimalString((cents * BigInt(ppm)).toString(), 6);

function reference(quote: PricedQuote, option: number, addons: number[]) {
  const chosen = [...(quote.options[option]?.lines ?? []), ...addons.map((i) => quote.addons[i] as PricedLine)];
  let subtotal = 0n;
  let taxable = 0n;
  for (const l of chosen) {
    const a = refLine(l.quantity, l.unitPrice);
    subtotal += a;
    if (l.taxable) taxable += a;
  }
  const tax = taxable > 0n ? refShare(taxable, quote.taxRatePpm) : 0n;
  const total = subtotal + tax;
  let deposit =
    quote.deposit.kind === "percent"
      ? refShare(total, quote.deposit.ratePpm)
      : quote.deposit.kind === "amount"
        ? BigInt(quote.deposit.cents)
        : 0n;
  if (deposit > total) deposit = total;
  if (deposit < 0n) deposit = 0n;
  return { subtotal, tax, total, deposit };
}

function randomQuote(next: () => number): PricedQuote {
  const int = (max: number) => Math.floor(next() * (max + 1));
  // Quantities and prices of every size, often awkward: thirds of a unit, prices ending in 9, discounts.
  const quantity = () => [1000, 500, 333, 12_500, 1 + int(99_999), 1 + int(99_999_998)][int(5)] as number;
  const price = () => [int(99), int(999_999), int(9_999_999_999), 1_299, 333][int(4)] as number;
  const aLine = (allowDiscount: boolean): PricedLine => ({
    quantity: quantity(),
    unitPrice: allowDiscount && next() < 0.1 ? -int(50_000) : price(),
    taxable: next() < 0.2,
  });
  const options = Array.from({ length: 1 + int(2) }, () => ({
    lines: Array.from({ length: 1 + int(11) }, () => aLine(true)),
  }));
  const addons = Array.from({ length: int(4) }, () => aLine(false));
  const kind = int(2);
  return {
    options,
    addons,
    taxRatePpm: [0, 62_500, 87_500, 91_250, int(1_000_000)][int(4)] as number,
    deposit:
      kind === 0
        ? { kind: "none" }
        : kind === 1
          ? { kind: "percent", ratePpm: int(1_000_000) }
          : { kind: "amount", cents: int(5_000_000) },
  };
}

describe("10,000 random quotes", () => {
  it("equal the independent reference to the cent", () => {
    const next = seededRandom(20261127);
    let checked = 0;
    for (let i = 0; i < 10_000; i++) {
      const quote = randomQuote(next);
      const option = Math.floor(next() * quote.options.length);
      const addons = quote.addons.map((_, j) => j).filter(() => next() < 0.5);
      const t = quoteTotals(quote, { option, addons });
      const r = reference(quote, option, addons);
      const label = `quote ${i}: ${JSON.stringify({ quote, option, addons })}`;
      expect(BigInt(t.subtotal), label).toBe(r.subtotal);
      expect(BigInt(t.tax), label).toBe(r.tax);
      expect(BigInt(t.total), label).toBe(r.total);
      expect(BigInt(t.deposit), label).toBe(r.deposit);
      // The subtotal is the sum of the amounts as printed.
      const printed = [...t.lines, ...t.chosenAddons.map((j) => t.addonAmounts[j] ?? 0)];
      expect(
        printed.reduce((a, b) => a + b, 0),
        label,
      ).toBe(t.subtotal);
      checked += 1;
    }
    expect(checked).toBe(10_000);
  });

  it("the reference itself fails on a cent off", () => {
    // A test that cannot fail proves nothing: a deliberately wrong rounding (truncation) disagrees somewhere.
    const next = seededRandom(7);
    let disagreements = 0;
    for (let i = 0; i < 1000; i++) {
      const q = randomQuote(next);
      const l = q.options[0]?.lines[0] as PricedLine;
      const truncated = (BigInt(l.quantity) * BigInt(l.unitPrice)) / 1000n;
      if (truncated !== refLine(l.quantity, l.unitPrice)) disagreements += 1;
    }
    expect(disagreements).toBeGreaterThan(100);
  });
});
