// `npm run leads` reads its command line strictly.
import { describe, expect, it } from "vitest";
import { NO_ATTRIBUTION } from "./estimate-store.ts";
import { storedLead } from "../store/stored-lead.fixture.ts";
import { leadsCsv, parseLeadsArgs } from "./leads.ts";

describe("parseLeadsArgs", () => {
  it("exports every lead unless asked for fewer", () => {
    expect(parseLeadsArgs([])).toEqual({
      kind: "list",
      csv: false,
      out: null,
      limit: null,
      spam: false,
      status: null,
      since: null,
    });
    expect(parseLeadsArgs(["--csv"])).toMatchObject({ kind: "list", csv: true, limit: null });
    expect(parseLeadsArgs(["--csv", "--limit", "10", "--spam"])).toMatchObject({ csv: true, limit: 10, spam: true });
    expect(parseLeadsArgs(["--limit=3"]).limit).toBe(3);
    expect(parseLeadsArgs(["--out", "leads.csv"])).toMatchObject({ kind: "list", csv: true, out: "leads.csv" });
  });

  it("reads the worklist commands", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(parseLeadsArgs(["--status", "new", "--since", "7d"], now)).toMatchObject({
      status: "new",
      since: new Date("2026-11-16T12:00:00Z"),
    });
    expect(parseLeadsArgs(["--since", "2026-11-01"], now)).toMatchObject({ since: new Date("2026-11-01T00:00:00Z") });
    expect(parseLeadsArgs(["--mark", "12", "contacted", "--note", "left a voicemail"])).toEqual({
      kind: "mark",
      id: 12,
      status: "contacted",
      note: "left a voicemail",
    });
    expect(parseLeadsArgs(["--add-note", "3", "call after 5"])).toEqual({
      kind: "add-note",
      id: 3,
      text: "call after 5",
    });
    expect(parseLeadsArgs(["--erase", "ann@example.com"])).toEqual({ kind: "erase", email: "ann@example.com" });
    expect(parseLeadsArgs(["--purge", "--dry-run"])).toEqual({ kind: "purge", dryRun: true });
    expect(parseLeadsArgs(["--restore", "9"])).toEqual({ kind: "restore", id: 9 });
    expect(parseLeadsArgs(["--show", "9"])).toEqual({ kind: "show", id: 9 });
  });

  it.each([
    ["--status", "pending"],
    ["--since", "last week"],
    ["--mark", "12"],
    ["--mark", "12", "done"],
    ["--mark", "x", "new"],
    ["--note", "orphan"],
    ["--dry-run"],
    ["--erase", "not-an-address"],
    ["--purge", "--erase", "a@b.co"],
    ["--add-note", "3"],
    ["--limit", "abc"],
    ["--limit", "0"],
    ["--limit", "-5"],
    ["--limit", "1.5"],
    ["--limit", "1e3"],
    ["--limit", "99999999999999999999"],
    ["--limit"],
    ["--cvs"],
    ["--csv=yes"],
    ["--out"],
    ["--out", ""],
    ["--show", "9", "--out", "x.csv"],
    ["extra"],
    ["-x"],
  ])("refuses %j", (...args) => {
    expect(() => parseLeadsArgs(args)).toThrow();
  });
});

describe("leadsCsv", () => {
  it("starts with a BOM and the header row, ends rows with CRLF", () => {
    const row = storedLead({
      id: 1,
      reference: "R-ABCDEF",
      received_at: "2026-01-01T00:00:00.000Z",
      name: "=cmd",
      email: "a@b.co",
      phone: "1",
      service: "",
      message: "hi\nthere",
      city: null,
      page: NO_ATTRIBUTION.page,
    });
    const csv = leadsCsv([row]);
    expect(csv.startsWith('\uFEFF"id","reference","received_at"')).toBe(true);
    expect(csv.split("\r\n")[0]).toContain(
      '"referrer","utm_source","utm_medium","utm_campaign","utm_term","utm_content","gclid","fbclid","city_param"',
    );
    expect(csv).toContain(`"'=cmd"`);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(3);
  });

  it("has a column with how many photos came with each request", () => {
    const csv = leadsCsv([storedLead({ photo_count: 3 }), storedLead({ id: 13 })]);
    const [header = "", first = "", second = ""] = csv.slice(1).split("\r\n");
    expect(header).toContain('"message","photos","spam"');
    const cells = (line: string) => line.slice(1, -1).split('","');
    const column = cells(header).indexOf("photos");
    expect([cells(first)[column], cells(second)[column]]).toEqual(["3", "0"]);
  });
});
