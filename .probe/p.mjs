import { loadPageRenderer } from "/work/main/.probe/rp.mjs";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";
const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const heap = () => Math.round(process.memoryUsage().heapUsed / 2 ** 20);
let peak = 0; setInterval(() => (peak = Math.max(peak, rss())), 10).unref();
const mode = process.argv[2];
console.log("start", rss(), "heap", heap());
if (mode === "brotli") {
  const pages = [];
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const f = d + "/" + e.name; if (e.isDirectory()) walk(f); else if (e.name === "index.html") pages.push(readFileSync(f)); } };
  walk("/work/main/build/client");
  const br = promisify(brotliCompress);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < pages.length; i += 2) await Promise.all(pages.slice(i, i + 2).map((p) => br(p, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: p.length } })));
    console.log("brotli round", round, "rss", rss(), "peak", peak);
  }
} else {
  const render = await loadPageRenderer("/work/main/build/server/index.js");
  console.log("imported", rss(), "heap", heap(), "peak", peak);
  for (let i = 0; i < 4; i++) {
    await render({ contentDir: "/work/main/content", outDir: mkdtempSync("/tmp/mp-") });
    console.log("render", i, "rss", rss(), "heap", heap(), "peak", peak);
  }
}
