// Brand icons are plain files in public/brand-icons/, served like any static file; they must match the marks
// app/lib/brand-icons.ts draws (regenerate with `npx tsx tools/brand-icons.ts`).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandIconPath, brandIcons, brandIconSvg, type BrandIconName } from "../../app/lib/brand-icons";

const publicDir = path.resolve(import.meta.dirname, "../../public");
const names = Object.keys(brandIcons) as BrandIconName[];

describe("brand icons", () => {
  it("public/brand-icons holds exactly one file per brand", () => {
    expect(readdirSync(path.join(publicDir, "brand-icons")).sort()).toEqual(names.map((n) => `${n}.svg`).sort());
  });

  it.each(names)("%s.svg is the mark as the site draws it, at the URL the pages link", (name) => {
    expect(brandIconPath(name)).toBe(`/brand-icons/${name}.svg`);
    expect(readFileSync(path.join(publicDir, brandIconPath(name)), "utf8")).toBe(brandIconSvg(name));
  });
});
