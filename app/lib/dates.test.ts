import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("renders calendar dates as the business's readers expect", () => {
    expect(formatDate("2025-05-31")).toBe("May 31, 2025");
    expect(formatDate("2025-06-10")).toBe("June 10, 2025");
  });

  it("gives the same day whatever the process time zone (no server/browser drift)", () => {
    // Intl is pinned to America/Chicago, so TZ has no say; this checks the boundary days of the year too.
    expect(formatDate("2025-01-01")).toBe("January 1, 2025");
    expect(formatDate("2025-12-31")).toBe("December 31, 2025");
  });
});
