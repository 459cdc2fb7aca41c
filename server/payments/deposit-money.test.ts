// depositMoney, the one function every deposit figure comes from (issue 64): what is paid, clearing, held in a
// dispute and still owed, in integer cents; a refund does not make it owed again, a dispute lost does.
import { describe, expect, it } from "vitest";
import { depositMoney } from "./deposit-money.ts";
import { moneyState } from "../store/payments.ts";

describe("depositMoney", () => {
  it("owes what is asked less what is paid, clearing or disputed, never below zero", () => {
    expect(depositMoney(50_000, [])).toEqual({ asked: 50_000, paid: 0, pending: 0, disputed: 0, owed: 50_000 });
    expect(depositMoney(50_000, [{ cents: 20_000, refundedCents: 0, state: "paid" }]).owed).toBe(30_000);
    expect(depositMoney(50_000, [{ cents: 50_000, refundedCents: 0, state: "pending" }])).toMatchObject({
      pending: 50_000,
      owed: 0,
    });
    expect(depositMoney(50_000, [{ cents: 50_000, refundedCents: 0, state: "failed" }]).owed).toBe(50_000);
    expect(depositMoney(50_000, [{ cents: 60_000, refundedCents: 0, state: "paid" }]).owed).toBe(0);
  });

  it("keeps a refunded deposit paid, holds a disputed one, and owes a lost one again less what was refunded", () => {
    expect(depositMoney(50_000, [{ cents: 50_000, refundedCents: 50_000, state: "refunded" }]).owed).toBe(0);
    expect(depositMoney(50_000, [{ cents: 50_000, refundedCents: 10_000, state: "disputed" }])).toEqual({
      asked: 50_000,
      paid: 10_000,
      pending: 0,
      disputed: 40_000,
      owed: 0,
    });
    expect(depositMoney(50_000, [{ cents: 50_000, refundedCents: 10_000, state: "lost" }])).toMatchObject({
      paid: 10_000,
      disputed: 0,
      owed: 40_000,
    });
  });

  it("reads a payment's dispute before its state: open is disputed, lost is lost, won is as it was", () => {
    expect(moneyState({ state: "paid", dispute_state: null })).toBe("paid");
    expect(moneyState({ state: "paid", dispute_state: "open" })).toBe("disputed");
    expect(moneyState({ state: "refunded", dispute_state: "lost" })).toBe("lost");
    expect(moneyState({ state: "refunded", dispute_state: "won" })).toBe("refunded");
  });
});
