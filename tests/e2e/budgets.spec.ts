// Budgets (deterministic): what a first-time visitor's browser has to fetch before and after the first paint.
// - every page but /contact requests no script file; /contact's island stays under its cap;
// - the response that paints a page (status line, headers, HTML with its inline CSS, brotli as served) fits in the
//   first TCP congestion window (10 segments, 14.6 KB), so the first paint needs one round trip;
// - no request blocks rendering: no stylesheet link, no script file, no @import;
// - the inline CSS styles every element exactly as the full stylesheet does (nothing a page shows was pruned);
// - each kind of page stays under its ceiling of DOM elements (parsing, style and layout grow with them);
// - no inline script does work while the document is parsed: before DOMContentLoaded no script changes the DOM or
//   forces a style recalculation or layout (docs/decisions/0012-parse-less-paint-first.md).
// BUDGET_REPORT=1 prints the measured sizes.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { islandLoader, pageScript } from "../../app/lib/page-script";

const budgets: {
  domElements: Record<RouteKind, number>;
  firstWindowBytes: number;
  contactScriptGzipBytes: number;
  pageScriptBytes: number;
  islandLoaderBytes: number;
} = JSON.parse(readFileSync(path.join(import.meta.dirname, "budgets.json"), "utf8"));

const EXTRA_PAGES = ["/no-such-page", "/locations/heyworth"];

type RouteKind = "home" | "service" | "location" | "post" | "contact" | "page" | "quote";

function routeKind(route: string): RouteKind {
  if (route === "/") return "home";
  if (route === "/contact") return "contact";
  if (route.startsWith("/services/")) return "service";
  if (route.startsWith("/locations/")) return "location";
  if (route.startsWith("/blog/")) return "post";
  return "page";
}

async function routes(page: Page) {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname).concat(EXTRA_PAGES);
}

/** The bytes on the wire for a page, as a browser asking for brotli gets it: status line and headers, then the body. */
function wireSize(url: string): Promise<{ headers: number; body: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "Accept-Encoding": "br, gzip", Accept: "text/html" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        let headers = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        const body = Buffer.concat(chunks);
        expect(res.headers["content-encoding"]).toBe("br");
        import("node:zlib").then(({ brotliDecompressSync }) =>
          resolve({ headers, body: body.length, html: brotliDecompressSync(body).toString("utf8") }),
        );
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

test("inline scripts stay tiny: the page script and /contact's island loader", () => {
  expect(Buffer.byteLength(pageScript)).toBeLessThanOrEqual(budgets.pageScriptBytes);
  expect(Buffer.byteLength(islandLoader)).toBeLessThanOrEqual(budgets.islandLoaderBytes);
});

test("every page paints from its first response: within the first congestion window, nothing render-blocking", async ({
  page,
  baseURL,
}) => {
  test.skip(page.viewportSize()?.width !== 1280, "sizes do not depend on the viewport");
  const report: Record<string, { headers: number; body: number; total: number }> = {};
  const problems: string[] = [];
  for (const route of await routes(page)) {
    const { headers, body, html } = await wireSize(`${baseURL}${route}`);
    report[route] = { headers, body, total: headers + body };
    if (headers + body > budgets.firstWindowBytes)
      problems.push(`${route}: ${headers} B headers + ${body} B body > ${budgets.firstWindowBytes} B`);
    if (/<link[^>]+rel="stylesheet"/.test(html)) problems.push(`${route}: a stylesheet link`);
    if (/<script[^>]+src=/.test(html)) problems.push(`${route}: a script file`);
    if (/@import/.test(html)) problems.push(`${route}: an @import`);
    if ((html.match(/<style>([\s\S]*?)<\/style>/)?.[1]?.length ?? 0) < 1000) problems.push(`${route}: no inline CSS`);
  }
  if (process.env.BUDGET_REPORT) console.log(JSON.stringify(report, null, 2));
  expect(problems).toEqual([]);
  expect(Object.keys(report).length).toBeGreaterThanOrEqual(25);
});

test("no page requests anything but its document before the visitor acts; /contact's island loads on the form's first use and stays under its cap", async ({
  page,
}) => {
  test.skip(page.viewportSize()?.width !== 1280, "requests do not depend on the viewport");
  test.setTimeout(120_000);
  const problems: string[] = [];
  let contactScripts = 0;
  for (const route of await routes(page)) {
    const scripts: string[] = [];
    const onRequest = (request: { resourceType: () => string; url: () => string }) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    };
    const others: string[] = [];
    const onOther = (request: { resourceType: () => string; url: () => string }) => {
      const where = new URL(request.url()).pathname;
      if (!["document", "image"].includes(request.resourceType()) || /^\/(favicon|apple-touch-icon|icon-)/.test(where))
        others.push(where);
    };
    page.on("request", onRequest);
    page.on("request", onOther);
    await page.goto(route);
    // Nothing loads on idle, on any page (decision 0023): give it that chance everywhere.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 200), { timeout: 3000 })),
    );
    await page.waitForLoadState("networkidle");
    page.off("request", onOther);
    // Until the visitor does something, a page is its document and its pictures: no script, no stylesheet, no
    // manifest, no linked icon. The browser's own /favicon.ico comes after load.
    const early = others.filter((p) => p !== "/favicon.ico");
    if (early.length > 0) problems.push(`${route} before any interaction: ${early.join(", ")}`);
    if (route === "/contact") {
      await expect(page.locator("[data-island='EstimateForm'][data-hydrated]")).toHaveCount(0);
      await page.getByLabel("Full Name").focus();
      await expect(page.locator("[data-island='EstimateForm'][data-hydrated]")).toHaveCount(1);
      await page.waitForLoadState("networkidle");
    }
    page.off("request", onRequest);
    if (route === "/contact") {
      contactScripts = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(path.join("build/client", s))).length, 0);
    } else if (scripts.length > 0) {
      problems.push(`${route}: ${scripts.join(", ")}`);
    }
  }
  if (process.env.BUDGET_REPORT) console.log(`/contact scripts: ${contactScripts} B gzip`);
  expect(problems).toEqual([]);
  expect(contactScripts).toBeGreaterThan(0);
  expect(contactScripts).toBeLessThanOrEqual(budgets.contactScriptGzipBytes);
});

