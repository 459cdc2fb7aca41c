// The three formats from real-looking files (tests/support/customer-import/): recognised by their headers, and every
// row mapped to a customer or refused with its spreadsheet row number and the reason.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCustomerFile, type ReadFile } from "./read-file.ts";
import { recogniseFormat, TEMPLATE_HEADERS, type RecognisedFormat } from "./formats.ts";
import { dayOf, mapRow, phoneOf, refusalLine, type ImportedCustomer, type RefusedRow } from "./map-row.ts";

const fixture = (name: string) => readFileSync(new URL(`../../tests/support/customer-import/${name}`, import.meta.url));

function load(name: string): { file: ReadFile; format: RecognisedFormat; mapped: (ImportedCustomer | RefusedRow)[] } {
  const file = readCustomerFile(fixture(name));
  if ("problem" in file) throw new Error(file.problem);
  const format = recogniseFormat(file.headers);
  if ("problem" in format) throw new Error(format.problem);
  const mapped = file.rows.map((r) => mapRow(r, { ...format, today: "2026-12-01" }));
  return { file, format, mapped };
}
const accepted = (m: (ImportedCustomer | RefusedRow)[]) => m.filter((r): r is ImportedCustomer => !("reasons" in r));
const refused = (m: (ImportedCustomer | RefusedRow)[]) => m.filter((r): r is RefusedRow => "reasons" in r);

describe("a Jobber client export, headers as Jobber writes them", () => {
  const { file, format, mapped } = load("jobber-clients.csv");
  const byId = (id: string) => accepted(mapped).find((c) => c.sourceId === id);

  it("is recognised, and every row is either a customer or refused", () => {
    expect(format.format).toBe("jobber");
    expect(file.rows).toHaveLength(12);
    expect(accepted(mapped).length + refused(mapped).length).toBe(12);
  });

  it("refuses a 7-digit phone, an e-mail with no domain and a row with nothing to reach, by spreadsheet row", () => {
    expect(refused(mapped).map(refusalLine)).toEqual([
      "Row 6: the phone “828-1234” has no area code.",
      "Row 9: the e-mail “luis.ortega@example” is not an e-mail address.",
      "Row 12: it has no name, e-mail or phone.",
    ]);
  });

  it("keeps the J-ID, every e-mail and phone, the service address, and says yes only where Jobber did", () => {
    expect(byId("1041")).toMatchObject({
      name: "Margaret Hollis",
      emails: ["mhollis@example.com"],
      phones: [{ typed: "(309) 828-4417", e164: "+13098284417", label: "main" }],
      address: { street1: "1204 N Main St", street2: "", city: "Bloomington", state: "IL", zip: "61701" },
      remindersYes: true,
      notes: ["Lead source: Google", "Tags: annual sweep", "Chimney notes: Clay liner, cap replaced 2021"],
    });
    expect(byId("1042")).toMatchObject({
      emails: ["dale.kowalski@example.net", "kowalski.home@example.com"],
      phones: [
        { e164: "+13094527781", label: "main" },
        { e164: "+13095310190", label: "mobile" },
      ],
      remindersYes: false,
    });
    expect(byId("1052")?.phones.map((p) => p.e164)).toEqual(["+13098265530", "+13095574000", "+13095574001"]);
    expect(byId("1043")).toMatchObject({
      name: "Renée Dubois",
      notes: ["Gate code: #4471", "Preferred Time of Contact: Mornings"],
    });
    // "Yes" as well as "true"; archived is said in the note, and the customer still comes in.
    expect(byId("1049")).toMatchObject({ remindersYes: true, notes: ["Archived in Jobber"] });
  });

  it("takes the billing address when the service street is blank, and keeps its ZIP as text", () => {
    expect(byId("1044")).toMatchObject({
      name: "Prairie Rentals LLC",
      company: "Prairie Rentals LLC",
      address: { street1: "1 Constitution Plaza", street2: "Suite 600", city: "Hartford", state: "CT", zip: "06103" },
    });
  });

  it("keeps a quoted line break inside its one row", () => {
    expect(byId("1050")?.row).toBe(11);
    expect(byId("1050")?.notes).toEqual([
      "Chimney notes: Two flues: fireplace, and the furnace vent Oil furnace, vent relined 2023",
    ]);
  });
});

describe("a Housecall Pro customer report", () => {
  const { format, mapped } = load("housecall-pro-customers.csv");

  it("is recognised and mapped: the display name, both phones, the unit", () => {
    expect(format.format).toBe("housecall-pro");
    expect(accepted(mapped).map((c) => c.name)).toEqual([
      "Beth Lindqvist",
      "Harold & June Meyer",
      "Kessler Property Mgmt",
      "Sam Okafor",
    ]);
    expect(accepted(mapped)[1]?.phones.map((p) => p.label)).toEqual(["mobile", "home"]);
    expect(accepted(mapped)[2]?.address).toEqual({
      street1: "201 W Washington St",
      street2: "Unit 3",
      city: "Bloomington",
      state: "IL",
      zip: "61701",
    });
    // No column in a Housecall Pro report says yes to reminders, and it has no id.
    expect(accepted(mapped).every((c) => !c.remindersYes && c.sourceId === null)).toBe(true);
    expect(accepted(mapped)[3]?.address).toBeNull();
  });

  it("refuses an address with no name, e-mail or phone", () => {
    expect(refused(mapped).map(refusalLine)).toEqual(["Row 6: it has no name, e-mail or phone."]);
  });
});

