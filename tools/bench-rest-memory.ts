// `npx tsx tools/bench-rest-memory.ts [--runs 3] [--settle 30]` (after `npm run build`; `.ci/node24 npx tsx …` for
// Node 24): the server's memory at rest, as production has it: started with the unit's allocator and V8 settings
// (SERVER_ENV), the start's warm-up on, then left alone for `--settle` seconds, then its RSS and, as root on cgroup v1,
// its memory group's usage (page cache included, as the unit's MemoryMax=512M counts it), the median of 10 readings
// over 5 s. Each run starts a new server on an empty data folder. Issue 65's "memory at rest" figure.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SERVER_ENV } from "../server/server-env.ts";
import { freePort } from "./production-server.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, settle: { type: "string", default: "30" } },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const grouped = process.getuid?.() === 0 && existsSync("/sys/fs/cgroup/memory/cgroup.procs");

async function run(index: number) {
  const group = `/sys/fs/cgroup/memory/bench-rest-${process.pid}-${index}`;
  if (grouped) mkdirSync(group);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-rest-"));
  let output = "";
  const server = spawn(
    "sh",
    ["-c", `${grouped ? `echo $$ > ${group}/cgroup.procs; ` : ""}exec node ${path.resolve("build/bin/server.js")}`],
    {
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        BACKUP_DIR: "off",
        BUILD_DIR: "build",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  for (let i = 0; !output.includes("Warmed up for the owner"); i++) {
    if (i > 1200) throw new Error(`the server did not warm up:\n${output}`);
    await sleep(100);
  }
  await sleep(Number(values.settle) * 1000);
  const rss: number[] = [];
  const usage: number[] = [];
  for (let i = 0; i < 10; i++) {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1];
    rss.push(Number(kb) * 1024);
    if (grouped) usage.push(Number(readFileSync(path.join(group, "memory.usage_in_bytes"), "utf8")));
    await sleep(500);
  }
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  if (grouped) rmdirSync(group);
  return { rss: median(rss), group: grouped ? median(usage) : null };
}

const node = (await new Promise<string>((resolve) => {
  const p = spawn("node", ["--version"]);
  let v = "";
  p.stdout.on("data", (c: Buffer) => (v += c.toString()));
  p.on("exit", () => resolve(v.trim()));
})) as string;
console.log(`Node ${node}, settle ${values.settle} s, ${grouped ? "memory group (cgroup v1)" : "no memory group (not root)"}`);
for (let i = 0; i < Number(values.runs); i++) {
  const { rss, group } = await run(i);
  console.log(`run ${i + 1}: RSS ${mb(rss)} MB${group === null ? "" : `, memory group ${mb(group)} MB`}`);
}
