// `npx tsx tools/bench-memory.ts [--node /path/to/node] [--runs 3] [-- <server arguments>]`: the production
// server's start-up time (spawn to the first 200 on /) and its resident memory at idle, after ordinary traffic
// and after a flood of unknown city pages, each rendered once (what decision 0010 compares).
// Default server arguments: the compiled server, build/bin/server.js. Needs a build.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "./production-server.ts";

const dash = process.argv.indexOf("--");
const { values } = parseArgs({
  args: process.argv.slice(2, dash === -1 ? undefined : dash),
  options: {
    node: { type: "string", default: process.execPath },
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "1000" },
  },
});
const serverArgs = dash === -1 ? ["build/bin/server.js"] : process.argv.slice(dash + 1);
const MB = 1024 * 1024;

function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

async function flood(urls: string[], concurrency = 16): Promise<number> {
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const response = await fetch(urls[next++] ?? "", { headers: { "accept-encoding": "br, gzip" } });
        await response.arrayBuffer();
        if (response.status === 200) ok += 1;
      }
    }),
  );
  return ok;
}

async function once() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(values.node, serverArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-memory-")),
      BACKUP_DIR: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let firstOk = 0;
  while (!firstOk) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/`)).status === 200) firstOk = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  await new Promise((r) => setTimeout(r, 2000));
  const pid = child.pid ?? 0;
  const idle = rss(pid);
  const ordinary = ["/", "/faq", "/locations/heyworth", "/no-such-page", "/services/tuckpointing"];
  await flood(Array.from({ length: 1500 }, (_, i) => `${base}${ordinary[i % ordinary.length]}`));
  const warm = rss(pid);
  const count = Number(values.pages);
  const floodStart = performance.now();
  const rendered = await flood(Array.from({ length: count }, (_, i) => `${base}/locations/plausible-town-${i}`));
  const seconds = (performance.now() - floodStart) / 1000;
  const after = rss(pid);
  if (child.exitCode !== null || child.signalCode !== null) throw new Error("the server died during the run");
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM`);
  return { firstOk, idle, warm, after, rendered, pagesPerSecond: rendered / seconds };
}

const rows: Awaited<ReturnType<typeof once>>[] = [];
for (let i = 0; i < Number(values.runs); i++) rows.push(await once());
const median = (pick: (r: (typeof rows)[number]) => number) => {
  const sorted = rows.map(pick).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const version = (await import("node:child_process")).execFileSync(values.node, ["--version"]).toString().trim();
console.log(
  JSON.stringify({
    node: version,
    server: serverArgs.join(" "),
    runs: rows.length,
    "start to first 200 (ms)": Math.round(median((r) => r.firstOk)),
    "RSS idle (MB)": +(median((r) => r.idle) / MB).toFixed(1),
    "RSS after 1500 ordinary requests (MB)": +(median((r) => r.warm) / MB).toFixed(1),
    [`RSS after ${values.pages} unknown city pages (MB)`]: +(median((r) => r.after) / MB).toFixed(1),
    "unknown city pages/s": Math.round(median((r) => r.pagesPerSecond)),
  }),
);
