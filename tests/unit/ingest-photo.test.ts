// The ingest step keeps customers' locations out of git: metadata gone, photo upright, at most 2400 px.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestPhoto, jpegMetadataSegments, photoSlug } from "../../server/photos/photo-ingest";
import { hasGps, makeTestPhoto } from "../support/test-photos";

let dir: string;
let out: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ingest-"));
  out = path.join(dir, "photos");
  mkdirSync(out);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("photos:add", () => {
  it("strips GPS, camera data, XMP and the colour profile, and verifies the file it wrote", async () => {
    const phone = await makeTestPhoto(path.join(dir, "IMG_2041.JPG"), { width: 2600, height: 1950, orientation: 1 });
    const before = await sharp(phone).metadata();
    expect(hasGps(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(jpegMetadataSegments(readFileSync(phone))).toEqual(
      expect.arrayContaining(["APP1", "APP2", "COM (comment)"]),
    );

    const result = await ingestPhoto(phone, out);
    expect(result.name).toBe("img-2041.jpg");
    const bytes = readFileSync(result.output);
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(jpegMetadataSegments(bytes)).toEqual([]);
    expect(bytes.includes("TestPhone")).toBe(false);
    expect(bytes.includes("Oak St")).toBe(false);
    expect([after.width, after.height]).toEqual([2400, 1800]);
  }, 20_000);

  it("turns a photo upright from its rotation flag", async () => {
    const phone = await makeTestPhoto(path.join(dir, "sideways.jpg"), { width: 600, height: 400, orientation: 6 });
    const result = await ingestPhoto(phone, out);
    const after = await sharp(result.output).metadata();
    expect([after.width, after.height]).toEqual([400, 600]);
    expect(after.orientation).toBeUndefined();
    // The sky is at the top: the pixel at the top centre is blue, not roof-grey or brick.
    const { data } = await sharp(result.output)
      .extract({ left: 200, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect((data[2] ?? 0) - (data[0] ?? 0), `rgb ${[...data].join(",")}`).toBeGreaterThan(40);
  });

  it("never overwrites a photo already added", async () => {
    const phone = await makeTestPhoto(path.join(dir, "crown.jpg"), { width: 400, height: 300 });
    expect((await ingestPhoto(phone, out)).name).toBe("crown.jpg");
    expect((await ingestPhoto(phone, out)).name).toBe("crown-2.jpg");
  });

  it("explains how to export an iPhone HEIC photo as JPEG", async () => {
    const heic = path.join(dir, "IMG_0001.HEIC");
    writeFileSync(heic, "not really");
    await expect(ingestPhoto(heic, out)).rejects.toThrow(
      /IMG_0001\.HEIC is an iPhone HEIC photo.*Most Compatible.*Export → Format: JPEG/s,
    );
  });

  it("refuses files that are not JPEG photos", async () => {
    const png = path.join(dir, "plan.png");
    await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toFile(png);
    await expect(ingestPhoto(png, out)).rejects.toThrow(/plan\.png is png; add JPEG photos/);
    expect(readdirSync(out).some((f) => f.endsWith(".part"))).toBe(false);
  });

  it("names photos for the web", () => {
    expect(photoSlug("/x/IMG_1234 (2).JPG")).toBe("img-1234-2");
    expect(photoSlug("Crown – Normal.jpeg")).toBe("crown-normal");
  });
});
