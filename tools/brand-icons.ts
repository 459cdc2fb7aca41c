// `npx tsx tools/brand-icons.ts`: writes public/brand-icons/*.svg from app/lib/brand-icons.ts. Run it after adding a
// brand or updating simple-icons; tests/unit/brand-icons.test.ts fails until the files match.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brandIcons, brandIconSvg, type BrandIconName } from "../app/lib/brand-icons.ts";

const dir = path.resolve(import.meta.dirname, "../public/brand-icons");
mkdirSync(dir, { recursive: true });
for (const name of Object.keys(brandIcons) as BrandIconName[]) {
  writeFileSync(path.join(dir, `${name}.svg`), brandIconSvg(name));
}
console.log(`Wrote ${Object.keys(brandIcons).length} brand icons to ${dir}`);
