// `npx tsx tools/page-weights.ts [--json out.json]`: what each page costs a first-time visitor, from the production
// build served by the production server: the document (with its inline CSS), and the CSS and JS files Chromium
// fetches (waiting for idle so deferred islands count). Raw, gzip (level 9) and brotli (quality 11) bytes.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { launchChromium } from "./chromium.ts";
import { startProductionServer } from "./production-server.ts";

interface Sizes {
  raw: number;
  gz: number;
  br: number;
}
interface Row {
  route: string;
  html: Sizes;
  css: Sizes;
  js: Sizes;
  jsFiles: number;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });

const { base, server } = await startProductionServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "weights-")) });

const sizes = (buf: Buffer): Sizes => ({
  raw: buf.length,
  gz: gzipSync(buf, { level: 9 }).length,
  br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gz: a.gz + b.gz, br: a.br + b.br });
const zero: Sizes = { raw: 0, gz: 0, br: 0 };

const xml = await (await fetch(`${base}/sitemap.xml`)).text();
const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((m) => new URL(m[1] ?? "/").pathname)
  .concat("/no-such-page");
const browser = await launchChromium();
const rows: Row[] = [];
for (const route of routes) {
  const page = await browser.newPage();
  const assets = new Set<string>();
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/assets/")) assets.add(pathname);
  });
  const html = Buffer.from(await (await fetch(base + route)).arrayBuffer());
  await page.goto(base + route, { waitUntil: "load" });
  await page.waitForTimeout(2500);
  await page.waitForLoadState("networkidle");
  const files = (ext: string) =>
    [...assets].filter((a) => a.endsWith(ext)).map((a) => sizes(readFileSync(path.join("build/client", a))));
  rows.push({
    route,
    html: sizes(html),
    css: files(".css").reduce(add, zero),
    js: files(".js").reduce(add, zero),
    jsFiles: files(".js").length,
  });
  await page.close();
}
await browser.close();
server.kill("SIGTERM");

const kb = (n: number) => (n / 1024).toFixed(1);
console.log("| Route | HTML raw/gz/br KB | CSS raw/gz/br KB | JS files | JS raw/gz/br KB |");
console.log("| --- | --- | --- | --- | --- |");
for (const r of rows) {
  const f = (s: Sizes) => `${kb(s.raw)} / ${kb(s.gz)} / ${kb(s.br)}`;
  console.log(`| ${r.route} | ${f(r.html)} | ${f(r.css)} | ${r.jsFiles} | ${f(r.js)} |`);
}
const json = option("--json");
if (json) writeFileSync(json, JSON.stringify(rows, null, 2));
