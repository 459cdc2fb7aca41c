import { describe, expect, it } from "vitest";
import { ticks } from "./charts";

describe("chart axes", () => {
  it("gives counts whole-number ticks only, even for small maxima", () => {
    expect(ticks(2, 4, true)).toEqual([0, 1, 2]);
    expect(ticks(1, 4, true)).toEqual([0, 1]);
    expect(ticks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(ticks(37, 4, true)).toEqual([0, 10, 20, 30, 40]);
  });

  it("still halves an axis of hours", () => {
    expect(ticks(2)).toEqual([0, 0.5, 1, 1.5, 2]);
  });
});
