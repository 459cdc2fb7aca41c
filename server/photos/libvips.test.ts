// sharp loaded at the first photo (issue 65): the photos pages' HEIC answer without loading it is sharp's own.
import { describe, expect, it } from "vitest";
import { sharpLibrary, sharpUsesSystemLibvips, whenSharpLoads } from "./libvips.ts";
import { sharpDecodesHeic } from "./photo-ingest.ts";

describe("sharp, loaded at the first photo", () => {
  it("tells whether it decodes HEIC as sharp itself does, and applies the settings given before it loaded", () => {
    const applied: string[] = [];
    whenSharpLoads(() => applied.push("before"));
    expect(sharpUsesSystemLibvips()).toBe(false);
    const before = sharpDecodesHeic();
    expect(applied).toEqual([]);
    const sharp = sharpLibrary();
    expect(applied).toEqual(["before"]);
    expect(before).toBe((sharp.format.heif.input.fileSuffix ?? []).includes(".heic"));
    whenSharpLoads(() => applied.push("after"));
    expect(applied).toEqual(["before", "after"]);
    expect(sharpLibrary()).toBe(sharp);
  });
});
