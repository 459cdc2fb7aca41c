import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawingPath } from "./icon-path";

const icons = lucide as unknown as Record<string, ComponentType<{ size: number }>>;

/** Every lucide icon the site's source imports. */
function siteIcons(): string[] {
  const names = new Set<string>();
  const appDir = path.join(import.meta.dirname, "..");
  for (const file of readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(appDir, file), "utf8");
    for (const [, list = ""] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g))
      for (const name of list.split(",").map((part) => part.trim().split(/\s+as\s+/)[0] ?? ""))
        if (name && !name.startsWith("type ")) names.add(name);
  }
  return [...names].sort();
}

/** The icon's alpha at 48 px: as lucide draws it, and as one path. */
async function drawBoth(name: string) {
  const Icon = icons[name];
  if (!Icon) throw new Error(`no lucide icon ${name}`);
  const svg = renderToStaticMarkup(createElement(Icon, { size: 48 }));
  const open = svg.slice(0, svg.indexOf(">") + 1);
  const drawing = svg.slice(open.length, -"</svg>".length);
  const d = drawingPath(drawing);
  if (d === undefined) return undefined;
  const alpha = (markup: string) => sharp(Buffer.from(markup)).ensureAlpha().extractChannel(3).raw().toBuffer();
  return Promise.all([alpha(svg), alpha(`${open}<path d="${d}"/></svg>`)]);
}

/** Share of the ink that differs, and share of pixels that differ by more than an eighth. */
function compare(a: Buffer, b: Buffer) {
  let ink = 0;
  let changed = 0;
  let far = 0;
  for (let i = 0; i < a.length; i++) {
    ink += a[i] ?? 0;
    changed += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 32) far++;
  }
  return { inkChanged: changed / ink, farPixels: far / a.length };
}

describe("drawingPath", () => {
  it("turns each lucide shape into path data", () => {
    expect(drawingPath('<path d="M1 2h3"></path><path d="m5 5 1 1"/>')).toBe("M1 2h3M0 0m5 5 1 1");
    expect(drawingPath('<circle cx="12" cy="12" r="10"></circle>')).toBe("M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0z");
    expect(drawingPath('<rect width="20" height="16" x="2" y="4" rx="2"></rect>')).toBe(
      "M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2z",
    );
    expect(drawingPath('<rect x="1" y="1" width="4" height="2"/>')).toBe("M1 1h4v2h-4z");
    expect(drawingPath('<line x1="1" y1="2" x2="3" y2="4"/><polyline points="1,2 3,4 5,6"/>')).toBe(
      "M1 2L3 4M1 2L3 4 5 6",
    );
  });

  it("refuses what one path could not keep: fills, transforms, groups, unknown markup", () => {
    expect(drawingPath('<circle cx="1" cy="1" r="1" fill="currentColor"/>')).toBeUndefined();
    expect(drawingPath('<path d="M1 1h1" transform="rotate(45)"/>')).toBeUndefined();
    expect(drawingPath('<g><path d="M1 1h1"/></g>')).toBeUndefined();
    expect(drawingPath('<circle cx="1" cy="1"/>')).toBeUndefined();
    expect(drawingPath("text")).toBeUndefined();
    expect(drawingPath("")).toBeUndefined();
  });

  // Drawn by librsvg through sharp. Where two strokes of one icon overlap, the separate shapes blend their edges
  // twice and the one path once, so a few edge pixels differ; the shapes themselves must not.
  it("draws every icon the site uses as lucide does", async () => {
    const names = siteIcons();
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const name of names) {
      const both = await drawBoth(name);
      expect(both, name).toBeDefined();
      const { inkChanged, farPixels } = compare(...(both as [Buffer, Buffer]));
      expect(inkChanged, name).toBeLessThan(0.02);
      expect(farPixels, name).toBeLessThan(0.005);
    }
  });

  it("draws a tenth of lucide's whole set as lucide does", async () => {
    const names = Object.keys(icons).filter(
      (name, i) => /^[A-Z][a-z]/.test(name) && !/^Lucide|Icon$/.test(name) && i % 10 === 0,
    );
    expect(names.length).toBeGreaterThan(100);
    let drawn = 0;
    for (const name of names) {
      const both = await drawBoth(name).catch(() => undefined);
      if (!both) continue;
      drawn++;
      const { inkChanged, farPixels } = compare(...both);
      expect(inkChanged, name).toBeLessThan(0.02);
      expect(farPixels, name).toBeLessThan(0.01);
    }
    expect(drawn / names.length).toBeGreaterThan(0.95);
  });
});
