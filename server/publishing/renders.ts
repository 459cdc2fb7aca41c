// The publisher's renders (decision 0027): `renders/<id>/pages/` (what render-pages.ts writes) and
// `renders/<id>/render.json` (what it was rendered from); `renders/current` names the one served. A restart serves it
// only when it was rendered by the code being started from the content in the working copy; otherwise the build's
// own pages, which `npm run build` and `npm run update` prerender from the content they find.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { codeId } from "./content-id.ts";
import type { Renderer } from "./render-in-worker.ts";

export { codeId, contentId } from "./content-id.ts";

export type RenderManifest = {
  code: string;
  content: string;
  paths: number;
  renderMs: number;
  compressMs: number;
  /** "quick" until its brotli copies are made again at quality 11 (brotli-upgrade.ts); absent before that existed. */
  brotli?: "quick" | "final";
};

/**
 * Renders the content in `contentDir` with the build in `buildDir` into `outDir` (a worker), with its manifest. The
 * brotli copies are quick ones: the caller has them made again (`upgradeBrotli`) once the pages are served.
 */
export async function renderInto(
  outDir: string,
  { renderer, buildDir, contentDir }: { renderer: Renderer; buildDir: string; contentDir: string },
): Promise<{ manifest: RenderManifest; waitedMs: number; cssAfresh?: number }> {
  const result = await renderer.render({
    serverBuildPath: path.join(buildDir, "server", "index.js"),
    contentDir,
    outDir: path.join(outDir, "pages"),
    quick: true,
  });
  const manifest: RenderManifest = {
    code: codeId(buildDir),
    content: result.content,
    paths: result.paths.length,
    renderMs: result.renderMs,
    compressMs: result.compressMs,
    brotli: result.brotli,
  };
  writeFileSync(path.join(outDir, "render.json"), JSON.stringify(manifest, null, 2));
  return { manifest, waitedMs: result.waitedMs ?? 0, cssAfresh: result.cssAfresh };
}

/** Records in a render's manifest that its brotli copies are the quality-11 ones now (`pages` is its pages folder). */
export function markBrotliFinal(pages: string): void {
  const file = path.join(path.dirname(pages), "render.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as RenderManifest;
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...manifest, brotli: "final" }, null, 2));
  renameSync(`${file}.tmp`, file);
}

/** Which content a build's own pages were prerendered from (scripts/precompress.ts), if it says. */
export function buildContentId(buildDir: string): string | null {
  try {
    return readFileSync(path.join(buildDir, "content-id"), "utf8").trim();
  } catch {
    return null;
  }
}

/** The pages of `renders/current` when they fit the code and content being served; else undefined, and why. */
export function servableRender(
  rendersDir: string,
  { buildDir, content }: { buildDir: string; content: string },
): { pages?: string; why?: string; quickBrotli?: boolean } {
  const current = path.join(rendersDir, "current");
  const manifestFile = path.join(current, "render.json");
  if (!existsSync(manifestFile)) return {};
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Partial<RenderManifest>;
    if (manifest.code !== codeId(buildDir)) return { why: "it was rendered by other code" };
    if (manifest.content !== content) return { why: "the content changed since" };
    const pages = path.join(current, "pages");
    if (!existsSync(path.join(pages, "index.html"))) return { why: "it has no home page" };
    return { pages, quickBrotli: manifest.brotli === "quick" };
  } catch (error) {
    return { why: `its manifest cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * Deletes render folders beyond the newest `keep`; never `current`, the one being served. Off the event loop: a
 * render's hundred-odd files took 17 ms of it.
 */
export async function pruneRenders(rendersDir: string, current: string, keep: number): Promise<void> {
  const renders = readdirSync(rendersDir)
    .filter((name) => /^\d{14}-\d{6}$/.test(name) && name !== current)
    .sort()
    .reverse();
  for (const old of renders.slice(keep)) await rm(path.join(rendersDir, old), { recursive: true, force: true });
}
