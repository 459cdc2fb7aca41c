// Everything the server serves from one build: its files, its route matcher, its headers and its request handler.
// The console's publish swaps it whole (decision 0015); a publish's render lays new pages over it (decision 0027).
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler, Request } from "express";
import type { LRUCache } from "lru-cache";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { CachedResponse } from "./compressed-cache.ts";
import { cacheRenderedPages, isOwnerRoute, matcher, type RouteMatch } from "./page-cache.ts";
import { securityHeaders } from "./security.ts";
import { entryOf, inlineScriptsOf, type EntryExports } from "./server-build.ts";
import { HTML_CACHE, loadStaticFiles, withRenderedPages } from "./static-files.ts";

export type Site = {
  dir: string;
  serverBuild: ServerBuild;
  match: (rawUrl: string) => RouteMatch;
  entry: ServerBuild["entry"]["module"] & EntryExports;
  /** The publish's render served over the build's pages, if any. */
  pages: string | undefined;
  files: Map<string, CachedResponse>;
  cachePages: RequestHandler;
  headers: RequestHandler;
  handler: RequestHandler;
};

export type SiteSettings = {
  /** The content/ folder the pages rendered here are made from; by default the bundle's own choice. */
  contentDir: string | undefined;
  pageCache: LRUCache<string, CachedResponse>;
  siteOrigin: string | null;
  estimateEndpoint: string | undefined;
  checkoutOrigins: readonly string[];
  loadContext: (req: Request) => AppLoadContext;
};

export function siteFrom(
  serverBuild: ServerBuild,
  dir: string,
  pages: string | undefined,
  settings: SiteSettings,
): Site {
  const entry = entryOf(serverBuild);
  // The words this bundle renders come from the site's content folder, read now, not from the build.
  if (settings.contentDir && entry.switchContent && entry.readContentFiles) {
    entry.switchContent(entry.readContentFiles(settings.contentDir) as never);
  }
  const match = matcher(serverBuild);
  const files = loadStaticFiles(path.join(dir, "client"));
  return {
    dir,
    serverBuild,
    match,
    entry,
    pages,
    files: pages ? withRenderedPages(files, pages) : files,
    cachePages: cacheRenderedPages(settings.pageCache, match, HTML_CACHE),
    headers: securityHeaders({
      // The only inline scripts our pages run, pinned by hash.
      inlineScripts: inlineScriptsOf(serverBuild),
      https: settings.siteOrigin?.startsWith("https://") ?? false,
      estimateEndpoint: settings.estimateEndpoint,
      checkoutOrigins: settings.checkoutOrigins,
      isolates: (url) => isOwnerRoute(match(url).routeId),
    }),
    handler: createRequestHandler({
      build: serverBuild,
      mode: "production",
      getLoadContext: settings.loadContext,
    }),
  };
}
