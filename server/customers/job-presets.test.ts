import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBusinessFile } from "../../app/content/business";
import { loadYaml } from "../../app/content/load";
import { quotePresetsFile } from "../../app/content/quote-words";
import { presetsOf } from "./job-presets";

const names = new Map([
  ["Water repellent", "waterproofing"],
  ["Chimney inspection", "inspection"],
]);
const draft = (lines: { name: string; preset: string | null }[]) =>
  JSON.stringify({
    options: [
      {
        id: "o1",
        name: "",
        lines: lines.map((l, i) => ({
          id: `l${i}`,
          preset: l.preset,
          name: l.name,
          description: "",
          materials: [],
          quantity: 1000,
          unit: "each",
          unitPrice: 100,
          taxable: false,
        })),
      },
    ],
    addons: [],
    photos: [],
    validUntil: "2030-01-01",
    deposit: { kind: "none" },
    note: "",
  });

describe("which services a job was", () => {
  it("takes a line's preset from the draft line of the same name, else from the preset of that name", () => {
    const d = draft([
      { name: "Seal the brick", preset: "waterproofing" },
      { name: "Haul-away", preset: null },
    ]);
    expect(presetsOf(["Seal the brick", "Haul-away", "chimney inspection "], d, names)).toEqual([
      "waterproofing",
      "inspection",
    ]);
  });

  it("names each service once, and none for lines that are no preset or a draft that cannot be read", () => {
    expect(presetsOf(["Water repellent", "Water repellent"], "not json", names)).toEqual(["waterproofing"]);
    expect(presetsOf(["Custom work"], draft([]), names)).toEqual([]);
  });

  it("has the owner's cadences name quote lines that exist", () => {
    const business = parseBusinessFile(readFileSync("content/business.yaml", "utf8"));
    const presets = loadYaml(
      "/content/quote-presets.yaml",
      readFileSync("content/quote-presets.yaml", "utf8"),
      quotePresetsFile,
    );
    const keys = new Set(presets.presets.map((p) => p.key));
    expect(business.dueCadences.services.map((s) => s.preset).filter((k) => !keys.has(k))).toEqual([]);
    expect(business.dueCadences).toMatchObject({ defaultMonths: 12 });
  });
});
