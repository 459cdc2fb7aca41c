// An anonymous client cannot choose how much memory the server keeps: the page cache is bounded in bytes,
// absurd slugs get the 404 page, and every unknown path shares one cached 404.
import { readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { entrySize } from "../../server/http/compressed-cache.ts";
import { openEstimateStore, type EstimateStore } from "../../server/requests/estimate-store.ts";
import { startServer, stopServer, type RunningServer } from "./harness";

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

async function flood(urls: string[], concurrency = 16) {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++] ?? "";
        const response = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

const MB = 1024 * 1024;

describe("the page cache, in process", () => {
  let store: EstimateStore;
  let app: Awaited<ReturnType<typeof createApp>>;
  let base: string;
  let close: () => void;
  const MAX = 2 * 1024 * 1024;

  beforeAll(async () => {
    store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "cache-test-")) });
    app = await createApp({ store, pageCacheBytes: MAX });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    store.close();
  });

  it("keeps what it caches under its byte limit, however many pages are asked for", async () => {
    const urls = Array.from({ length: 120 }, (_, i) => `${base}/locations/plausible-town-${i}-abcdefghijklmno`);
    const statuses = await flood(urls);
    expect(statuses.get(200)).toBe(120);
    const cache = app.pageCache;
    expect(cache.calculatedSize).toBeLessThanOrEqual(MAX);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(120);
    let counted = 0;
    for (const [key, entry] of cache.entries()) counted += entrySize(entry, key);
    expect(counted).toBe(cache.calculatedSize);
  });

  it("serves every unknown path from one 404 entry", async () => {
    app.pageCache.clear();
    const statuses = await flood(Array.from({ length: 200 }, (_, i) => `${base}/no-such-page-${i}/${"z".repeat(i)}`));
    expect(statuses.get(404)).toBe(200);
    expect(app.pageCache.size).toBe(1);
  });

  it("answers absurd city slugs with the 404 page", async () => {
    for (const slug of [
      "a".repeat(41),
      "x".repeat(15_000),
      "a--b",
      "-a",
      "a-b-c-d-e-f-g",
      "a_b",
      "a.b",
      "%F0%9F%92%A9",
      "a%20b",
    ]) {
      const response = await fetch(`${base}/locations/${slug}`);
      expect(response.status, slug.slice(0, 50)).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
    }
    for (const slug of ["le-roy", "Heyworth", "lake-in-the-hills", "mount-pulaski"]) {
      expect((await fetch(`${base}/locations/${slug}`)).status, slug).toBe(200);
    }
  });
});

describe("a flood against the running server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => stopServer(server));

  it("grows memory by under 64 MB while a client asks for 498 slugs of 15,000 characters and 1,000 long unknown paths", async () => {
    const pid = server.process.pid ?? 0;
    // Warm up with as many ordinary requests first: V8 grows its heap under any steady load, so "before" is the
    // server at work, and what the flood adds on top is what the attacker controls.
    const ordinary = ["/", "/faq", "/locations/heyworth", "/no-such-page", "/services/tuckpointing"];
    await flood(Array.from({ length: 1500 }, (_, i) => `${server.url}${ordinary[i % ordinary.length]}`));
    const before = rssBytes(pid);
    const long = Array.from(
      { length: 498 },
      (_, i) => `${server.url}/locations/${String(i).padStart(6, "0")}${"a".repeat(15_000)}`,
    );
    expect((await flood(long)).get(404)).toBe(498);
    const unknown = Array.from(
      { length: 1000 },
      (_, i) => `${server.url}/${String(i).padStart(6, "0")}/${"b".repeat(2_000)}`,
    );
    expect((await flood(unknown)).get(404)).toBe(1000);
    const after = rssBytes(pid);
    console.log(`server RSS before ${(before / MB).toFixed(1)} MB, after ${(after / MB).toFixed(1)} MB`);
    expect(after - before).toBeLessThan(64 * MB);
  }, 180_000);
});
