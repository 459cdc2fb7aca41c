// Size budgets (gzip, deterministic): each page's HTML, CSS and JavaScript, measured as a visitor loads it.
// Budgets sit at most 10% above what the pages weigh now; raising one is a decision, not a side effect.
// BUDGET_REPORT=1 prints the measured sizes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { visit } from "./support";

const gz = (bytes: Buffer | string) => gzipSync(bytes).length;
const budgets: { pages: Record<string, { html: number; css: number; js: number }> } = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "budgets.json"), "utf8"),
);

test("every page stays within its HTML, CSS and JavaScript budgets", async ({ page }) => {
  test.skip(page.viewportSize()?.width !== 1280, "sizes do not depend on the viewport");
  test.setTimeout(120_000);
  const report: Record<string, { html: number; css: number; js: number }> = {};
  const over: string[] = [];
  for (const [route, budget] of Object.entries(budgets.pages)) {
    const assets = new Set<string>();
    const onResponse = (response: { url: () => string }) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/assets/")) assets.add(pathname);
    };
    page.on("response", onResponse);
    const html = await (await page.request.get(route)).text();
    await visit(page, route);
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    const size = (ext: string) =>
      [...assets]
        .filter((a) => a.endsWith(ext))
        .reduce((sum, a) => sum + gz(readFileSync(path.join("build/client", a))), 0);
    const measured = { html: gz(html), css: size(".css"), js: size(".js") };
    report[route] = measured;
    for (const kind of ["html", "css", "js"] as const) {
      if (measured[kind] > budget[kind]) over.push(`${route} ${kind}: ${measured[kind]} B > budget ${budget[kind]} B`);
    }
  }
  if (process.env.BUDGET_REPORT) console.log(JSON.stringify(report, null, 2));
  expect(over).toEqual([]);
  expect(Object.keys(report).length).toBeGreaterThanOrEqual(23);
});
