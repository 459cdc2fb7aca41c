import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { ArticleBody } from "./components/article-body";
import { inlineCriticalCss } from "./lib/critical-css";
import { helpMarkdown } from "./routes/owner/help.server";
import { islandLoader, pageScript } from "./lib/page-script";
import { REFUSED_PAGE_PATH } from "./lib/refused-page";
import stylesheet from "./styles/app.css?inline";
import consoleStylesheet from "./styles/owner.css?inline";
import quoteStylesheet from "./styles/quote.css?inline";
import reportStylesheet from "./styles/report.css?inline";

export const streamTimeout = 5_000;

/**
 * The exact source of every inline script a page may run; the server pins each by its hash in the CSP.
 * (JSON-LD blocks are data, not scripts, and are not listed.)
 */
export const inlineScripts: readonly string[] = [pageScript, islandLoader];

/** For the Node server (server/app.ts): the origin this build was made for, or null when SITE_URL was not set. */
export { buildSiteUrl } from "./lib/site-url";
/** For the Node server: this bundle's own content snapshot, read and replaced at run time (decision 0027). */
export { readContentFiles, switchContent } from "./content/files";
/** For a publish's render (server/publishing/render-pages.ts): the pages to render from the content in force. */
export { prerenderPaths } from "./content/site-map";
/** For the render's workers: what pruning the CSS learned, kept from one worker to the next (issue 45). */
export { learnedCriticalCss, prunedAfresh, rememberCriticalCss } from "./lib/critical-css";

/**
 * For the Node server, once before it listens: what the owner's first taps after a start would otherwise run cold on
 * the event loop (issue 51): the passkey library's import (about 0.3-1.4 s, the first sign-in) and the Markdown
 * pipeline's first run on help.md (about 0.6-1.5 s, the help page). A publish's render worker never calls it, so it
 * never pays the library's memory.
 */
export async function warmUp(): Promise<void> {
  await import("@simplewebauthn/server");
  renderToString(<ArticleBody post={{ body: helpMarkdown() }} />);
}

/**
 * The catch-all route renders the 404 page; the response must say 404 too (a loader would lose its head). At
 * REFUSED_PAGE_PATH it renders the 403 page, which the server answers a POST from another site with.
 */
const NOT_FOUND_ROUTE_ID = "routes/not-found";
/** The homeowner's quote page has a stylesheet of its own (app/styles/quote.css). */
const QUOTE_ROUTE_ID = "routes/quote";
/** The homeowner's invoice page wears the quote page's frame and stylesheet. */
const INVOICE_ROUTE_ID = "routes/invoice";
/** So does the homeowner's job page. */
const JOB_ROUTE_ID = "routes/job";
/** The homeowner's condition report has its own (app/styles/report.css). */
const REPORT_ROUTE_ID = "routes/report";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // The owner console has its own stylesheet (app/styles/owner.css): console classes never reach public pages.
  const ids = routerContext.staticHandlerContext.matches.map((m) => m.route.id);
  const css = ids.some((id) => id.startsWith("routes/owner/"))
    ? consoleStylesheet
    : ids.includes(QUOTE_ROUTE_ID) || ids.includes(INVOICE_ROUTE_ID) || ids.includes(JOB_ROUTE_ID)
      ? quoteStylesheet
      : ids.includes(REPORT_ROUTE_ID)
        ? reportStylesheet
        : stylesheet;
  if (routerContext.staticHandlerContext.matches.some((m) => m.route.id === NOT_FOUND_ROUTE_ID)) {
    responseStatusCode = new URL(request.url).pathname === REFUSED_PAGE_PATH ? 403 : 404;
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Pages hold no streamed data, so wait for the whole document: crawlers and visitors get the same HTML.
  // In production the document then gets the CSS it uses inlined, so it paints from the first response alone.
  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", reject);
        body.on("end", () => {
          clearTimeout(timeoutId);
          const html = Buffer.concat(chunks).toString("utf8");
          // The Node server prunes in its CSS worker, off the event loop (issue 51); a publish's render, already in a
          // worker, here. Should the worker fail, the page is pruned here all the same.
          const prune = loadContext?.criticalCss;
          const page = import.meta.env.DEV
            ? Promise.resolve(html)
            : prune
              ? prune(html, css).catch(() => inlineCriticalCss(html, css))
              : inlineCriticalCss(html, css);
          page.then((document) => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(document, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        });
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
