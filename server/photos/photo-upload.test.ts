// Upload abuse and the phone-photo path: limits, bombs, wrong types, HEIC both ways, GPS gone.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegMetadataSegments } from "./photo-ingest.ts";
import { hasGps, makeTestPhoto } from "../../tests/support/test-photos.ts";
import { HEIC_HELP, ingestUploads, photosFromForm, UPLOAD_LIMITS, UploadError } from "./photo-upload.ts";

let dir: string;
let phone: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "upload-"));
  phone = readFileSync(
    await makeTestPhoto(path.join(dir, "IMG_2041.JPG"), { width: 3000, height: 2000, orientation: 6 }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The form as the guard hands it over: parsed from a real multipart body. */
async function upload(
  files: { name: string; bytes: Uint8Array; type?: string }[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append("photos", new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? "image/jpeg" }));
  return new Request("http://localhost/owner/site/photos", { method: "POST", body: form }).formData();
}

async function refused(run: () => unknown): Promise<UploadError> {
  return rejection(Promise.resolve().then(run));
}

async function rejection(promise: Promise<unknown>): Promise<UploadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error;
    throw error;
  }
  throw new Error("expected the upload to be refused");
}

/** A real JPEG whose header claims 60000 × 60000 pixels. */
function bomb(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9;) {
    const marker = out[i + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(60000, i + 5);
      out.writeUInt16BE(60000, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error("no SOF marker");
}

describe("photo upload", () => {
  it("reads the fields and photos, and the photo comes out upright, at most 2400 px, without GPS or any metadata", async () => {
    expect(hasGps((await sharp(phone).metadata()).exif)).toBe(true);
    const form = await upload([{ name: "IMG_2041.JPG", bytes: phone }], { caption: "New crown" });
    const photos = photosFromForm(form);
    expect(form.get("caption")).toBe("New crown");
    const [photo] = await ingestUploads(photos);
    expect(photo?.slug).toBe("img-2041");
    const meta = await sharp(photo?.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 2400]); // orientation 6: turned upright
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(jpegMetadataSegments(photo?.jpeg ?? Buffer.alloc(0))).toEqual([]);
    expect(photo?.jpeg.includes(Buffer.from("GPS"))).toBe(false);
  });

  it("refuses an 11th photo", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, bytes: new Uint8Array(10) }));
    const form = await upload(eleven);
    const error = await refused(() => photosFromForm(form));
    expect([error.status, error.message]).toEqual([413, "Send at most 10 photos at a time."]);
  });

  it("refuses a photo over 20 MB", async () => {
    const big = new Uint8Array(UPLOAD_LIMITS.maxFileSize + 1);
    const form = await upload([{ name: "big.jpg", bytes: big }]);
    const error = await refused(() => photosFromForm(form));
    expect([error.status, error.message]).toEqual([413, "Each photo must be at most 20 MB."]);
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const error = await rejection(ingestUploads([new File([new Uint8Array(bomb(phone))], "bomb.jpg")]));
    expect(error.message).toBe("bomb.jpg has more pixels than any camera makes; not added");
  });

  it("refuses what is not a photo, and a PNG, in plain words", async () => {
    const text = await rejection(ingestUploads([new File(["<script>alert(1)</script>"], "x.jpg")]));
    expect(text.message).toBe("x.jpg is not a photo sharp can read");
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await rejection(ingestUploads([new File([png], "plan.png")]))).message).toBe(
      "plan.png is png; add JPEG photos (.jpg)",
    );
    expect((await rejection(ingestUploads([]))).message).toBe("Choose at least one photo.");
  });

  it("HEIC: clear steps where this sharp cannot decode it, converted where it can", async () => {
    // An AVIF is a HEIF file; with the HEIC brand it stands in for an iPhone photo (same container, other codec).
    const avif = await sharp(phone).resize(800).avif({ effort: 0 }).toBuffer();
    const heic = Buffer.from(avif);
    heic.write("heic", 8, "latin1");
    const refused = await rejection(ingestUploads([new File([heic], "IMG_7.HEIC")], { heicDecodable: false }));
    expect(refused.message).toBe(`IMG_7.HEIC ${HEIC_HELP}`);
    const [converted] = await ingestUploads([new File([heic], "IMG_7.HEIC")], { heicDecodable: true });
    const meta = await sharp(converted?.jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
  });
});
