// A publish renders; it does not build (decision 0027). The pages `npm run build` prerenders are rendered again from
// the content in a folder, with the server bundle the server already runs, the way React Router's prerender does it
// (its handler, the same requests), then precompressed. Run in a worker (render-worker.ts), so the bundle's modules
// and the render's memory go when it ends, and public requests never wait behind it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ContentFiles } from "../../app/content/files.ts";
import type { LearnedCriticalCss } from "../../app/lib/critical-css.ts";
import { COMPRESSIBLE, compressBeside, compressQuickly } from "./precompress.ts";
import { contentId } from "./content-id.ts";

/** What app/entry.server.tsx exports for this. */
type RenderExports = {
  readContentFiles: (dir: string) => unknown;
  switchContent: (files: never) => void;
  prerenderPaths: () => string[];
  /** Absent from bundles built before issue 45. */
  learnedCriticalCss?: () => LearnedCriticalCss;
  rememberCriticalCss?: (learned: LearnedCriticalCss) => void;
  prunedAfresh?: () => number;
};

export type RenderRequest = {
  /** The server bundle: `<build>/server/index.js`. */
  serverBuildPath: string;
  /** The content/ folder to render. */
  contentDir: string;
  /** Where the pages go (made if missing): `<path>/index.html`, sitemap.xml, robots.txt, and their .br and .gz. */
  outDir: string;
  /**
   * Quick brotli copies (BROTLI_QUICK), made as each page is written, for the caller to have made again at quality 11
   * once the pages are served (a publish: brotli-upgrade.ts). Otherwise the quality-11 copies `npm run build` makes.
   */
  quick?: boolean;
};

export type RenderResult = {
  paths: string[];
  files: number;
  /** Which content was rendered (renders.ts `contentId`). */
  content: string;
  renderMs: number;
  compressMs: number;
  /** Which brotli copies it wrote: "quick" ones are to be made again at quality 11. */
  brotli: "quick" | "final";
  /** How long it waited for its worker to start and import the bundle (render-in-worker.ts). */
  waitedMs?: number;
  /** Pages whose critical CSS was pruned afresh, not answered from what earlier renders learned. */
  cssAfresh?: number;
};

/** Thrown for the content's own mistakes (a ContentError naming file and field): the owner's words. */
export class RenderContentError extends Error {
  override name = "RenderContentError";
}

type ManifestRoute = { id: string; path?: string; index?: boolean; parentId?: string };
type NestedRoute = ManifestRoute & { children: NestedRoute[] };

/** The build's flat route manifest as the nested routes matchRoutes takes (as React Router's prerender does). */
function nestedRoutes(manifest: Record<string, ManifestRoute | undefined>, parentId?: string): NestedRoute[] {
  return Object.values(manifest)
    .filter((r): r is ManifestRoute => r !== undefined && r.parentId === parentId)
    .map((r) => ({ ...r, children: nestedRoutes(manifest, r.id) }));
}

async function bodyOf(response: Response, what: string): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 && response.status !== 202) {
    throw new Error(`${what} answered ${response.status}: ${body.toString("utf8").slice(0, 300)}`);
  }
  return body;
}

/** A render's bundle, imported once: it renders any number of content folders, one at a time. */
export type PageRenderer = {
  render: (request: Omit<RenderRequest, "serverBuildPath">) => Promise<RenderResult>;
  /**
   * Renders the pages of `contentDir` and keeps none of them, until `stop()` says a real render is waiting: the
   * code's first run, the content's checks and the CSS pruning are then done before the owner's publish needs them.
   */
  warmUp: (contentDir: string, stop: () => boolean) => Promise<{ pages: number; ms: number }>;
  /**
   * What pruning the CSS has learned in this bundle, when it learned more since the last ask (null otherwise, and
   * for a bundle built before issue 45): about a megabyte, not worth sending after every render.
   */
  newlyLearned: () => LearnedCriticalCss | null;
};

export async function loadPageRenderer(serverBuildPath: string, learned?: LearnedCriticalCss): Promise<PageRenderer> {
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const entry = build.entry.module as unknown as Partial<RenderExports>;
  if (!entry.readContentFiles || !entry.switchContent || !entry.prerenderPaths) {
    throw new Error("the server bundle cannot render pages (built before decision 0027)");
  }
  if (learned) entry.rememberCriticalCss?.(learned);
  const handler = createRequestHandler(build, "production");
  const routes = nestedRoutes(build.routes as Record<string, ManifestRoute | undefined>);
  const exports = entry as RenderExports;
  let told = exports.prunedAfresh?.();
  return {
    render: ({ contentDir, outDir, quick = false }) =>
      renderWith(build, exports, handler, routes, { contentDir, outDir, quick }),
    async warmUp(contentDir, stop) {
      const started = performance.now();
      const { paths } = await renderWith(build, exports, handler, routes, { contentDir, outDir: null, stop });
      return { pages: paths.length, ms: Math.round(performance.now() - started) };
    },
    newlyLearned() {
      const afresh = exports.prunedAfresh?.();
      if (afresh === told) return null;
      told = afresh;
      return exports.learnedCriticalCss?.() ?? null;
    },
  };
}

