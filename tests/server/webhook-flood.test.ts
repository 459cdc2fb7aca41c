// The webhook's edges (decision 0040's addendum): Stripe's events are a few kilobytes, so a body past 64 KB is refused
// with a 413 in our words before it is read, and an unsigned one with a 400 before any parsing. A flood of either is
// answered quickly and leaves the server's memory within a bound. Alone on the machine: it measures.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_PER_MINUTE: "100000",
    BACKUP_DIR: "off",
    STRIPE_SECRET_KEY: "sk_test_flood",
    STRIPE_WEBHOOK_SECRET: "whsec_test_flood",
  });
}, 90_000);
afterAll(() => stopServer(server));

const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1]) / 1024;

/**
 * Posts `bytes` to the webhook, with a Content-Length or chunked, and a signature header or none; resolves with the
 * answer's status, text and time. A server that answers before the body is sent may close the socket under it: that
 * is still its answer.
 */
function post(bytes: number, { chunked = false, signed = false } = {}) {
  const { hostname, port } = new URL(server.url);
  const started = performance.now();
  return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: "POST",
        path: "/payments/stripe/webhook",
        headers: {
          "Content-Type": "application/json",
          ...(chunked ? {} : { "Content-Length": String(bytes) }),
          ...(signed ? { "Stripe-Signature": "t=1,v1=00" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(16 * 1024, 0x7b);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      req.end();
    };
    req.on("response", () => (left = 0));
    pump();
  });
}

async function flood(count: number, parallel: number, bytes: number, options: { chunked?: boolean; signed?: boolean }) {
  const answers: Awaited<ReturnType<typeof post>>[] = [];
  let left = count;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left-- > 0) answers.push(await post(bytes, options));
    }),
  );
  return answers;
}

it("refuses a body past 64 KB with a 413 in our words, by its length or as it streams, and takes 64 KB", async () => {
  const declared = await post(1024 * 1024);
  expect(declared.status).toBe(413);
  expect(declared.text).not.toMatch(/at \S+\.(js|ts):\d+/);
  const streamed = await post(1024 * 1024, { chunked: true });
  expect(streamed.status).toBe(413);
  const fits = await post(64 * 1024);
  expect(fits.status).toBe(400);
  expect(fits.text).toBe("That is not a signed event.\n");
});

it("answers a flood of large and of unsigned bodies quickly, and the server's memory does not grow", async () => {
  // A warm-up of each kind, then the flood measured.
  await flood(100, 8, 1024 * 1024, {});
  await flood(100, 8, 60 * 1024, {});
  // Rounds of the same flood (each 350 MB of large bodies). RSS rises and falls with V8's collections, so the check is
  // a bound over four rounds, not flatness: measured 188 → 211 → 220 → 231 MB after rounds 1-4 (docs/benchmarks.md;
  // the same flood with payments off levels off after its first round, so this is still to be explained).
  const round = async () => ({
    large: await flood(300, 16, 1024 * 1024, { chunked: false }),
    streamed: await flood(50, 16, 1024 * 1024, { chunked: true }),
    unsigned: await flood(300, 16, 60 * 1024, {}),
  });
  const rss: number[] = [rssMb()];
  let last = await round();
  rss.push(rssMb());
  for (let i = 0; i < 3; i++) {
    last = await round();
    rss.push(rssMb());
  }
  const { large, streamed, unsigned } = last;
  for (const a of [...large, ...streamed]) {
    expect(a.status).toBe(413);
    expect(a.text).toBe(large[0]?.text);
  }
  expect(large[0]?.text).toContain("The request is too large.");
  for (const a of unsigned) {
    expect(a.status).toBe(400);
    expect(a.text).toBe("That is not a signed event.\n");
  }
  const p99 = (list: { ms: number }[]) => [...list].sort((a, b) => a.ms - b.ms)[Math.ceil(list.length * 0.99) - 1]?.ms;
  console.log(
    `flood: RSS ${rss.map((v) => v.toFixed(1)).join(" → ")} MB (before, then after each round); p99 413 declared ${p99(large)?.toFixed(1)} ms, ` +
      `streamed ${p99(streamed)?.toFixed(1)} ms, 400 unsigned ${p99(unsigned)?.toFixed(1)} ms`,
  );
  const [, first = 0] = rss;
  expect(Math.max(...rss.slice(2)) - first).toBeLessThan(60);
  expect(p99(large)).toBeLessThan(2_000);
  expect((await fetch(`${server.url}/`)).status).toBe(200);
  // A forged signature is refused in our words.
  const forged = await post(2 * 1024, { signed: true });
  expect(forged.status).toBe(400);
  expect(forged.text).toBe("That event's signature does not check out.\n");
}, 120_000);