describe("our template", () => {
  const { format, mapped } = load("our-template.csv");

  it("is recognised; the last service day and the flue come through", () => {
    expect(format.format).toBe("template");
    expect(accepted(mapped)).toMatchObject([
      { sourceId: "17", name: "Irene Castillo", lastServiceDay: "2025-10-14", flue: "fireplace", fuel: "wood" },
      { sourceId: "18", lastServiceDay: "2025-03-02", flue: "furnace-vent", fuel: "gas" },
      { sourceId: "19", lastServiceDay: null, flue: "stove", fuel: "pellet", notes: ["Pellet stove in basement"] },
    ]);
    expect(refused(mapped).map(refusalLine)).toEqual(["Row 5: the last service day “13/45/2025” is not a date."]);
  });

  it("the download's header row is recognised as the template", () => {
    expect(recogniseFormat([...TEMPLATE_HEADERS])).toMatchObject({ format: "template" });
  });
});

describe("one row at a time", () => {
  const template = recogniseFormat([...TEMPLATE_HEADERS]);
  if ("problem" in template) throw new Error(template.problem);
  const row = (values: Partial<Record<(typeof TEMPLATE_HEADERS)[number], string>>, cells?: string[]) =>
    mapRow(
      { row: 42, cells: cells ?? TEMPLATE_HEADERS.map((h) => values[h] ?? "") },
      { ...template, today: "2026-12-01" },
    );

  it("reports a short row and a long row with the row's number, never takes it in part", () => {
    expect(refusalLine(row({}, ["1", "Ann"]) as RefusedRow)).toBe(
      "Row 42: it has 2 of the 16 columns: it may have been cut short.",
    );
    expect(
      refusalLine(
        row(
          {},
          Array.from({ length: 17 }, () => "x"),
        ) as RefusedRow,
      ),
    ).toMatch(/^Row 42: it has 17 columns/);
  });

  it("gives every reason a row has at once", () => {
    expect(
      refusalLine(
        row({ "First name": "Al", "E-mail": "al@@x.com", Phone: "3.09828E+09", Flue: "chimenea" }) as RefusedRow,
      ),
    ).toBe(
      "Row 42: the e-mail “al@@x.com” is not an e-mail address; the phone “3.09828E+09” was shortened by a " +
        "spreadsheet: format the column as text and export again; the flue “chimenea” is not one of fireplace, " +
        "insert, stove, furnace vent.",
    );
  });

  it("a name alone is a customer; placeholders are no value; a future service day is refused", () => {
    expect(row({ "First name": "Al", Phone: "n/a", "E-mail": "-" })).toMatchObject({
      name: "Al",
      phones: [],
      emails: [],
    });
    const house = { "First name": "Al", Street: "9 Elm St", City: "Normal", Flue: "stove" };
    expect(refusalLine(row({ ...house, "Last service day": "2027-01-05" }) as RefusedRow)).toBe(
      "Row 42: the last service day “2027-01-05” is after today.",
    );
    expect(row({ ...house, "Last service day": "2026-12-01" })).toMatchObject({ lastServiceDay: "2026-12-01" });
  });

  it("refuses a flue without its house, and a last service day without its flue", () => {
    expect(refusalLine(row({ "First name": "Al", Flue: "stove" }) as RefusedRow)).toBe(
      "Row 42: a flue or a last service day needs the house’s street.",
    );
    expect(
      refusalLine(row({ "First name": "Al", Street: "9 Elm St", "Last service day": "2026-03-02" }) as RefusedRow),
    ).toBe("Row 42: say which flue (fireplace, insert, stove, furnace vent) was serviced on the last service day.");
  });

  it("reads phones and days the ways spreadsheets write them", () => {
    expect(phoneOf("1-309-828-1234")).toEqual({ e164: "+13098281234" });
    expect(phoneOf("309-828-1234 ext 12")).toEqual({ e164: "+13098281234" });
    expect(phoneOf("828-1234")).toEqual({ reason: "the phone “828-1234” has no area code" });
    expect(phoneOf("309 828 123")).toEqual({ reason: "the phone “309 828 123” is not a whole phone number" });
    expect([dayOf("2/29/2028"), dayOf("2/29/2027"), dayOf("10/14/25"), dayOf("2026-1-5")]).toEqual([
      "2028-02-29",
      null,
      "2025-10-14",
      "2026-01-05",
    ]);
  });
});

describe("a file that is none of the three", () => {
  it("is refused, naming what its first row holds", () => {
    const result = recogniseFormat(["Name", "Phone number", "Town"]);
    expect(result).toEqual({
      problem: expect.stringContaining("This file’s first row starts “Name”, “Phone number”, “Town”."),
    });
  });
});