test("each page's inline CSS styles it exactly as the full stylesheet does", async ({ page }) => {
  test.setTimeout(300_000);
  const stylesheet = await page.request
    .get("/contact")
    .then(async (r) => (await r.text()).match(/data-css="([^"]+)"/)?.[1]);
  expect(stylesheet).toBeTruthy();
  // What decides how a page looks; the full list of computed properties is too slow to read for every element.
  const properties = [
    "display",
    "position",
    "inset",
    "float",
    "box-sizing",
    "width",
    "height",
    "max-width",
    "margin",
    "padding",
    "border-width",
    "border-style",
    "border-color",
    "border-radius",
    "gap",
    "grid-template-columns",
    "flex-direction",
    "justify-content",
    "align-items",
    "font-family",
    "font-size",
    "font-weight",
    "line-height",
    "letter-spacing",
    "text-align",
    "text-transform",
    "text-decoration-line",
    "color",
    "background-color",
    "background-image",
    "box-shadow",
    "opacity",
    "transform",
    "visibility",
    "overflow",
    "z-index",
    "list-style-type",
    "outline-style",
  ];
  const computed = () =>
    page.evaluate(
      (props) =>
        [...document.querySelectorAll("body *")].map((el) => {
          const style = getComputedStyle(el);
          return props.map((p) => style.getPropertyValue(p)).join(";");
        }),
      properties,
    );
  const problems: string[] = [];
  for (const route of await routes(page)) {
    await page.goto(route);
    const inline = await computed();
    await page.evaluate(async (href) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
      await new Promise((resolve) => {
        link.onload = resolve;
        document.head.append(link);
      });
    }, stylesheet ?? "");
    const full = await computed();
    const differing = inline.filter((style, i) => style !== full[i]).length;
    if (differing > 0) problems.push(`${route}: ${differing} elements styled differently`);
  }
  expect(problems).toEqual([]);
});

