// React Router's build as the server loads it, and what our entry (app/entry.server.tsx) exports beside it.
import { realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

/** What the built app exports for the server, beyond React Router's own build (see app/entry.server.tsx). */
export type EntryExports = {
  inlineScripts?: readonly string[];
  buildSiteUrl?: string | null;
  readContentFiles?: (dir: string) => unknown;
  switchContent?: (files: never) => void;
  warmUp?: () => Promise<void>;
};

export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  // The build is JavaScript that React Router wrote; its shape is React Router's ServerBuild. A published build
  // lives in its own folder (builds/<id>/), so its URL is new and Node evaluates it afresh, never from cache.
  return (await import(pathToFileURL(path.join(realpathSync(buildDir), "server", "index.js")).href)) as ServerBuild;
}

/** The build's entry module with our exports. */
export function entryOf(build: ServerBuild): ServerBuild["entry"]["module"] & EntryExports {
  return build.entry.module as ServerBuild["entry"]["module"] & EntryExports;
}

/** The only inline scripts the build's pages run; builds from before `inlineScripts` name the root's island loader. */
export function inlineScriptsOf(build: ServerBuild): readonly string[] {
  const exported = entryOf(build).inlineScripts;
  if (exported) return exported;
  const root: unknown = build.routes.root?.module;
  const loader = root && typeof root === "object" && "islandLoaderSource" in root ? root.islandLoaderSource : undefined;
  return typeof loader === "function" ? [String(loader(build.assets.entry.module))] : [];
}
