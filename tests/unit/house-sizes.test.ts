// The house's limits (STYLE.md, issue 64): closures in server/ at most 300 lines, route modules at most 400.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { longFunctions, oversizeClosures, oversizeRouteModules } from "../../tools/house-sizes";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the house's size limits", () => {
  it("measures a factory closure by its lines, inner functions included", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "house-"));
    mkdirSync(path.join(dir, "server"));
    const body = Array.from({ length: 8 }, (_, i) => `  const f${i} = () => ${i};`).join("\n");
    writeFileSync(path.join(dir, "server/x.ts"), `export function createX() {\n${body}\n  return f0;\n}\n`);
    expect(longFunctions(dir, "server/x.ts", 5)).toEqual([{ file: "server/x.ts", name: "createX", lines: 11 }]);
    expect(longFunctions(dir, "server/x.ts", 11)).toEqual([]);
  });

  it("keeps every closure in server/ to 300 lines", () => {
    expect(oversizeClosures(root)).toEqual([]);
  });

  it("keeps every route module to 400 lines", () => {
    expect(oversizeRouteModules(root)).toEqual([]);
  });
});
