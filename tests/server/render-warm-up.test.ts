// The owner's first publish of the week meets a new render's worker (issue 45): it starts from what the last worker
// learned of the critical CSS, and, when the owner opens an editor, renders the content once for nothing, giving
// that up the moment a real render is asked for. Neither changes a page's bytes, and the worker still gives its
// memory to `npm run update`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { createRenderer } from "../../server/publishing/render-in-worker.ts";
import { renderRequests } from "../support/render-requests.ts";

const request = renderRequests("render-warm-up-", { quick: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pages = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html"))
    .sort();

async function until(what: string, done: () => boolean, timeoutMs = 150_000) {
  for (const started = Date.now(); !done(); await sleep(50)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not after ${timeoutMs} ms`);
  }
}

it("a new worker prunes no page's CSS afresh that the last one had pruned, and the pages are the same", async () => {
  const renderer = createRenderer();
  try {
    const first = await renderer.render(request("first"));
    expect(first.cssAfresh).toBeGreaterThan(0);
    renderer.close();
    expect(renderer.isWarm()).toBe(false);
    const second = await renderer.render(request("second"));
    expect(second.cssAfresh).toBe(0);
    const [a, b] = [request("first").outDir, request("second").outDir];
    expect(pages(b)).toEqual(pages(a));
    for (const page of pages(a))
      expect(readFileSync(path.join(b, page)), page).toEqual(readFileSync(path.join(a, page)));
  } finally {
    renderer.close();
  }
}, 240_000);

it("a warm-up renders every page for nothing, so the first real render prunes nothing afresh", async () => {
  const renderer = createRenderer();
  const { serverBuildPath, contentDir } = request("unused");
  try {
    renderer.warm(serverBuildPath, contentDir);
    await until("the warm-up", () => renderer.warmedUp() !== null);
    const warmed = renderer.warmedUp();
    expect(warmed?.pages).toBeGreaterThan(20);
    expect(existsSync(request("unused").outDir)).toBe(false);
    // (Under Vitest the worker also holds tsx, so its first heap may not hold a second render: it is then done again
    // in a new worker, which starts from what the warm-up learned.)
    const real = await renderer.render(request("after-warm-up"));
    expect(real.cssAfresh).toBe(0);
    expect(real.paths.length).toBe(warmed?.pages);
  } finally {
    renderer.close();
  }
}, 240_000);

it("a real render asked for at once is not held by the warm-up: it renders every page itself", async () => {
  const renderer = createRenderer();
  const { serverBuildPath, contentDir } = request("unused");
  try {
    renderer.warm(serverBuildPath, contentDir);
    // While the worker still imports the bundle: the warm-up is never sent.
    const atOnce = await renderer.render(request("at-once"));
    expect(atOnce.paths.length).toBeGreaterThan(20);
    expect(renderer.warmedUp()).toBeNull();
    // Asked for during a warm-up: the warm-up stops at its next page, and the render is whole.
    renderer.close();
    renderer.warm(serverBuildPath, contentDir);
    await until("the worker", () => renderer.isWarm());
    await sleep(1_500);
    const during = await renderer.render(request("during"));
    expect(during.paths).toEqual(atOnce.paths);
    expect(pages(request("during").outDir)).toEqual(pages(request("at-once").outDir));
  } finally {
    renderer.close();
  }
}, 240_000);

it("a warming worker still gives its memory to `npm run update` within a few seconds", async () => {
  let updating = false;
  const renderer = createRenderer({ yieldTo: () => updating });
  const { serverBuildPath, contentDir } = request("unused");
  try {
    renderer.warm(serverBuildPath, contentDir);
    // About when the bundle is in and the warm-up has begun: it is ended at the next check, every 2 s.
    await sleep(1_000);
    updating = true;
    await until("the worker's end", () => !renderer.isWarm(), 5_000);
  } finally {
    renderer.close();
  }
}, 60_000);
