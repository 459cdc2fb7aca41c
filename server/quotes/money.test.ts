import { describe, expect, it } from "vitest";
import {
  divideRounded,
  dollarsInput,
  formatCents,
  formatPercent,
  formatQuantity,
  lineAmount,
  parseDollars,
  parsePercent,
  parseQuantity,
  shareOf,
} from "./money.ts";

describe("parsing what the owner types", () => {
  it.each([
    ["1450", 145000],
    ["1,450.00", 145000],
    ["$1,450.5", 145050],
    ["0.07", 7],
    ["-100", -10000],
    ["-0", 0],
    ["99999999.99", 9_999_999_999],
  ])("dollars %s → %i cents", (text, cents) => expect(parseDollars(text)).toBe(cents));

  it.each(["", "1.005", "1e3", "abc", "1,45", "12,3456", "100000000", "0x10", " . "])("refuses dollars %j", (text) =>
    expect(parseDollars(text)).toBeNull(),
  );

  it.each([
    ["1", 1000],
    ["12.5", 12500],
    ["0.125", 125],
    ["99999.999", 99_999_999],
  ])("quantity %s → %i thousandths", (text, milli) => expect(parseQuantity(text)).toBe(milli));

  it.each(["-1", "0.0001", "100000", "1,5", ""])("refuses quantity %j", (text) =>
    expect(parseQuantity(text)).toBeNull(),
  );

  it.each([
    ["8.75", 87_500],
    ["9.125 %", 91_250],
    ["30%", 300_000],
    ["100", 1_000_000],
  ])("percent %s → %i ppm", (text, ppm) => expect(parsePercent(text)).toBe(ppm));

  it("refuses a percent above 100 or with five decimals", () => {
    expect(parsePercent("100.01")).toBeNull();
    expect(parsePercent("1.00001")).toBeNull();
  });
});

describe("printing", () => {
  it.each([
    [0, "$0.00"],
    [7, "$0.07"],
    [145000, "$1,450.00"],
    [123456789, "$1,234,567.89"],
    [-10000, "−$100.00"],
  ])("%i cents reads %s", (cents, text) => expect(formatCents(cents)).toBe(text));

  it("refuses a fraction of a cent rather than print one", () => expect(() => formatCents(1.5)).toThrow(RangeError));

  it("gives the form back what it parses", () => {
    for (const cents of [0, 5, 145000, -250, 9_999_999_999]) expect(parseDollars(dollarsInput(cents))).toBe(cents);
  });

  it.each([
    [1000, "1"],
    [12500, "12.5"],
    [125, "0.125"],
    [1_234_000, "1,234"],
  ])("quantity %i reads %s", (milli, text) => expect(formatQuantity(milli)).toBe(text));

  it("prints rates", () => {
    expect(formatPercent(87_500)).toBe("8.75%");
    expect(formatPercent(91_250)).toBe("9.125%");
    expect(formatPercent(300_000)).toBe("30%");
  });
});

describe("rounding once, halves away from zero", () => {
  it("rounds a line to the cent", () => {
    expect(lineAmount(1500, 333)).toBe(500); // 499.5 → 500
    expect(lineAmount(1000, 1)).toBe(1);
    expect(lineAmount(500, 1)).toBe(1); // 0.5 → 1
    expect(lineAmount(499, 1)).toBe(0);
    expect(lineAmount(1500, -333)).toBe(-500); // a discount rounds like its positive twin
  });

  it("is exact beyond what a double holds", () => {
    // 99,999.999 × $99,999,999.99 does not fit 2^53 as a product; BigInt keeps every digit.
    expect(lineAmount(99_999_999, 9_999_999_999)).toBe(999_999_989_900_000);
  });

  it("takes a share", () => {
    expect(shareOf(100_000, 87_500)).toBe(8750);
    expect(shareOf(1, 500_000)).toBe(1);
    expect(shareOf(3, 166_667)).toBe(1); // 0.500001
  });

  it("divides with a negative divisor too", () => {
    expect(divideRounded(-5n, 2n)).toBe(-3);
    expect(divideRounded(5n, -2n)).toBe(-3);
    expect(divideRounded(0n, -2n)).toBe(0);
  });
});
