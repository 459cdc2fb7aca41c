// Measures what publishing costs in memory on the BUILT server (decision 0017): `npm run build` first, then
// `npx tsx tools/publish-memory.ts [publishes=20]`. It starts `node build/bin/server.js` publishing into a clone of
// this repository's HEAD, signs in through a session made in the server's database, and asks the console to
// "Undo last change" again and again (each one a real change of the phone, a real build and a switch). Every 100 ms
// it sums the RSS of the server and all its descendants (the build); as root it also runs the server in a cgroup v1
// memory group and reads memory.max_usage_in_bytes, which counts the page cache as systemd's MemoryMax does.
// Like systemd, it starts the server again when it exits to be restarted (RESTART_EXIT_CODE).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withConsole } from "../scripts/owner.ts";
import { RESTART_EXIT_CODE } from "../server/restart-policy.ts";

const publishes = Number(process.argv[2] ?? 20);
const MB = 1024 * 1024;
const PAGE = 4096;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

const repo = mkdtempSync(path.join(tmpdir(), "publish-memory-repo-"));
const dataDir = mkdtempSync(path.join(tmpdir(), "publish-memory-data-"));
execFileSync("git", ["clone", "-q", process.cwd(), repo]);
symlinkSync(path.resolve("node_modules"), path.join(repo, "node_modules"));
// FAKE_BUILD=1: the clone's `npm run build` copies this repository's build/ (one byte changed) instead of building:
// the same folder a real build makes, so the server's own growth per publish is measured in seconds, not hours.
if (process.env.FAKE_BUILD === "1") {
  const script = path.join(repo, "fake-build.mjs");
  writeFileSync(
    script,
    `import { cpSync, appendFileSync } from "node:fs";\n` +
      `cpSync(${JSON.stringify(path.resolve("build"))}, process.env.BUILD_DIR, { recursive: true });\n` +
      `appendFileSync(process.env.BUILD_DIR + "/server/index.js", "\\n// " + Date.now() + "\\n");\n`,
  );
  const pkg = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> };
  pkg.scripts.build = "node fake-build.mjs";
  writeFileSync(path.join(repo, "package.json"), JSON.stringify(pkg, null, 2));
  execFileSync("git", ["-C", repo, "add", "package.json", "fake-build.mjs"]);
  execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "fake build"]);
}

// A console commit to undo: the phone changed, as the owner would; each undo then flips it back and forth.
const business = path.join(repo, "content/business.yaml");
writeFileSync(business, readFileSync(business, "utf8").replace("(309) 555-0134", "(309) 555-0199"));
execFileSync("git", ["-C", repo, "commit", "-qam", "Business facts: phone"], {
  env: {
    ...process.env,
    GIT_AUTHOR_NAME: "Owner (console)",
    GIT_AUTHOR_EMAIL: "owner@console.invalid",
    GIT_COMMITTER_NAME: "Owner (console)",
    GIT_COMMITTER_EMAIL: "owner@console.invalid",
  },
});

const cgroup = "/sys/fs/cgroup/memory/publish-memory-" + process.pid;
let useCgroup = false;
try {
  mkdirSync(cgroup);
  useCgroup = true;
  // CGROUP_LIMIT=750M: the unit's MemoryMax, enforced as systemd would (this machine has no swap).
  if (process.env.CGROUP_LIMIT) writeFileSync(path.join(cgroup, "memory.limit_in_bytes"), process.env.CGROUP_LIMIT);
} catch {
  console.log("(no cgroup v1 memory group: RSS sums only)");
}
const cg = (file: string) => Number(readFileSync(path.join(cgroup, file), "utf8").trim());

const port = 20_000 + (process.pid % 20_000);
const origin = `http://127.0.0.1:${port}`;
let server!: ChildProcess;
let restarts = 0;

