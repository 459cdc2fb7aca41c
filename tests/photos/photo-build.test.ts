// Phone photos through the whole pipeline: ingest (metadata stripped), web copies made once (responsive AVIF/WebP/JPEG,
// none carrying metadata; decision 0028), pages (a <picture> with its sources, "Recent work" only where there are
// photos).
import { copyFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestPhoto, jpegMetadataSegments } from "../../server/photos/photo-ingest";
import { hasGps, makeTestPhoto } from "../support/test-photos";
import { appendTo, buildSite, copySite } from "./site-copy";

let site: string;
const html = (page: string) => readFileSync(path.join(site, "build/client", page, "index.html"), "utf8");

beforeAll(async () => {
  site = copySite();
  const photos = path.join(site, "content/photos");
  const names: string[] = [];
  for (const seed of [1, 2, 3]) {
    const phone = await makeTestPhoto(path.join(site, `IMG_${seed}.JPG`), { width: 1800, height: 1350, seed });
    expect(hasGps((await sharp(phone).metadata()).exif)).toBe(true);
    names.push((await ingestPhoto(phone, photos)).name);
  }
  // One photo skips the ingest step, GPS and all: its web copies must not carry it either.
  copyFileSync(
    await makeTestPhoto(path.join(site, "raw.jpg"), { width: 900, height: 600, seed: 4 }),
    path.join(photos, "raw-from-phone.jpg"),
  );
  appendTo(
    site,
    "content/gallery.yaml",
    [
      `- { file: ${names[0]}, alt: New poured crown on a brick chimney, caption: New crown before winter, service: chimney-crowns, city: normal }`,
      `- { file: ${names[1]}, alt: Freshly repointed brick, caption: Repointed chimney, service: tuckpointing, city: peoria }`,
      `- { file: ${names[2]}, alt: Crown with drip edge, caption: Crown with a drip edge, service: chimney-crowns, city: bloomington }`,
      `- { file: raw-from-phone.jpg, alt: Brick chimney, caption: Straight from a phone, service: tuckpointing }`,
    ].join("\n"),
  );
  appendTo(site, "content/services/chimney-crowns.yaml", `photo:\n  file: ${names[0]}\n  alt: A new chimney crown\n`);
  appendTo(
    site,
    "content/posts/cost-of-chimney-repair-bloomington-il.md",
    `\n::photo{file="${names[2]}" alt="Crown with a drip edge"}\n`,
  );
  await buildSite(site);
}, 300_000);

afterAll(() => rmSync(site, { recursive: true, force: true }));

describe("photos in the build", () => {
  it("ship only as AVIF, WebP and JPEG at several widths, none carrying metadata, made beside the site, not by the build", async () => {
    expect(readdirSync(path.join(site, "build/client/assets")).filter((f) => /\.(jpe?g|webp|avif)$/.test(f))).toEqual(
      [],
    );
    const assets = path.join(site, "photo-copies");
    const images = readdirSync(assets).filter((f) => /\.(jpe?g|webp|avif)$/.test(f));
    expect(new Set(images.map((f) => path.extname(f)))).toEqual(new Set([".jpg", ".webp", ".avif"]));
    expect(images.length).toBeGreaterThanOrEqual(4 * 3 * 2);
    expect(images.some((f) => f.startsWith("raw-from-phone"))).toBe(true);
    for (const file of images) {
      const bytes = readFileSync(path.join(assets, file));
      const meta = await sharp(bytes).metadata();
      expect({ file, exif: !!meta.exif, xmp: !!meta.xmp, icc: !!meta.icc, iptc: !!meta.iptc }).toEqual({
        file,
        exif: false,
        xmp: false,
        icc: false,
        iptc: false,
      });
      if (file.endsWith(".jpg")) expect(jpegMetadataSegments(bytes), file).toEqual([]);
      expect(bytes.includes("TestPhone") || bytes.includes("Oak St"), file).toBe(false);
    }
  });

  it("shows a service's photo as a <picture> with AVIF and WebP sources, sizes and dimensions", () => {
    const page = html("services/chimney-crowns");
    const pictures = page.match(/<picture>.*?<\/picture>/g) ?? [];
    expect(pictures.length).toBe(3); // the hero photo and two "Recent work" photos
    for (const picture of pictures) {
      expect(picture).toMatch(
        /<source type="image\/avif" srcSet="[^"]+ 400w, [^"]+ 800w, [^"]+ 1200w" sizes="[^"]+"\/?>/i,
      );
      expect(picture).toMatch(
        /<source type="image\/webp" srcSet="[^"]+ 400w, [^"]+ 800w, [^"]+ 1200w" sizes="[^"]+"\/?>/i,
      );
      expect(picture).toMatch(
        /<img src="\/photos\/[^"]+\.jpg" srcSet="[^"]+\.jpg 400w, [^"]+" sizes="[^"]+" width="1200" height="900" alt="[^"]+" loading="lazy"/i,
      );
      expect(picture).toMatch(/background-image:url\(data:image\/webp;base64,/);
    }
    expect(page).not.toContain('/images/chimney-crowns.webp" alt="Illustration of a brick chimney with a new sloped');
  });

  it("shows the Recent work of a service and of a town, with caption, service and town", () => {
    const crowns = html("services/chimney-crowns");
    expect(crowns).toContain('<h2 id="recent-work-heading"');
    expect(crowns).toContain("New crown before winter");
    expect(crowns).toContain("Chimney Crowns · Normal");
    expect(crowns).toContain("Chimney Crowns · Bloomington");
    expect(crowns).not.toContain("Repointed chimney");

    const normal = html("locations/normal");
    expect(normal).toContain("New crown before winter");
    expect(normal).not.toContain("Crown with a drip edge");
    expect(html("locations/peoria")).toContain("Tuckpointing · Peoria");
  });

  it("keeps the gallery hidden and the illustration in place where there are no photos", () => {
    for (const page of ["locations/pekin", "services/masonry-repair", "faq"]) {
      expect(html(page)).not.toContain("Recent work");
    }
    expect(html("services/masonry-repair")).not.toContain("<picture>");
    expect(html("services/masonry-repair")).toContain('src="/images/masonry-repair.webp"');
  });

  it("places a photo where an article says ::photo", () => {
    expect(html("blog/cost-of-chimney-repair-bloomington-il")).toMatch(
      /<picture>.*alt="Crown with a drip edge".*<\/picture>/,
    );
  });
});
