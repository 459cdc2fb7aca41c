// docs/benchmarks.md gives each figure once, in tables (issue 64): it stays short enough to read, and every row keeps
// its six columns (figure, goal, value, measured, load or index, command) so a later figure replaces a row in place.
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

const file = "docs/benchmarks.md";

describe("docs/benchmarks.md", () => {
  it("stays under 25 KB", () => {
    expect(statSync(file).size).toBeLessThan(25_000);
  });

  it("gives every table row six columns", () => {
    const rows = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("|"));
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.slice(1, -1).split("|").length !== 6)).toEqual([]);
  });
});
