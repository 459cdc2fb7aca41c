// Placeholders quote business facts and owner claims; mistakes stop the build with the place and the known names.
import { describe, expect, it } from "vitest";
import { business } from "./business";
import { claimWording } from "./claims";
import { fillPlaceholders, protectPlaceholders } from "./placeholders";

const said = claimWording(business.claims);

describe("placeholders", () => {
  it("quotes business facts and the one wording of each claim", () => {
    expect(fillPlaceholders("Thanks {{business.name}}", "t")).toBe(`Thanks ${business.name}`);
    expect(fillPlaceholders("{{claims.warranty}}", "t")).toBe(said.warranty);
    expect(fillPlaceholders("{{ claims.insurance }}", "t")).toBe(said.insurance);
  });

  it("shows a {{#section}} only when the claim is confirmed and a {{^section}} only when it is not", () => {
    const text =
      "Local{{#claims.foundedYear}} since {{claims.foundedYear}}{{/claims.foundedYear}}{{^claims.foundedYear}} crew{{/claims.foundedYear}}";
    const expected = said.foundedYear === undefined ? "Local crew" : `Local since ${said.foundedYear}`;
    expect(fillPlaceholders(text, "t")).toBe(expected);
  });

  it("refuses unknown names, unconfirmed values outside their section and sections left open", () => {
    expect(() => fillPlaceholders("{{claims.fax}}", "home.yaml hero")).toThrow(
      /home\.yaml hero: unknown \{\{claims\.fax\}\}/,
    );
    expect(() => fillPlaceholders("{{#claims.bogus}}x{{/claims.bogus}}", "t")).toThrow(/unknown section/);
    expect(() => fillPlaceholders("{{#claims.insured}}x", "t")).toThrow(/is a section left open/);
    if (said.foundedYear === undefined) {
      expect(() => fillPlaceholders("Since {{claims.foundedYear}}", "t")).toThrow(/not confirmed in content\/business\.yaml yet/);
    }
  });

  it("keeps filled-in values and leading placeholders away from the YAML parser", () => {
    const { source, restore } = protectPlaceholders("a: {{claims.warranty}}\nb: x {{business.name}}: y\n");
    expect(source).not.toContain("{{");
    expect(restore({ a: source.split("\n")[0]?.slice(3), list: ["plain"] }, "f")).toEqual({
      a: said.warranty,
      list: ["plain"],
    });
  });
});
