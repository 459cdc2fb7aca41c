// `npm run leads` reads its command line strictly.
import { describe, expect, it } from "vitest";
import { leadsCsv, parseLeadsArgs } from "./leads.ts";

describe("parseLeadsArgs", () => {
  it("exports every lead unless asked for fewer", () => {
    expect(parseLeadsArgs([])).toEqual({ csv: false, limit: null, spam: false, help: false });
    expect(parseLeadsArgs(["--csv"])).toEqual({ csv: true, limit: null, spam: false, help: false });
    expect(parseLeadsArgs(["--csv", "--limit", "10", "--spam"])).toEqual({
      csv: true,
      limit: 10,
      spam: true,
      help: false,
    });
    expect(parseLeadsArgs(["--limit=3"]).limit).toBe(3);
  });

  it.each([
    ["--limit", "abc"],
    ["--limit", "0"],
    ["--limit", "-5"],
    ["--limit", "1.5"],
    ["--limit", "1e3"],
    ["--limit", "99999999999999999999"],
    ["--limit"],
    ["--cvs"],
    ["--csv=yes"],
    ["extra"],
    ["-x"],
  ])("refuses %j", (...args) => {
    expect(() => parseLeadsArgs(args)).toThrow();
  });
});

describe("leadsCsv", () => {
  it("starts with a BOM and the header row, ends rows with CRLF", () => {
    const csv = leadsCsv([
      {
        id: 1,
        received_at: "2026-01-01T00:00:00.000Z",
        name: "=cmd",
        email: "a@b.co",
        phone: "1",
        service: "",
        message: "hi\nthere",
        city: null,
        spam: 0,
        idempotency_key: null,
      },
    ]);
    expect(csv.startsWith('\uFEFF"id","received_at","name"')).toBe(true);
    expect(csv).toContain(`"'=cmd"`);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(3);
  });
});
