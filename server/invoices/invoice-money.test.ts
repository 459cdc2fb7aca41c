// invoiceMoney against a reference that works in decimal strings ("1234.567" × "-89.10", summed with BigInt on the
// digits): 10,000 random invoices with a deposit credit, change orders, partial payments, pending bank payments,
// failures and refunds. paid + owed is the total to the cent, and each figure matches the reference.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../tests/support/seeded-random.ts";
import { invoiceMoney, type InvoicePaymentFigures } from "./invoice-money.ts";

/** "12.345" (a quantity) or "-89.10" (dollars) as the decimal string a person would write. */
function decimal(units: number, places: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(places + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** The product of two decimal strings, rounded to cents half away from zero, as a decimal string. */
function timesToCents(a: string, b: string): string {
  const parse = (s: string) => {
    const negative = s.startsWith("-");
    const [whole = "0", frac = ""] = s.replace("-", "").split(".");
    return { n: BigInt(whole + frac), places: frac.length, negative };
  };
  const x = parse(a);
  const y = parse(b);
  const product = x.n * y.n; // places: x.places + y.places
  const drop = x.places + y.places - 2;
  const scale = 10n ** BigInt(drop);
  let cents = product / scale;
  if ((product % scale) * 2n >= scale) cents += 1n;
  const negative = x.negative !== y.negative && cents !== 0n;
  return decimal(Number(negative ? -cents : cents), 2);
}

/** Sums decimal strings of dollars with BigInt on their digits. */
function sum(values: string[]): bigint {
  return values.reduce((total, v) => {
    const negative = v.startsWith("-");
    const [whole = "0", frac = "00"] = v.replace("-", "").split(".");
    const n = BigInt(whole + frac.padEnd(2, "0"));
    return total + (negative ? -n : n);
  }, 0n);
}

describe("invoiceMoney", () => {
  it("gives paid + owed = total to the cent for 10,000 random invoices, as a decimal reference does", () => {
    const random = seededRandom(52);
    const int = (max: number) => Math.floor(random() * (max + 1));
    for (let n = 0; n < 10_000; n++) {
      const lines = Array.from({ length: 1 + int(12) }, () => ({
        quantity: int(4) === 0 ? 1000 : int(99_999_999),
        unitPrice: int(3) === 0 ? -int(500_000) : int(9_999_999),
      }));
      const reference = lines.map((l) => timesToCents(decimal(l.quantity, 3), decimal(l.unitPrice, 2)));
      const referenceTotal = sum(reference);
      // A deposit paid, as the draft's credit line.
      const deposit = int(2) === 0 ? 0 : int(2_000_000);
      if (deposit > 0) lines.push({ quantity: 1000, unitPrice: -deposit });
      const total = referenceTotal - BigInt(deposit);
      const states = ["paid", "paid", "pending", "failed", "refunded", "disputed", "lost"] as const;
      const payments: InvoicePaymentFigures[] = Array.from({ length: int(5) }, () => {
        const cents = 1 + int(5_000_000);
        const state = states[int(6)] ?? "paid";
        const partly = (state === "paid" || state === "disputed" || state === "lost") && int(3) === 0;
        const refundedCents = state === "refunded" ? cents : partly ? int(cents) : 0;
        return { cents, refundedCents, state };
      });
      let paid = 0n;
      let pending = 0n;
      let disputed = 0n;
      for (const p of payments) {
        const amount = sum([decimal(p.cents, 2)]) - sum([decimal(p.refundedCents, 2)]);
        if (p.state === "paid" || p.state === "refunded") paid += amount;
        if (p.state === "pending") pending += sum([decimal(p.cents, 2)]);
        if (p.state === "disputed") disputed += amount;
      }
      const m = invoiceMoney(lines, payments);
      expect(BigInt(m.total), `seed 52, invoice ${n}`).toBe(total);
      expect(BigInt(m.paid)).toBe(paid);
      expect(BigInt(m.pending)).toBe(pending);
      expect(BigInt(m.disputed)).toBe(disputed);
      expect(BigInt(m.owed)).toBe(total - paid);
      expect(m.paid + m.owed).toBe(m.total);
      expect(m.lines.map((c) => decimal(c, 2))).toEqual([...reference, ...(deposit > 0 ? [decimal(-deposit, 2)] : [])]);
    }
  });

  it("counts a pending bank payment as still owed, and a failed one as nothing", () => {
    const lines = [{ quantity: 1000, unitPrice: 100_000 }];
    const m = invoiceMoney(lines, [
      { cents: 30_000, refundedCents: 0, state: "paid" },
      { cents: 70_000, refundedCents: 0, state: "pending" },
      { cents: 70_000, refundedCents: 0, state: "failed" },
    ]);
    expect(m).toMatchObject({ total: 100_000, paid: 30_000, pending: 70_000, owed: 70_000 });
  });

  it("holds a disputed payment as neither paid nor asked again; a dispute lost is owed", () => {
    const lines = [{ quantity: 1000, unitPrice: 100_000 }];
    const m = invoiceMoney(lines, [
      { cents: 30_000, refundedCents: 0, state: "paid" },
      { cents: 50_000, refundedCents: 5_000, state: "disputed" },
      { cents: 20_000, refundedCents: 0, state: "lost" },
    ]);
    expect(m).toMatchObject({ total: 100_000, paid: 30_000, pending: 0, disputed: 45_000, owed: 70_000 });
  });

  it("makes a refund owed again", () => {
    const m = invoiceMoney(
      [{ quantity: 2500, unitPrice: 4_000 }],
      [{ cents: 10_000, refundedCents: 2_500, state: "paid" }],
    );
    expect(m).toMatchObject({ total: 10_000, paid: 7_500, owed: 2_500 });
  });
});
