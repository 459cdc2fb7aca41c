// The build refuses a bad content file and says which file and which field.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { buildSite, copySite } from "./site-copy";

let site: string | undefined;
afterEach(() => site && rmSync(site, { recursive: true, force: true }));

function replaceIn(file: string, from: string | RegExp, to: string) {
  const full = path.join(site ?? "", file);
  const before = readFileSync(full, "utf8");
  const after = before.replace(from, to);
  expect(after, `${file} unchanged`).not.toBe(before);
  writeFileSync(full, after);
}

it("stops the build on a service file with an unknown icon, naming the file and field", async () => {
  site = copySite();
  replaceIn("content/services/tuckpointing.yaml", /icon: [a-z-]+/, "icon: smiley");
  await expect(buildSite(site ?? "")).rejects.toThrow(
    /content\/services\/tuckpointing\.yaml is not valid:\n\s+sections\.\d+\.items\.\d+\.icon \(line \d+\): /,
  );
});

it("stops the build on an article with a misspelt block, naming the file and line", async () => {
  site = copySite();
  replaceIn("content/posts/cost-of-chimney-repair-bloomington-il.md", "::cost-table", "::cost-tabel");
  await expect(buildSite(site ?? "")).rejects.toThrow(
    /content\/posts\/cost-of-chimney-repair-bloomington-il\.md is not valid:\n\s+body: line \d+: unknown block "cost-tabel"/,
  );
});
