// The render's worker gives its memory back when `npm run update` holds the site's lock (a 1 GB server: the
// update's build needs it), but never in the middle of a render.
import { expect, it } from "vitest";
import { createRenderer } from "../../server/publishing/render-in-worker.ts";
import { renderRequests } from "../support/render-requests.ts";

const request = renderRequests("render-yield-");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("ends an idle worker within a few seconds of another process taking the site's lock, never mid-render", async () => {
  let updating = false;
  const renderer = createRenderer({ yieldTo: () => updating });
  try {
    renderer.warm(request("x").serverBuildPath);
    await sleep(2_500);
    expect(renderer.isWarm()).toBe(true);
    // The lock is taken while a render runs (longer than one 2 s check here): the render goes on to its end.
    const rendering = renderer.render(request("first"));
    updating = true;
    const first = await rendering;
    expect(first.paths.length).toBeGreaterThan(20);
    expect(renderer.isWarm()).toBe(true);
    // Idle now: ended at the next check.
    await sleep(2_500);
    expect(renderer.isWarm()).toBe(false);
    // A render asked for while its new worker still imports the bundle is not idle either.
    const waiting = renderer.render(request("waiting"));
    await sleep(2_500);
    expect((await waiting).paths).toEqual(first.paths);
    // After the update a render starts a new worker, and works.
    updating = false;
    const second = await renderer.render(request("second"));
    expect(second.paths).toEqual(first.paths);
    expect(renderer.isWarm()).toBe(true);
  } finally {
    renderer.close();
  }
}, 120_000);
