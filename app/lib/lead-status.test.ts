import { describe, expect, it } from "vitest";
import { LEAD_STATUSES as STORE_STATUSES } from "../../server/requests/estimate-store.ts";
import { isLeadStatus, LEAD_STATUSES, statusLabel } from "./lead-status";

describe("lead statuses", () => {
  it("are the store's statuses, in the same order", () => {
    expect(LEAD_STATUSES).toEqual(STORE_STATUSES);
  });
  it("accept only a known status", () => {
    expect(isLeadStatus("contacted")).toBe(true);
    expect(isLeadStatus("Contacted")).toBe(false);
    expect(isLeadStatus("__proto__")).toBe(false);
  });

  it("read as words on a button", () => {
    expect(statusLabel("out-of-area")).toBe("Out of area");
    expect(statusLabel("new")).toBe("New");
  });
});