export async function renderPages({ serverBuildPath, ...request }: RenderRequest): Promise<RenderResult> {
  return (await loadPageRenderer(serverBuildPath)).render(request);
}

async function renderWith(
  build: ServerBuild,
  entry: RenderExports,
  handler: ReturnType<typeof createRequestHandler>,
  routes: NestedRoute[],
  {
    contentDir,
    outDir,
    quick = false,
    stop = () => false,
  }: {
    contentDir: string;
    /** Null: nothing is written (a warm-up). */
    outDir: string | null;
    quick?: boolean;
    stop?: () => boolean;
  },
): Promise<RenderResult> {
  const started = performance.now();
  const afreshBefore = entry.prunedAfresh?.();
  const files = entry.readContentFiles(contentDir) as ContentFiles;
  try {
    entry.switchContent(files as never);
  } catch (error) {
    if (error instanceof Error && /Error$/.test(error.name) && /content\//.test(error.message)) {
      throw new RenderContentError(error.message);
    }
    throw error;
  }
  const paths = entry.prerenderPaths();
  // One file's compression after another (see compressBeside).
  const compress = compressionPool();
  let compressed = 0;
  const done: string[] = [];
  const write = (urlPath: string, body: Buffer) => {
    if (outDir === null) return;
    const file = path.join(outDir, ...urlPath.split("/").filter(Boolean));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    if (!COMPRESSIBLE.test(file)) return;
    compressed += 1;
    if (quick) compressQuickly(file, body);
    else compress.add(() => compressBeside(file, body));
  };
  // A warm-up that may be stopped early sees one page of each kind first: each kind has its own code and CSS.
  for (const page of outDir === null ? kindsFirst(paths, routes) : paths) {
    if (stop()) break;
    done.push(page);
    const matches = matchRoutes(routes as unknown as RouteObject[], `/${page}/`.replace(/^\/\/+/, "/"));
    const leaf = matches?.at(-1)?.route as ManifestRoute | undefined;
    if (!matches || !leaf) throw new Error(`${page} matches no route`);
    const module = build.routes[leaf.id]?.module as { default?: unknown; ErrorBoundary?: unknown; loader?: unknown };
    const dataPath = page === "/" ? "/_root.data" : `${page.replace(/\/$/, "")}.data`;
    if (!module.default && !module.ErrorBoundary) {
      // A resource route (sitemap.xml, robots.txt): its body, as is.
      const url = new URL(`http://localhost${dataPath}`);
      url.searchParams.set("_routes", leaf.id);
      await bodyOf(await handler(new Request(url)), `${page} (data)`);
      const body = await bodyOf(await handler(new Request(`http://localhost${page}`)), page);
      write(page, body);
      continue;
    }
    const hasLoaders = matches.some((m) => build.assets.routes[m.route.id ?? ""]?.hasLoader);
    let init: RequestInit | undefined;
    if (hasLoaders) {
      const data = (await bodyOf(await handler(new Request(`http://localhost${dataPath}`)), `${page} (data)`)).toString(
        "utf8",
      );
      init = { headers: { "X-React-Router-Prerender-Data": encodeURI(data) } };
    }
    const html = await bodyOf(
      await handler(new Request(`http://localhost${`${page}/`.replace(/\/\/+/g, "/")}`, init)),
      page,
    );
    write(path.posix.join(page, "index.html"), html);
  }
  const rendered = performance.now();
  // The render's own core is free now: two at a time.
  await compress.finish(2);
  return {
    paths: done,
    files: compressed,
    content: contentId(files),
    renderMs: Math.round(rendered - started),
    // How long the compression went on after the last page was rendered.
    compressMs: Math.round(performance.now() - rendered),
    brotli: quick ? "quick" : "final",
    cssAfresh: afreshBefore === undefined ? undefined : (entry.prunedAfresh?.() ?? 0) - afreshBefore,
  };
}

/** The pages, the first of each route before the others. */
function kindsFirst(paths: string[], routes: NestedRoute[]): string[] {
  const seen = new Set<string>();
  const first: string[] = [];
  const rest: string[] = [];
  for (const page of paths) {
    const leaf = matchRoutes(routes as unknown as RouteObject[], `/${page}/`.replace(/^\/\/+/, "/"))?.at(-1)?.route.id;
    if (leaf && !seen.has(leaf)) {
      seen.add(leaf);
      first.push(page);
    } else rest.push(page);
  }
  return [...first, ...rest];
}

/** Compression jobs on libuv's pool: one at a time while the render runs, `finish(n)` n at a time until done. */
function compressionPool() {
  const queue: (() => Promise<void>)[] = [];
  let limit = 1;
  let running = 0;
  let failure: unknown = null;
  let done: (() => void) | null = null;
  const pump = () => {
    while (running < limit && queue.length > 0) {
      const job = queue.shift() as () => Promise<void>;
      running += 1;
      job()
        .catch((error: unknown) => void (failure ??= error))
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running === 0 && queue.length === 0) done?.();
  };
  return {
    add(job: () => Promise<void>) {
      queue.push(job);
      pump();
    },
    async finish(n: number) {
      limit = n;
      await new Promise<void>((resolve) => {
        done = resolve;
        pump();
      });
      if (failure) throw failure;
    },
  };
}