test("each kind of page stays under its ceiling of DOM elements", async ({ page }) => {
  test.skip(page.viewportSize()?.width !== 375, "the DOM does not depend on the viewport");
  test.setTimeout(120_000);
  const report: Record<string, number> = {};
  const problems: string[] = [];
  for (const route of await routes(page)) {
    await page.goto(route);
    // What Lighthouse's DOM size counts: the elements in the body.
    const elements = await page.evaluate(() => document.body.querySelectorAll("*").length);
    report[route] = elements;
    const ceiling = budgets.domElements[routeKind(route)];
    if (elements > ceiling) problems.push(`${route}: ${elements} elements > ${ceiling} (${routeKind(route)})`);
  }
  if (process.env.BUDGET_REPORT) console.log(JSON.stringify(report, null, 2));
  expect(problems).toEqual([]);
});

test("no inline script does work before DOMContentLoaded: no DOM change, no forced style or layout", async ({
  page,
  browser,
}) => {
  test.skip(page.viewportSize()?.width !== 375, "the scripts do not depend on the viewport");
  test.setTimeout(180_000);
  // Attribute changes made by any script while the document is still being parsed. (The parser's own attributes
  // are not reported; a mutation record is delivered right after the script that caused it.)
  await page.addInitScript(() => {
    const w = window as unknown as { earlyMutations: string[] };
    w.earlyMutations = [];
    let parsed = false;
    document.addEventListener("DOMContentLoaded", () => (parsed = true), { capture: true, once: true });
    new MutationObserver((records) => {
      if (parsed) return;
      for (const r of records) w.earlyMutations.push(`${(r.target as Element).tagName} ${r.attributeName ?? r.type}`);
    }).observe(document, { attributes: true, subtree: true });
  });
  type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number };
  const problems: string[] = [];
  for (const route of await routes(page)) {
    await browser.startTracing(page, { categories: ["devtools.timeline"] });
    await page.goto(route);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const early = await page.evaluate(() => (window as unknown as { earlyMutations: string[] }).earlyMutations);
    if (early.length > 0) problems.push(`${route}: changed before DOMContentLoaded: ${early.join(", ")}`);
    // The page's main thread: where the document was parsed. Its DOMContentLoaded marks the end of parsing.
    const parse = trace.traceEvents.find((e) => e.name === "ParseHTML");
    const thread = trace.traceEvents.filter((e) => e.pid === parse?.pid && e.tid === parse?.tid && e.ph === "X");
    const dcl = trace.traceEvents.find((e) => e.name === "MarkDOMContent" && e.pid === parse?.pid)?.ts ?? Infinity;
    for (const script of thread.filter((e) => e.name === "EvaluateScript" && e.ts < dcl)) {
      const end = script.ts + (script.dur ?? 0);
      const forced = thread.filter(
        (e) => (e.name === "UpdateLayoutTree" || e.name === "Layout") && e.ts >= script.ts && e.ts < end,
      );
      if (forced.length > 0) problems.push(`${route}: an inline script forced ${forced.map((e) => e.name).join(", ")}`);
    }
    expect(parse, `${route} was traced`).toBeDefined();
  }
  expect(problems).toEqual([]);
});

test("the homeowner's quote page, at its largest, paints from its first response with no script at all", async ({
  page,
  baseURL,
}) => {
  test.skip(page.viewportSize()?.width !== 1280, "sizes do not depend on the viewport");
  const { seedQuote, LARGEST_QUOTE } = await import("../support/seed-quote.ts");
  const { token } = seedQuote(process.env.E2E_DATA_DIR ?? "", LARGEST_QUOTE);
  const url = `${baseURL}/quote/${token}`;
  const { headers, body, html } = await wireSize(url);
  if (process.env.BUDGET_REPORT) console.log(JSON.stringify({ quote: { headers, body, total: headers + body } }));
  expect(headers + body).toBeLessThanOrEqual(budgets.firstWindowBytes);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"|@import/);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(`${r.resourceType()} ${new URL(r.url()).pathname}`));
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  expect(requests.filter((r) => !r.startsWith("document ") && !/^image \/(favicon|quote\/)/.test(r))).toEqual([]);
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  expect(elements).toBeLessThanOrEqual(budgets.domElements.quote);
});
