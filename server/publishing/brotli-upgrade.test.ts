import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBrotliUpgrader } from "./brotli-upgrade.ts";
import { BROTLI_QUICK, compressQuickly } from "./precompress.ts";

const QUALITY_11 = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), "brotli-upgrade-"));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A render's pages with their quick copies: `pages` index.html files of varied words. */
function render(name: string, pages: number): string {
  const dir = path.join(work, name);
  for (let i = 0; i < pages; i++) {
    const file = path.join(dir, `page-${i}`, "index.html");
    mkdirSync(path.dirname(file), { recursive: true });
    const body = Buffer.from(`<!doctype html><p>${`Chimney ${i} `.repeat(2000 + i)}</p>`);
    writeFileSync(file, body);
    compressQuickly(file, body);
  }
  return dir;
}

const brFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(dir, f));

describe("brotli upgrade", () => {
  it("makes every quick copy again at quality 11, the bytes precompress makes, and nothing else", async () => {
    const dir = render("a", 3);
    writeFileSync(path.join(dir, "photo.jpg"), "not compressible");
    const quick = brFiles(dir).map((f) => readFileSync(`${f}.br`));
    expect(quick[0]?.equals(brotliCompressSync(readFileSync(brFiles(dir)[0] ?? ""), BROTLI_QUICK))).toBe(true);
    expect(await createBrotliUpgrader().upgrade(dir)).toBe("done");
    for (const file of brFiles(dir)) {
      const br = readFileSync(`${file}.br`);
      expect(br.equals(brotliCompressSync(readFileSync(file), QUALITY_11))).toBe(true);
      expect(brotliDecompressSync(br).equals(readFileSync(file))).toBe(true);
    }
    expect(readdirSync(dir)).not.toContain("photo.jpg.br");
    expect(readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("leaves an older render as it is once a newer one is asked for, and stops when a publish starts", async () => {
    const upgrader = createBrotliUpgrader();
    const older = render("older", 12);
    const newer = render("newer", 2);
    const first = upgrader.upgrade(older);
    const second = upgrader.upgrade(newer);
    expect(await first).toBe("superseded");
    expect(await second).toBe("done");
    // The older one stopped at its next file: most of its copies are still the quick ones.
    const stillQuick = brFiles(older).filter((f) =>
      readFileSync(`${f}.br`).equals(brotliCompressSync(readFileSync(f), BROTLI_QUICK)),
    );
    expect(stillQuick.length).toBeGreaterThanOrEqual(11);
    const third = upgrader.upgrade(older);
    upgrader.cancel();
    expect(await third).toBe("superseded");
  });

  it("says it failed, and logs why, when a copy cannot be written; the quick copies stay", async () => {
    const dir = render("gone", 2);
    const logged: string[] = [];
    const upgrader = createBrotliUpgrader({ log: (m) => logged.push(m) });
    // Its copy's place is taken by a folder.
    const taken = path.join(dir, "page-1", "index.html.br");
    rmSync(taken);
    mkdirSync(taken);
    expect(await upgrader.upgrade(dir)).toBe("failed");
    expect(logged.join("\n")).toMatch(/were not made again at quality 11: .*(EISDIR|ENOTEMPTY|EEXIST)/);
    expect(readdirSync(path.join(dir, "page-1"))).toEqual(["index.html", "index.html.br", "index.html.gz"]);
    const first = path.join(dir, "page-0", "index.html");
    expect(brotliDecompressSync(readFileSync(`${first}.br`)).equals(readFileSync(first))).toBe(true);
  });
});