async function start() {
  // The shell joins the group, then becomes the server: every process it starts is counted with it.
  const join = useCgroup ? `echo $$ > ${cgroup}/cgroup.procs && ` : "";
  server = spawn("sh", ["-c", `${join}exec "${process.execPath}" build/bin/server.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      DATA_DIR: dataDir,
      BACKUP_DIR: "off",
      SITE_REPO: repo,
      BUILD_DIR: "",
      RATE_LIMIT_PER_MINUTE: "10000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  server.on("exit", (code) => {
    if (stopping) return;
    if (code !== RESTART_EXIT_CODE) {
      console.error(`server exited (${code}):\n${output.slice(-4000)}`);
      process.exit(1);
    }
    {
      restarts++;
      void start();
    }
  });
  while (!output.includes("Site ready")) {
    if (server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
let stopping = false;

function rssOf(pid: number): number {
  return statm(pid)[0];
}

/** Resident bytes, and of them the anonymous ones (what cannot be dropped and read again from a file). */
function statm(pid: number): [number, number] {
  try {
    const fields = readFileSync(`/proc/${pid}/statm`, "utf8").split(" ").map(Number);
    return [(fields[1] ?? 0) * PAGE, ((fields[1] ?? 0) - (fields[2] ?? 0)) * PAGE];
  } catch {
    return [0, 0];
  }
}

/** RSS of a process and every process below it, and the anonymous part of it. */
function treeRss(root: number): [number, number] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  let anon = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() ?? 0;
    const [rss, anonymous] = statm(pid);
    total += rss;
    anon += anonymous;
    stack.push(...(children.get(pid) ?? []));
  }
  return [total, anon];
}

// Whatever happens, the server does not outlive the measurement.
process.on("exit", () => server.kill("SIGKILL"));
await start();
const { token, session } = withConsole(dataDir, (owner) =>
  owner.sessions.create({ ip: null, userAgent: null, passkeyId: null }),
);
const cookie = `owner=${token}`;
const current = () =>
  existsSync(path.join(repo, "builds/current")) ? readlinkSync(path.join(repo, "builds/current")) : "";

/** Visits a few pages as visitors would, so "after" is the server at work, not just idle. */
async function visit() {
  for (const p of ["/", "/faq", "/contact", "/services/chimney-crowns", "/locations/peoria", "/blog", "/nope"]) {
    await (await fetch(origin + p)).arrayBuffer();
  }
}

await visit();
console.log(`server started: RSS ${mb(rssOf(server.pid ?? 0))} MB (node ${process.version})`);
const rows: string[] = [];
for (let i = 1; i <= publishes; i++) {
  const before = current();
  const res = await fetch(`${origin}/owner/site`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: session.csrf, intent: "undo" }),
  });
  if (res.status !== 302) throw new Error(`publish ${i}: the console answered ${res.status}`);
  if (useCgroup) writeFileSync(path.join(cgroup, "memory.max_usage_in_bytes"), "0");
  const started = Date.now();
  let peak = 0;
  let peakAnon = 0;
  while (current() === before) {
    const [rss, anon] = treeRss(server.pid ?? 0);
    peak = Math.max(peak, rss);
    peakAnon = Math.max(peakAnon, anon);
    if (Date.now() - started > 600_000) throw new Error(`publish ${i} did not finish`);
    const html = await fetch(`${origin}/owner/site`, { headers: { cookie } })
      .then((r) => r.text())
      .catch((error: unknown) => {
        console.log(`poll: ${String(error)} ${String((error as Error).cause)}`);
        return "";
      });
    if (/data-state="(\w+)"/.exec(html)?.[1] === "failed") throw new Error(`publish ${i} failed`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cgPeak = useCgroup ? cg("memory.max_usage_in_bytes") : 0;
  // A quiet moment, as between an owner's edits: time for a restart when one is due, then visitors.
  await new Promise((r) => setTimeout(r, Number(process.env.SETTLE_MS ?? 8000)));
  // After a restart, the new process once it listens.
  while (
    !(await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false))
  )
    await new Promise((r) => setTimeout(r, 100));
  await visit();
  const rss = rssOf(server.pid ?? 0);
  const row =
    `publish ${String(i).padStart(2)}: ${seconds} s, peak RSS server+build ${mb(peak)} MB (anonymous ${mb(peakAnon)} MB)` +
    (useCgroup
      ? `, cgroup peak ${mb(cgPeak)} MB (now ${mb(cg("memory.usage_in_bytes"))} MB, ` +
        `${/oom_kill (\d+)/.exec(readFileSync(path.join(cgroup, "memory.oom_control"), "utf8"))?.[1] ?? "?"} OOM kills)`
      : "") +
    `, then server RSS ${mb(rss)} MB, restarts so far ${restarts}`;
  console.log(row);
  rows.push(row);
}

stopping = true;
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
if (useCgroup) rmdirSync(cgroup);
rmSync(repo, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
