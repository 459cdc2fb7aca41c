// `npm run bench:load`: autocannon against the production server on loopback, 100 connections, 10 s per target:
// a prerendered page, a server-rendered page and the estimate endpoint (rate limit lifted for the run).
// Afterwards every estimate the endpoint answered 200 must be in the database.
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { startProductionServer } from "./production-server.ts";

const DURATION = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = 100;

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });
const dataDir = mkdtempSync(path.join(tmpdir(), "load-"));
const { base, server } = await startProductionServer({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "100000000" });

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const row = {
    target: title,
    "req/s": Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    "2xx": result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.error(JSON.stringify(row));
  return row;
}

const rows: Awaited<ReturnType<typeof run>>[] = [];
rows.push(
  await run("GET /services/chimney-crowns (prerendered)", {
    url: `${base}/services/chimney-crowns`,
    headers: { "accept-encoding": "gzip" },
  }),
);
rows.push(
  await run("GET /locations/heyworth (server-rendered)", {
    url: `${base}/locations/heyworth`,
    headers: { "accept-encoding": "gzip" },
  }),
);
// Each request carries its own idempotency key, so every acknowledged request can be looked up afterwards.
const acknowledgedKeys = new Set<string>();
let sequence = 0;
rows.push(
  await run("POST /api/estimate (stored in SQLite)", {
    url: `${base}/api/estimate`,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        setupRequest: (request, context) => {
          const key = `load-${process.pid}-${++sequence}`;
          Object.assign(context, { key });
          const body = new URLSearchParams({
            name: "Load Test",
            email: "load@example.com",
            phone: "309-555-0100",
            message: "Load test",
            _idempotency: key,
          });
          return { ...request, body: body.toString() };
        },
        onResponse: (status, _body, context) => {
          if (status === 200 && "key" in context) acknowledgedKeys.add(String(context.key));
        },
      },
    ],
  }),
);
server.kill("SIGTERM");
await new Promise((resolve) => server.on("exit", resolve));

const store = openEstimateStore({ dataDir });
const storedKeys = new Set(store.list().map((r) => r.idempotency_key));
store.close();
const lost = [...acknowledgedKeys].filter((key) => !storedKeys.has(key)).length;

console.log(`| Target | req/s | p50 ms | p99 ms | requests | 2xx | non-2xx | errors | timeouts |`);
console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- |`);
for (const r of rows) {
  console.log(
    `| ${r.target} | ${r["req/s"]} | ${r.p50} | ${r.p99} | ${r.requests} | ${r["2xx"]} | ${r.non2xx} | ${r.errors} | ${r.timeouts} |`,
  );
}
console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per target, loopback. Endpoint: ${acknowledgedKeys.size} answered 200, ` +
    `${storedKeys.size} stored (the rest were in flight when the run ended), ${lost} acknowledged but missing.`,
);
if (lost > 0) process.exitCode = 1;
