// The publisher's renders (decision 0027): `renders/<id>/pages/` (what render-pages.ts writes) and
// `renders/<id>/render.json` (what it was rendered from); `renders/current` names the one served. A restart serves it
// only when it was rendered by the code being started from the content in the working copy; otherwise the build's
// own pages, which `npm run build` and `npm run update` prerender from the content they find.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { codeId } from "./content-id.ts";
import type { Renderer } from "./render-in-worker.ts";

export { codeId, contentId } from "./content-id.ts";

export type RenderManifest = { code: string; content: string; paths: number; renderMs: number; compressMs: number };

/** Renders the content in `contentDir` with the build in `buildDir` into `outDir` (a worker), with its manifest. */
export async function renderInto(
  outDir: string,
  { renderer, buildDir, contentDir }: { renderer: Renderer; buildDir: string; contentDir: string },
): Promise<RenderManifest> {
  const result = await renderer.render({
    serverBuildPath: path.join(buildDir, "server", "index.js"),
    contentDir,
    outDir: path.join(outDir, "pages"),
  });
  const manifest = {
    code: codeId(buildDir),
    content: result.content,
    paths: result.paths.length,
    renderMs: result.renderMs,
    compressMs: result.compressMs,
  };
  writeFileSync(path.join(outDir, "render.json"), JSON.stringify(manifest, null, 2));
  return manifest;
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
): { pages?: string; why?: string } {
  const current = path.join(rendersDir, "current");
  const manifestFile = path.join(current, "render.json");
  if (!existsSync(manifestFile)) return {};
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Partial<RenderManifest>;
    if (manifest.code !== codeId(buildDir)) return { why: "it was rendered by other code" };
    if (manifest.content !== content) return { why: "the content changed since" };
    const pages = path.join(current, "pages");
    return existsSync(path.join(pages, "index.html")) ? { pages } : { why: "it has no home page" };
  } catch (error) {
    return { why: `its manifest cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
}
