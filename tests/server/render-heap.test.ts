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
