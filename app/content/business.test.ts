import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { business, BusinessFileError, businessFacts, parseBusinessFile } from "./business";

const source = readFileSync("content/business.yaml", "utf8");

describe("business facts from content/business.yaml", () => {
  it("derive the labels the pages printed when the facts were TypeScript", () => {
    expect(business.hoursShort).toBe("Mon-Fri: 8am-6pm | Sat: 9am-2pm");
    expect(business.hours).toEqual([
      {
        days: "Monday - Friday",
        label: "8:00 AM - 6:00 PM",
        dayCodes: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      { days: "Saturday", label: "9:00 AM - 2:00 PM", dayCodes: ["Saturday"], opens: "09:00", closes: "14:00" },
      { days: "Sunday", label: "Closed", dayCodes: [], opens: null, closes: null },
    ]);
    expect(business.paymentMethods).toEqual(["Visa", "Mastercard", "American Express", "Bitcoin"]);
  });

  it("prints half hours, noon and scattered days", () => {
    const file = parseBusinessFile(source);
    const facts = businessFacts({
      ...file,
      hours: [
        { days: ["Monday", "Wednesday"], opens: "07:30", closes: "12:00" },
        { days: ["Tuesday"], opens: "12:15", closes: "17:45" },
      ],
    });
    expect(facts.hoursShort).toBe("Mon, Wed: 7:30am-12pm | Tue: 12:15pm-5:45pm");
    expect(facts.hours[0]?.label).toBe("7:30 AM - 12:00 PM");
  });

  it("names the field that is wrong, in words", () => {
    const bad = source.replace("phone: (309) 555-0134", "phone: call us");
    expect(() => parseBusinessFile(bad)).toThrow(BusinessFileError);
    expect(() => parseBusinessFile(bad)).toThrow(/phone: must be a phone number written \(309\) 555-0134/);
    expect(() => parseBusinessFile(source.replace('closes: "14:00"', 'closes: "08:00"'))).toThrow(
      /hours\.1\.closes: must close after it opens/,
    );
    expect(() => parseBusinessFile("name: [unclosed")).toThrow(/content\/business\.yaml/);
  });
});
