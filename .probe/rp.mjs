// server/render-pages.ts
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, matchRoutes } from "react-router";

// server/precompress.ts
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
var COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|xml|txt)$/i;
var BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
var GZIP = { level: 9 };
var brotliAsync = promisify(brotliCompress);
var gzipAsync = promisify(gzip);
async function compressBeside(file, body) {
  await writeFile(`${file}.br`, await brotliAsync(body, BROTLI));
  await writeFile(`${file}.gz`, await gzipAsync(body, GZIP));
}

// server/content-id.ts
import { createHash } from "node:crypto";
function contentId(files) {
  const hash = createHash("sha256");
  for (const [p, text] of [...files.text].sort(([a], [b]) => a < b ? -1 : 1)) hash.update(`${p}\0${text}\0`);
  for (const photo of files.photos) hash.update(`${photo}\0${files.photoCopies.get(photo)?.hash ?? "-"}\0`);
  return hash.digest("hex").slice(0, 16);
}

// server/render-pages.ts
var RenderContentError = class extends Error {
  name = "RenderContentError";
};
function nestedRoutes(manifest, parentId) {
  return Object.values(manifest).filter((r) => r !== void 0 && r.parentId === parentId).map((r) => ({ ...r, children: nestedRoutes(manifest, r.id) }));
}
async function bodyOf(response, what) {
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 && response.status !== 202) {
    throw new Error(`${what} answered ${response.status}: ${body.toString("utf8").slice(0, 300)}`);
  }
  return body;
}
async function loadPageRenderer(serverBuildPath) {
  const build = await import(pathToFileURL(serverBuildPath).href);
  const entry = build.entry.module;
  if (!entry.readContentFiles || !entry.switchContent || !entry.prerenderPaths) {
    throw new Error("the server bundle cannot render pages (built before decision 0027)");
  }
  const handler = createRequestHandler(build, "production");
  const routes = nestedRoutes(build.routes);
  return ({ contentDir, outDir }) => renderWith(build, entry, handler, routes, contentDir, outDir);
}
async function renderPages({ serverBuildPath, contentDir, outDir }) {
  return (await loadPageRenderer(serverBuildPath))({ contentDir, outDir });
}
async function renderWith(build, entry, handler, routes, contentDir, outDir) {
  const started = performance.now();
  const files = entry.readContentFiles(contentDir);
  try {
    entry.switchContent(files);
  } catch (error) {
    if (error instanceof Error && /Error$/.test(error.name) && /content\//.test(error.message)) {
      throw new RenderContentError(error.message);
    }
    throw error;
  }
  const paths = entry.prerenderPaths();
  const compress = compressionPool();
  let compressed = 0;
  const write = (urlPath, body) => {
    const file = path.join(outDir, ...urlPath.split("/").filter(Boolean));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    if (!COMPRESSIBLE.test(file)) return;
    compressed += 1;
    compress.add(() => compressBeside(file, body));
  };
  for (const page of paths) {
    const matches = matchRoutes(routes, `/${page}/`.replace(/^\/\/+/, "/"));
    const leaf = matches?.at(-1)?.route;
    if (!matches || !leaf) throw new Error(`${page} matches no route`);
    const module = build.routes[leaf.id]?.module;
    const dataPath = page === "/" ? "/_root.data" : `${page.replace(/\/$/, "")}.data`;
    if (!module.default && !module.ErrorBoundary) {
      const url = new URL(`http://localhost${dataPath}`);
      url.searchParams.set("_routes", leaf.id);
      await bodyOf(await handler(new Request(url)), `${page} (data)`);
      const body = await bodyOf(await handler(new Request(`http://localhost${page}`)), page);
      write(page, body);
      continue;
    }
    const hasLoaders = matches.some((m) => build.assets.routes[m.route.id ?? ""]?.hasLoader);
    let init;
    if (hasLoaders) {
      const data = (await bodyOf(await handler(new Request(`http://localhost${dataPath}`)), `${page} (data)`)).toString(
        "utf8"
      );
      init = { headers: { "X-React-Router-Prerender-Data": encodeURI(data) } };
    }
    const html = await bodyOf(
      await handler(new Request(`http://localhost${`${page}/`.replace(/\/\/+/g, "/")}`, init)),
      page
    );
    write(path.posix.join(page, "index.html"), html);
  }
  const rendered = performance.now();
  await compress.finish(2);
  return {
    paths,
    files: compressed,
    content: contentId(files),
    renderMs: Math.round(rendered - started),
    // How long the compression went on after the last page was rendered.
    compressMs: Math.round(performance.now() - rendered)
  };
}
function compressionPool() {
  const queue = [];
  let limit = 1;
  let running = 0;
  let failure = null;
  let done = null;
  const pump = () => {
    while (running < limit && queue.length > 0) {
      const job = queue.shift();
      running += 1;
      job().catch((error) => void (failure ??= error)).finally(() => {
        running -= 1;
        pump();
      });
    }
    if (running === 0 && queue.length === 0) done?.();
  };
  return {
    add(job) {
      queue.push(job);
      pump();
    },
    async finish(n) {
      limit = n;
      await new Promise((resolve) => {
        done = resolve;
        pump();
      });
      if (failure) throw failure;
    }
  };
}
export {
  RenderContentError,
  loadPageRenderer,
  renderPages
};
