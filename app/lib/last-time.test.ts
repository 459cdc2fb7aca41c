// Next year's visit (decision 0054): last time's findings are listed with a Watch whose day to look again has come
// first, the longest overdue first, then the rest in the report's order.
import { describe, expect, it } from "vitest";
import { lastTimeOrder, recheckDue, type LastTimeKey } from "./last-time";

const item = (
  name: string,
  flueIndex: number,
  part: LastTimeKey["part"],
  state: LastTimeKey["state"],
  recheckDay: string | null = null,
) => ({
  name,
  flueIndex,
  part,
  state,
  recheckDay,
});

describe("last time's findings", () => {
  it("list an overdue Watch first, the longest overdue first, then the report's order", () => {
    const ordered = lastTimeOrder(
      [
        item("crown repair", 0, "crown", "repair"),
        item("mortar watch, not yet due", 0, "mortar", "watch", "2027-06-01"),
        item("flashing watch, due today", 0, "flashing", "watch", "2026-12-02"),
        item("second flue's cap", 1, "cap", "good"),
        item("bricks watch, overdue since spring", 1, "bricks", "watch", "2026-04-01"),
        item("cap good", 0, "cap", "good"),
      ],
      "2026-12-02",
    ).map((i) => i.name);
    expect(ordered).toEqual([
      "bricks watch, overdue since spring",
      "flashing watch, due today",
      "crown repair",
      "cap good",
      "mortar watch, not yet due",
      "second flue's cap",
    ]);
  });

  it("calls a Watch due on and after its day, never a Repair or a Watch with no day", () => {
    expect(recheckDue({ state: "watch", recheckDay: "2026-12-02" }, "2026-12-02")).toBe(true);
    expect(recheckDue({ state: "watch", recheckDay: "2026-12-03" }, "2026-12-02")).toBe(false);
    expect(recheckDue({ state: "repair", recheckDay: "2026-01-01" }, "2026-12-02")).toBe(false);
    expect(recheckDue({ state: "watch", recheckDay: null }, "2026-12-02")).toBe(false);
  });
});
