// Content is data read at run time (decision 0027): a new snapshot changes what every module exports at once, and a
// refused one changes nothing.
import { mkdirSync, mkdtempSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { business } from "./business";
import { generalFaqs } from "./faqs";
import { type ContentFiles, contentFiles, readContentFiles, switchContent } from "./files";
import { cityLinks, mainNav } from "./navigation";
import { findService, services } from "./services";

const original = readContentFiles("content");

/** The repository's content with some files replaced. */
function withFiles(changes: Record<string, string | null>): ContentFiles {
  const text = new Map(original.text);
  for (const [path, source] of Object.entries(changes)) {
    if (source === null) text.delete(path);
    else text.set(path, source);
  }
  return { text, photos: original.photos, photoCopies: original.photoCopies };
}

const businessYaml = original.text.get("/content/business.yaml") ?? "";
const crowns = original.text.get("/content/services/chimney-crowns.yaml") ?? "";

afterEach(() => switchContent(original));

describe("the content snapshot", () => {
  it("reads every text file under content/, by path", () => {
    expect(original.text.get("/content/business.yaml")).toContain("(309) 555-0134");
    expect([...original.text.keys()].filter((p) => p.startsWith("/content/services/")).length).toBe(services.length);
  });

  it("puts a new phone number in force in every reader at once", () => {
    switchContent(withFiles({ "/content/business.yaml": businessYaml.replace("(309) 555-0134", "(309) 555-0199") }));
    expect(business.phone).toBe("(309) 555-0199");
  });

  it("derives the menus again from a new service page", () => {
    const before = services.length;
    switchContent(
      withFiles({ "/content/services/flue-liners.yaml": crowns.replace(/name: .*/, "name: Flue Liners") }),
    );
    expect(services.length).toBe(before + 1);
    expect(findService("flue-liners")?.name).toBe("Flue Liners");
    const menu = mainNav.find((entry) => entry.label === "Services");
    expect(menu && "children" in menu && menu.children.some((l) => l.href === "/services/flue-liners")).toBe(true);
  });

  it("refuses a broken file naming the file and field, and keeps the snapshot in force", () => {
    const phone = business.phone;
    const links = cityLinks;
    expect(() =>
      switchContent(withFiles({ "/content/business.yaml": businessYaml.replace(/^phone: .*$/m, "phone: ''") })),
    ).toThrow(/content\/business\.yaml is not valid:\n\s+phone/);
    expect(business.phone).toBe(phone);
    expect(cityLinks).toEqual(links);
    expect(contentFiles()).toBe(original);
  });

  it("refuses a snapshot whose later file is broken, after earlier modules took the new one, and puts all back", () => {
    const before = services.map((s) => s.slug);
    const faqs = generalFaqs;
    expect(() =>
      switchContent(
        withFiles({
          "/content/business.yaml": businessYaml.replace("(309) 555-0134", "(309) 555-0199"),
          "/content/services/flue-liners.yaml": crowns,
          "/content/faqs.yaml": "general: []\n",
        }),
      ),
    ).toThrow(/content\/faqs\.yaml is not valid/);
    expect(business.phone).toBe("(309) 555-0134");
    expect(services.map((s) => s.slug)).toEqual(before);
    expect(generalFaqs).toEqual(faqs);
  });

  it("finds a photo's copies by its bytes' hash, hashed again when the photo is written again or replaced", () => {
    const site = mkdtempSync(path.join(tmpdir(), "content-photos-"));
    const photos = path.join(site, "content", "photos");
    const copies = path.join(site, "photo-copies");
    mkdirSync(photos, { recursive: true });
    mkdirSync(copies);
    const photo = path.join(photos, "porch.jpg");
    // Same size each time, so only the bytes tell them apart.
    const versions = ["a", "b", "c"].map((fill) => Buffer.alloc(4096, fill));
    for (const bytes of versions) {
      const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
      const manifest = { file: "porch.jpg", hash, sources: { avif: "", webp: "", jpeg: "" }, placeholder: "" };
      writeFileSync(path.join(copies, `porch-${hash}.json`), JSON.stringify(manifest));
    }
    const hashRead = () => readContentFiles(path.join(site, "content")).photoCopies.get("porch.jpg")?.hash;
    const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 10);

    writeFileSync(photo, versions[0] as Buffer);
    expect(hashRead()).toBe(hashOf(versions[0] as Buffer));
    expect(hashRead()).toBe(hashOf(versions[0] as Buffer));
    // Written again in place, same size, and its time set back by hand.
    const old = new Date(Date.now() - 60_000);
    utimesSync(photo, old, old);
    writeFileSync(photo, versions[1] as Buffer);
    utimesSync(photo, old, old);
    expect(hashRead()).toBe(hashOf(versions[1] as Buffer));
    // Replaced by another file, as git's checkout does.
    writeFileSync(`${photo}.new`, versions[2] as Buffer);
    renameSync(`${photo}.new`, photo);
    expect(hashRead()).toBe(hashOf(versions[2] as Buffer));
  });
});
