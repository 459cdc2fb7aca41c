// The condition report's words library (content/findings.yaml, decision 0054): it passes its schema, has an entry
// for every part, suggests only quote lines that exist, and never calls the report a home inspection.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadYaml } from "./load";
import { FINDINGS_FILE, findingsFile } from "./findings";
import { QUOTE_PRESETS_FILE, quotePresetsFile } from "./quote-words";
import { REPORT_PARTS } from "./condition-report";

const text = readFileSync(FINDINGS_FILE, "utf8");
const words = loadYaml(`/${FINDINGS_FILE}`, text, findingsFile);
const presets = loadYaml(`/${QUOTE_PRESETS_FILE}`, readFileSync(QUOTE_PRESETS_FILE, "utf8"), quotePresetsFile);

describe("the findings library", () => {
  it("has every part, each with defects that say what, why and what we recommend", () => {
    expect(Object.keys(words.parts)).toEqual([...REPORT_PARTS]);
    for (const part of Object.values(words.parts)) {
      expect(part.defects.length).toBeGreaterThan(0);
      for (const d of part.defects) expect([d.what, d.why, d.recommend].every((s) => s.length > 10)).toBe(true);
    }
  });

  it("suggests only quote lines that exist, and every Repair now defect of a service we sell has one", () => {
    const keys = new Set(presets.presets.map((p) => p.key));
    const named = Object.values(words.parts).flatMap((p) => p.defects.flatMap((d) => (d.preset ? [d.preset] : [])));
    expect(named.filter((k) => !keys.has(k))).toEqual([]);
    const masonry = ["crown", "cap", "chase-cover", "flashing", "mortar", "bricks", "flue-liner", "smoke-chamber"];
    const unquoted = masonry.flatMap((p) =>
      words.parts[p as keyof typeof words.parts].defects.filter((d) => d.state === "repair" && !d.preset),
    );
    expect(unquoted).toEqual([]);
  });

  it("never says home inspection, in the file or its comments, and the schema refuses it", () => {
    expect(text).not.toMatch(/home[\s-]+inspect/i);
    const data = parse(text) as { subtitle: string };
    const changed = { ...data, subtitle: "Your home inspection" };
    const result = findingsFile.safeParse(changed);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("225 ILCS 441");
  });
});
