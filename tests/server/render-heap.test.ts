// A render's worker starts with a small heap, so V8 collects the render's garbage early (a publish's peak on a
// 1 GB server); a render that needs more is done again with RENDER_HEAP_MB's, and later ones get that at once.
import { expect, it } from "vitest";
import { createRenderer } from "../../server/publishing/render-in-worker.ts";
import { renderRequests } from "../support/render-requests.ts";

const request = renderRequests("render-heap-", { quick: true });

it("renders again with the larger heap when the small one runs out, and keeps the larger one", async () => {
  const logged: string[] = [];
  const renderer = createRenderer({ heapMb: 192, firstHeapMb: 16, log: (m) => logged.push(m) });
  try {
    const first = await renderer.render(request("first"));
    expect(first.paths.length).toBeGreaterThan(20);
    expect(logged).toEqual(["The render needed more than 16 MB of heap: rendering again with up to 192 MB."]);
    const second = await renderer.render(request("second"));
    expect(second.paths).toEqual(first.paths);
    expect(logged).toHaveLength(1);
  } finally {
    renderer.close();
  }
}, 120_000);

it("says the render ran out of memory when even the largest heap is too small", async () => {
  const logged: string[] = [];
  const renderer = createRenderer({ heapMb: 16, firstHeapMb: 48, log: (m) => logged.push(m) });
  try {
    await expect(renderer.render(request("small"))).rejects.toThrow("the render ran out of memory");
    expect(logged).toEqual([]);
  } finally {
    renderer.close();
  }
}, 120_000);

it("warms up again with the larger heap when the warm-up outgrows the small one, and the publish then fits at once", async () => {
  const logged: string[] = [];
  const renderer = createRenderer({ heapMb: 192, firstHeapMb: 16, log: (m) => logged.push(m) });
  const { serverBuildPath, contentDir } = request("unused");
  try {
    renderer.warm(serverBuildPath, contentDir);
    for (const started = Date.now(); renderer.warmedUp() === null; await new Promise((r) => setTimeout(r, 50)))
      if (Date.now() - started > 100_000) throw new Error("the warm-up never ended");
    expect(logged).toEqual([
      "The render's warm-up needed more than 16 MB of heap: warming up again with up to 192 MB.",
    ]);
    const real = await renderer.render(request("after-warm-up"));
    expect(real.cssAfresh).toBe(0);
    expect(logged).toHaveLength(1);
  } finally {
    renderer.close();
  }
}, 120_000);

it("a publish's git does not wait behind the warm-up: its first command stops the warm-up at the next page", async () => {
  const renderer = createRenderer({ heapMb: 192 });
  const { serverBuildPath, contentDir } = request("git-first");
  try {
    renderer.warm(serverBuildPath, contentDir);
    let answer: Promise<Buffer> | null = null;
    for (const started = Date.now(); answer === null; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() - started > 60_000) throw new Error("the worker never got ready");
      answer = renderer.run("git", ["--version"], { cwd: contentDir, env: process.env, maxBuffer: 1 << 20 });
    }
    expect((await answer).toString()).toMatch(/^git version/);
    for (const started = Date.now(); renderer.warmedUp() === null; await new Promise((r) => setTimeout(r, 20)))
      if (Date.now() - started > 60_000) throw new Error("the warm-up never ended");
    // The warm-up renders all 26 pages when nothing stops it (the test above); the command stopped it early.
    expect(renderer.warmedUp()?.pages).toBeLessThan(5);
  } finally {
    renderer.close();
  }
}, 120_000);
