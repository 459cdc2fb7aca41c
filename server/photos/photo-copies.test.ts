// A job photo's web copies made ahead (at the homeowner's yes) serve its publish under another name, with no encoding.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { makeCopiesAhead, makePhotoCopies, photoHash } from "./photo-copies.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "photo-copies-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("web copies made ahead", () => {
  it("are copied under the published name, with every address renamed, and nothing encoded again", async () => {
    const out = tempDir();
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#94331d" } })
      .jpeg()
      .toBuffer();
    const hash = photoHash(bytes);
    await makeCopiesAhead(bytes, "job-photo-12.jpg", out);
    const ahead = readdirSync(out).sort();
    expect(ahead).toContain(`job-photo-12-${hash}.json`);

    const master = path.join(tempDir(), "chimney-crowns-normal-before.jpg");
    writeFileSync(master, bytes);
    const started = performance.now();
    const copies = await makePhotoCopies(master, out);
    const took = performance.now() - started;

    expect(copies.file).toBe("chimney-crowns-normal-before.jpg");
    expect(copies.img.src).toBe(`/photos/chimney-crowns-normal-before-${hash}-900.jpg`);
    for (const list of Object.values(copies.sources)) {
      expect(list).not.toContain("job-photo-12");
      for (const entry of list.split(", ")) {
        const name = entry.split(" ")[0]?.replace("/photos/", "") ?? "";
        expect(name.startsWith(`chimney-crowns-normal-before-${hash}-`)).toBe(true);
        expect(existsSync(path.join(out, name))).toBe(true);
      }
    }
    expect(existsSync(path.join(out, `chimney-crowns-normal-before-${hash}.json`))).toBe(true);
    // Encoding nine copies takes hundreds of milliseconds; copying them, a few.
    expect(took).toBeLessThan(100);
  });
});
