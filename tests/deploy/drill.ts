// `npm run test:deploy`: README "Put it on a server" followed as written, in a fresh Debian 12 that boots systemd
// (mmdebstrap + systemd-nspawn --boot), then the site used from outside as a homeowner and the owner would (issue 27).
// The commands come out of README.md by step number (readme-steps.ts), with only the substitutions listed in
// SUBSTITUTIONS; whatever the drill must do that a user would do by hand (an editor, a DNS name) it prints as
// "drill: …", and whatever this sandbox needs that a real server does not (a proxy's CA) as "sandbox: …".
// Needs root, mmdebstrap, systemd-container, rclone, libnss3-tools and git; skips without them unless CI is set.
// The container shares the host's network: ports 80, 443 and 3000 must be free. Nothing it starts outlives it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { connect, createServer } from "node:net";
import { request as httpsRequest } from "node:https";
import path from "node:path";
import * as outside from "./checks.ts";
import type { Browser } from "@playwright/test";
import type { Mailbox, Owner, Trust } from "./checks.ts";
import { importListAndSendCampaign } from "./checks-customers.ts";
import { recordAndSendReport } from "./checks-report.ts";
import { drillPlan, serverRecipe, setEnv, splitBefore, substitute, type DrillPlan } from "./readme-steps.ts";
import { localTime } from "../../server/requests/lead-mail.ts";
import { addDays, instantAt } from "../../server/time/wall-time.ts";
import ICAL from "ical.js";
import { calendarAnswer, makeTls, startCalendarHost, type CalendarHost } from "../support/calendar-host.ts";
import { calendar, chicagoEvent, type IcsEvent } from "../support/ics-fixtures.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";

const CI = /^(1|true)$/i.test(process.env.CI ?? "");
const TOOLS = ["mmdebstrap", "systemd-nspawn", "nsenter", "rclone", "certutil", "git"];
const MACHINE = "heartland-drill";
const DOMAIN = "localhost";
const ORIGIN = `https://${DOMAIN}`;
/** Where apt's downloaded packages are kept between runs (the only cache: a first run downloads everything). */
const APT_CACHE = process.env.DRILL_APT_CACHE ?? "/var/cache/heartland-drill/apt";
/** The Debian base mmdebstrap makes, kept this many days (DRILL_BASE_CACHE=off: made every run). */
const BASE_CACHE = path.dirname(APT_CACHE);
const BASE_CACHE_DAYS = 7;
const CADDY_ROOT_CERT = "/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt";
const SITE_DIR = "/srv/heartland-site";
const NEW_PHONE = "(309) 555-0188";
/** Part 6: the owner's second phone, and the developer's change to content/faqs.yaml (from, to). */
const OWNER_PHONE = "(309) 555-0177";
const DEV_FAQ = ["Once a year.", "Once a year, every year."] as const;
/** Published across a restart of the service, then refused by a full disk. */
const RESTART_PHONE = "(309) 555-0166";
const DISK_PHONE = "(309) 555-0155";
/** Stripe's two settings as docs/stripe.md has the owner set them; the stand-in signs with the same secret. */
const STRIPE_WEBHOOK_SECRET = "whsec_drill";
const SITE_PORT = 3000;
const BASE_PACKAGES = [
  "systemd",
  "systemd-sysv",
  "dbus",
  "sudo",
  "ca-certificates",
  "curl",
  "iproute2",
  "procps",
  "nano",
  "less",
  "libpam-systemd",
];
const MIRRORS = [
  "deb http://deb.debian.org/debian bookworm main",
  "deb http://deb.debian.org/debian bookworm-updates main",
  "deb http://deb.debian.org/debian-security bookworm-security main",
];

// ---------------------------------------------------------------------------------------------------------------
// Output: every step's name and wall time, every check, a transcript of every command.

// DRILL_RESULTS: CI's run beside npm test writes elsewhere (Playwright empties test-results/ when it starts).
const RESULTS = path.resolve(process.env.DRILL_RESULTS ?? "test-results/deploy");
const times: { name: string; seconds: number }[] = [];
let passed = 0;
let failed = 0;
let transcript = "";

class DrillFailure extends Error {}

function say(line = "") {
  console.log(line);
  if (transcript) appendFileSync(transcript, `${line}\n`);
}

function ok(what: string, condition: boolean, detail = ""): void {
  if (condition) {
    passed += 1;
    say(`  ok   ${what}`);
    return;
  }
  failed += 1;
  say(`  FAIL ${what}${detail ? `\n${indent(detail)}` : ""}`);
  throw new DrillFailure(what);
}

/** Fails the drill with a message (counted and printed like a failed check). */
function fail(what: string): never {
  ok(what, false);
  throw new DrillFailure(what);
}

function pending(what: string) {
  say(`  PENDING ${what}`);
}

function indent(text: string, prefix = "       ") {
  return text
    .trimEnd()
    .split("\n")
    .map((l) => prefix + l)
    .join("\n");
}

function tail(text: string, lines: number) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/**
 * CI starts the drill beside `npm test` at a lower priority (.ci/run): the new server, its packages and Node 24 take
 * what the tests leave of the machine. From step 6 on (compiling, building, timed checks) it goes on only once this
 * file exists, which CI makes when npm test has ended, so nothing of the tests runs beside the rest.
 */
const GATE = process.env.DRILL_GATE;
/**
 * How many times its usual time limits a step before the gate may take: beside npm test, at nice 10 against the
 * tests' 0, the drill gets about a tenth of a core while the tests keep both busy (step 2's dpkg, some 30 s of CPU
 * alone, then takes minutes). A limit is there to end a hang, and a hang still ends; from the gate on the limits are
 * the usual ones.
 */
let patience = GATE ? 3 : 1;

/** Opt-in, for working on the drill's part 6: the stages between step 12 and part 6 are left out. */
const SKIPPABLE = /^(Publish from|systemctl restart|Undo last|Reboot|Backup, the off)/;

async function stage(name: string, run: () => Promise<void>) {
  say(`\n== ${name}`);
  if (process.env.DRILL_SKIP_TO_PART6 && SKIPPABLE.test(name)) return say("   SKIPPED (DRILL_SKIP_TO_PART6)");
  const started = performance.now();
  try {
    await run();
  } finally {
    const seconds = (performance.now() - started) / 1000;
    times.push({ name, seconds });
    say(`   ${seconds.toFixed(1)} s`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A 1 GB server without swap (issue 38): a cgroup v1 memory group around the container, which every command the
// drill runs in it joins too (nsenter keeps its caller's group). DRILL_MEMORY=off (or a machine without cgroup v1's
// memory controller) runs without it.

const MEMORY_LIMIT = process.env.DRILL_MEMORY ?? "1G";
const MEMORY_GROUP = `/sys/fs/cgroup/memory/heartland-drill-${process.pid}`;
const limited = MEMORY_LIMIT !== "off" && existsSync("/sys/fs/cgroup/memory/cgroup.procs");
const limitBytes = (() => {
  const m = /^(\d+)([KMG]?)$/i.exec(MEMORY_LIMIT);
  const unit = { "": 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 }[(m?.[2] ?? "").toUpperCase()] ?? 1;
  return Number(m?.[1] ?? 0) * unit;
})();

function makeMemoryGroup() {
  if (!limited) return;
  mkdirSync(MEMORY_GROUP, { recursive: true });
  writeFileSync(path.join(MEMORY_GROUP, "memory.limit_in_bytes"), String(limitBytes));
  // No swap either, where the kernel accounts it.
  const memsw = path.join(MEMORY_GROUP, "memory.memsw.limit_in_bytes");
  if (existsSync(memsw)) writeFileSync(memsw, String(limitBytes));
}

/** argv run inside the memory group: a shell that joins it, then execs the command. */
function inMemoryGroup(command: string, args: string[]): [string, string[]] {
  if (!limited) return [command, args];
  return ["sh", ["-c", `echo $$ > ${MEMORY_GROUP}/cgroup.procs && exec "$@"`, "sh", command, ...args]];
}

function memoryGroupFigure(file: string): number | null {
  try {
    return Number(readFileSync(path.join(MEMORY_GROUP, file), "utf8").trim());
  } catch {
    return null;
  }
}

function resetMemoryPeak() {
  if (limited) writeFileSync(path.join(MEMORY_GROUP, "memory.max_usage_in_bytes"), "0");
}

function removeMemoryGroup() {
  if (!limited || !existsSync(MEMORY_GROUP)) return;
  try {
    rmdirSync(MEMORY_GROUP);
  } catch (error) {
    say(`   could not remove ${MEMORY_GROUP}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Host side: processes the drill starts, and how it stops them.

const started: { name: string; child: ChildProcess }[] = [];

function startHost(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const log = path.join(RESULTS, `${name}.log`);
  // Own process group: a Ctrl-C at the terminal reaches the drill, which stops these in order (an nspawn that got
  // SIGINT would reboot the container instead).
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  child.stdout?.on("data", (c: Buffer) => appendFileSync(log, c));
  child.stderr?.on("data", (c: Buffer) => appendFileSync(log, c));
  started.push({ name, child });
  return child;
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, waitMs: number) {
  if (exited(child)) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await Promise.race([gone, sleep(waitMs)]);
  if (!exited(child)) {
    child.kill("SIGKILL");
    await Promise.race([gone, sleep(5_000)]);
  }
}

/** A command on the host, its output into the transcript; resolves with its exit code and output. */
function hostCommand(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    started.push({ name: command, child });
    let out = "";
    const keep = (c: Buffer) => {
      out += c.toString();
      appendFileSync(transcript, c);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

function portFree(port: number, host = "0.0.0.0"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs * patience;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) fail(`${what} did not listen on 127.0.0.1:${port}`);
    await sleep(200);
  }
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** An https request to this machine's port 443 (Caddy in the container) for `host`, trusting only `ca`. */
function https(pathname: string, ca: Buffer, { host = DOMAIN, method = "GET", headers = {}, body = "" } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        port: 443,
        servername: host,
        ca,
        method,
        path: pathname,
        timeout: 30_000,
        headers: { host, "accept-encoding": "identity", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer in 30 s")));
    req.on("error", reject);
    req.end(body || undefined);
  });
}

async function waitForHttps(ca: () => Buffer | null, pathname: string, timeoutMs: number): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  for (;;) {
    const root = ca();
    if (root) {
      try {
        const answer = await https(pathname, root);
        if (answer.status === 200) return answer;
        last = `status ${answer.status}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
    } else {
      last = "Caddy has not written its root certificate yet";
    }
    if (Date.now() > deadline) fail(`${ORIGIN}${pathname} did not answer 200: ${last}`);
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The container: a Debian 12 root booted by systemd-nspawn, commands run in it with nsenter.

type Run = { code: number; out: string };

class Container {
  private nspawn: ChildProcess | null = null;
  private leader = 0;
  private scripts = 0;

  constructor(readonly root: string) {}

  /** A path inside the container, as seen from the host. */
  file(inside: string) {
    return path.join(this.root, inside);
  }

  get running() {
    return this.nspawn !== null && !exited(this.nspawn);
  }

  async boot() {
    const [command, args] = inMemoryGroup("systemd-nspawn", [
      "--boot",
      "--register=no",
      "--keep-unit",
      "--console=read-only",
      `--directory=${this.root}`,
      `--machine=${MACHINE}`,
      `--hostname=${MACHINE}`,
      `--bind=${APT_CACHE}:/var/cache/apt/archives`,
    ]);
    const child = startHost("nspawn", command, args);
    this.nspawn = child;
    const deadline = Date.now() + 180_000 * patience;
    // The container's PID 1 is nspawn's child once it has become systemd.
    while (!this.leader) {
      if (exited(child)) fail(`systemd-nspawn exited (${child.exitCode}): see ${path.join(RESULTS, "nspawn.log")}`);
      const children = spawnSync("ps", ["-o", "pid=,comm=", "--ppid", String(child.pid)], { encoding: "utf8" }).stdout;
      const init = /^\s*(\d+)\s+systemd$/m.exec(children);
      if (init) this.leader = Number(init[1]);
      else if (Date.now() > deadline) fail("the container's systemd did not start");
      else await sleep(200);
    }
    // "running", or "degraded" when a unit failed: both mean the boot finished. Before systemd listens on its
    // socket, systemctl cannot connect: ask again.
    let state: Run = { code: -1, out: "" };
    for (;;) {
      state = await this.root_("systemctl is-system-running --wait", 180_000, true);
      if (/running|degraded/.test(state.out) || Date.now() > deadline) break;
      await sleep(500);
    }
    if (!/running|degraded/.test(state.out)) fail(`the container did not finish booting: ${state.out}`);
    if (/degraded/.test(state.out)) {
      say(indent((await this.root_("systemctl --failed --no-legend", 30_000, true)).out, "       degraded: "));
    }
  }

  /**
   * Shuts the container down as a power button would (nspawn turns SIGTERM into the container's poweroff); after
   * `waitMs` it is killed. Resolves with the seconds the shutdown took, or null when it had to be killed.
   */
  async poweroff(waitMs = 90_000): Promise<number | null> {
    const started = Date.now();
    let clean = true;
    if (this.nspawn) {
      const nspawn = this.nspawn;
      const gone = new Promise((r) => nspawn.once("exit", r));
      nspawn.kill("SIGTERM");
      await Promise.race([gone, sleep(waitMs)]);
      if (!exited(nspawn)) {
        clean = false;
        // machined ends every process of the machine's scope, which killing nspawn alone would leave behind.
        spawnSync("machinectl", ["terminate", MACHINE], { stdio: "ignore" });
        await Promise.race([gone, sleep(10_000)]);
        if (!exited(nspawn)) await stopChild(nspawn, "SIGKILL", 5_000);
      }
    }
    this.nspawn = null;
    this.leader = 0;
    return clean ? (Date.now() - started) / 1000 : null;
  }

  private exec(argv: string[], usualMs: number): Promise<Run> {
    const timeoutMs = usualMs * patience;
    return new Promise((resolve) => {
      const child = spawn(...inMemoryGroup("nsenter", ["-t", String(this.leader), "-a", "--", ...argv]), {
        stdio: ["ignore", "pipe", "pipe"],
        // A fresh environment: nothing of the host's (its proxy CA variables, its PATH) leaks in.
        env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin", TERM: "dumb", LANG: "C.UTF-8" },
      });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      const timer = setTimeout(() => {
        out += `\n[drill: killed after ${timeoutMs / 1000} s]`;
        child.kill("SIGKILL");
      }, timeoutMs);
      child.on("close", (code) => {
        clearTimeout(timer);
        if (transcript) appendFileSync(transcript, `${indent(out, "     | ")}\n`);
        resolve({ code: code ?? -1, out });
      });
    });
  }

  /** A drill-internal command as root (not a README command). */
  async root_(script: string, timeoutMs = 60_000, quiet = false): Promise<Run> {
    if (!quiet && transcript) appendFileSync(transcript, `   # ${script}\n`);
    return this.exec(
      ["/usr/bin/env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/root", "/bin/bash", "-c", script],
      timeoutMs,
    );
  }

  /**
   * A README command as the server's admin (a login shell of a user with sudo, as the README assumes), in `cwd`.
   * Prints it, and the last lines of what it printed. Fails the drill when it exits non-zero, unless `allowFail`.
   */
  async user(script: string, { cwd = "~", timeoutMs = 600_000, allowFail = false, show = 6 } = {}): Promise<Run> {
    say(indent(script, "   $ "));
    this.scripts += 1;
    const file = `/home/admin/.drill/${this.scripts}.sh`;
    mkdirSync(this.file("/home/admin/.drill"), { recursive: true });
    writeFileSync(this.file(file), `cd ${cwd}\n${script}\n`);
    const result = await this.exec(["/bin/su", "-", "admin", "-c", `bash -e ${file}`], timeoutMs);
    if (show > 0 && result.out.trim()) say(indent(tail(result.out, show), "     | "));
    if (result.code !== 0 && !allowFail) {
      ok(`${script.split("\n")[0]} exits 0`, false, `exit ${result.code}:\n${tail(result.out, 40)}`);
    }
    return result;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------------------------
// The drill.

function preflight(): "run" | "skip" {
  const isRoot = process.getuid?.() === 0;
  const missing = TOOLS.filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
  if (isRoot && missing.length === 0) return "run";
  const why = [
    isRoot ? "" : "it must run as root",
    missing.length
      ? `missing: ${missing.join(", ")} (Debian: apt-get install -y mmdebstrap systemd-container rclone libnss3-tools git)`
      : "",
  ]
    .filter(Boolean)
    .join("; ");
  if (CI) {
    console.log(`test:deploy cannot run: ${why}`);
    process.exit(1);
  }
  console.log(`SKIPPED npm run test:deploy: ${why}.`);
  return "skip";
}

/** Every command the drill takes from the README, with the drill's stand-ins. */
function table(repoUrl: string): [string, string][] {
  return [
    ["<the site's repository>", repoUrl],
    ["you@example.com", "owner@localhost"],
    ["example.com", DOMAIN],
  ];
}

async function main() {
  if (preflight() === "skip") return;
  mkdirSync(RESULTS, { recursive: true });
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  transcript = path.join(RESULTS, "drill.log");
  writeFileSync(transcript, "");
  const drillStarted = performance.now();
  const work = mkdtempSync("/var/tmp/heartland-drill-");
  const container = new Container(path.join(work, "root"));
  let mail: Mailbox | null = null;
  let cleanedUp = false;
  const cleanup = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    await stage("Clean up: stop everything the drill started", async () => {
      // The reboot above shows a clean shutdown; here one that hangs (a stop job's 90 s) only costs CI time.
      const units = await container.root_(
        "systemctl list-units --no-legend --state=active --type=service,scope",
        30_000,
        true,
      );
      const took = await container.poweroff(30_000);
      say(
        took === null
          ? `   the container did not power off within 30 s, so it was terminated; its active units were:\n${indent(units.out, "     | ")}`
          : `   the container powered off in ${took.toFixed(1)} s`,
      );
      for (const { child } of started.reverse()) await stopChild(child, "SIGTERM", 10_000);
      await mail?.close();
      const left = started.filter(({ child }) => !exited(child)).map(({ name }) => name);
      removeMemoryGroup();
      const busy: number[] = [];
      for (const port of [80, 443, 3000]) if (!(await portFree(port))) busy.push(port);
      const mounted = readFileSync("/proc/self/mounts", "utf8")
        .split("\n")
        .filter((line) => line.split(" ")[1]?.startsWith(work));
      say(`   nothing left mounted under ${work}: ${mounted.length === 0 ? "yes" : `no (${mounted.join("; ")})`}`);
      if (mounted.length > 0) failed += 1;
      const machines = spawnSync("machinectl", ["list", "--no-legend"], { encoding: "utf8" }).stdout ?? "";
      if (machines.includes(MACHINE)) {
        say(`   the container ${MACHINE} is still registered: ${machines.trim()}`);
        failed += 1;
      }
      if (process.env.DRILL_KEEP) say(`   kept ${work} (DRILL_KEEP)`);
      else rmSync(work, { recursive: true, force: true });
      say(
        `   nothing left running: ${left.length === 0 && busy.length === 0 ? "yes" : `no (${left.join(", ")} ports ${busy.join(", ")})`}`,
      );
      if (left.length || busy.length) failed += 1;
    });
  };
  // Once: a signal sent to the drill's whole process group (CI stopping it) reaches it again through npm and tsx,
  // and must not end the clean-up it started.
  let stopping = false;
  const interrupted = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping`);
    failed += 1;
    void cleanup().finally(() => process.exit(130));
  };
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);

  try {
    await drill(container, work, (m) => (mail = m));
  } catch (error) {
    if (!(error instanceof DrillFailure)) {
      failed += 1;
      say(`  FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    if (container.running) {
      say("\n== journalctl -u heartland-site (last 60 lines), then -u caddy (last 30)");
      say(
        indent(
          (
            await container.root_(
              "journalctl -u heartland-site -n 60 --no-pager; echo; journalctl -u caddy -n 30 --no-pager",
              30_000,
              true,
            )
          ).out,
          "   ",
        ),
      );
    }
  } finally {
    await cleanup();
  }
  say("\n== Step times (wall seconds)");
  for (const { name, seconds } of times) say(`   ${seconds.toFixed(1).padStart(7)}  ${name}`);
  say(`   ${((performance.now() - drillStarted) / 1000).toFixed(1).padStart(7)}  the whole drill`);
  say(`\nTranscript: ${path.relative(process.cwd(), transcript)}`);
  say(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

async function drill(container: Container, work: string, onMail: (m: Mailbox) => void) {
  const checkout = process.cwd();
  let commit = "";
  let plan: DrillPlan | null = null;
  let repoUrl = "";
  let offsite = "";
  let webdavPort = 0;
  let mail: Mailbox | null = null;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: checkout, encoding: "utf8" }).trim();

  await stage("Before: the host's ports, the commit under test", async () => {
    for (const port of [80, 443, 3000]) {
      ok(
        `port ${port} is free on this machine (the container shares its network)`,
        await portFree(port),
        `something listens on ${port}: ss -ltnp 'sport = :${port}'`,
      );
    }
    commit = git("rev-parse", "HEAD");
    const dirty = git("status", "--porcelain", "--untracked-files=no");
    say(`   commit under test: ${commit}${dirty ? " (uncommitted changes are NOT part of the drill)" : ""}`);
    const recipe = serverRecipe(git("show", `${commit}:README.md`));
    say(`   README "Put it on a server" steps: ${[...recipe.steps.keys()].join(", ")}`);
    plan = drillPlan(recipe);
    ok("README.md has every command the drill runs (readme-steps.ts drillPlan)", true);
  });
  if (!plan) fail("no README");
  const readme: DrillPlan = plan;
  const sub = (text: string) => substitute(text, table(repoUrl));

  await stage("Host stand-ins: the site's repository, a mail server, an off-site store", async () => {
    // The developer's repository: a bare repository of the commit under test, served read-only by git daemon.
    const bare = path.join(work, "git", "site.git");
    execFileSync("git", ["init", "-q", "--bare", "-b", "main", bare]);
    execFileSync("git", ["push", "-q", bare, `${commit}:refs/heads/main`], { cwd: checkout });
    const gitPort = await freePort();
    startHost("git-daemon", "git", [
      "daemon",
      "--reuseaddr",
      "--export-all",
      `--base-path=${path.join(work, "git")}`,
      "--listen=127.0.0.1",
      `--port=${gitPort}`,
      "--informative-errors",
    ]);
    await waitForPort(gitPort, "git daemon");
    repoUrl = `git://127.0.0.1:${gitPort}/site.git`;
    say(`   drill: <the site's repository> is ${repoUrl} (git daemon on the host's loopback)`);

    mail = await outside.startMailbox();
    onMail(mail);
    say(`   drill: the mail server is ${mail.url} on the host (checks.ts startMailbox)`);

    offsite = path.join(work, "offsite");
    mkdirSync(offsite);
    webdavPort = await freePort();
    startHost("rclone-serve", "rclone", [
      "serve",
      "webdav",
      offsite,
      "--addr",
      `127.0.0.1:${webdavPort}`,
      "--config",
      path.join(work, "no-rclone.conf"),
    ]);
    await waitForPort(webdavPort, "rclone serve webdav");
    say(`   drill: the off-site store is rclone serve webdav on 127.0.0.1:${webdavPort}, files in ${offsite}`);
  });

  await stage("A new Debian 12 server (mmdebstrap bookworm, then systemd-nspawn --boot)", async () => {
    makeMemoryGroup();
    say(
      limited
        ? `   memory: the container and every command in it run in ${MEMORY_GROUP}, limit ${MEMORY_LIMIT}, no swap`
        : "   memory: no limit (DRILL_MEMORY=off, or no cgroup v1 memory controller here)",
    );
    mkdirSync(APT_CACHE, { recursive: true });
    const cached = readdirSync(APT_CACHE).filter((f) => f.endsWith(".deb")).length;
    say(`   cache: apt's downloaded packages in ${APT_CACHE} (${cached} .deb now)`);
    // The Debian base (no README step in it) is kept for a week, named by what goes into it; DRILL_BASE_CACHE=off
    // makes it every time. CI's fresh machine starts with none, so the uncached path runs there.
    const recipe = createHash("sha256")
      .update(JSON.stringify([BASE_PACKAGES, MIRRORS]))
      .digest("hex")
      .slice(0, 12);
    const base = path.join(BASE_CACHE, `base-bookworm-${recipe}.tar`);
    const useCache = process.env.DRILL_BASE_CACHE !== "off";
    const age = existsSync(base) ? Date.now() - statSync(base).mtimeMs : Infinity;
    if (useCache && age < BASE_CACHE_DAYS * 86_400_000) {
      mkdirSync(container.root);
      const untar = await hostCommand("tar", ["-C", container.root, "-xf", base]);
      ok(
        `the root file system is the cached base ${base} (${(age / 86_400_000).toFixed(1)} days old)`,
        untar.code === 0,
        untar.out,
      );
    } else {
      say(`   cache: no base younger than ${BASE_CACHE_DAYS} days in ${BASE_CACHE}; mmdebstrap makes it`);
      const eatmydata =
        existsSync("/usr/share/mmdebstrap/hooks/eatmydata") &&
        spawnSync("sh", ["-c", "command -v eatmydata"]).status === 0;
      const out = await hostCommand("mmdebstrap", [
        "--variant=minbase",
        `--include=${BASE_PACKAGES.join(",")}`,
        "--skip=essential/unlink",
        // No fsync while unpacking (libeatmydata): the same files, sooner on a busy disk.
        ...(eatmydata ? ["--hook-dir=/usr/share/mmdebstrap/hooks/eatmydata"] : []),
        `--setup-hook=mkdir -p "$1"/var/cache/apt/archives/`,
        `--setup-hook=sync-in ${APT_CACHE} /var/cache/apt/archives/`,
        `--customize-hook=sync-out /var/cache/apt/archives ${APT_CACHE}`,
        "bookworm",
        container.root,
        ...MIRRORS,
      ]);
      ok("mmdebstrap made the root file system", out.code === 0, tail(out.out, 20));
      if (useCache) {
        mkdirSync(BASE_CACHE, { recursive: true });
        for (const old of readdirSync(BASE_CACHE).filter((f) => /^base-bookworm.*\.tar(\.part)?$/.test(f))) {
          rmSync(path.join(BASE_CACHE, old), { force: true });
        }
        const saved = await hostCommand("tar", ["-C", container.root, "-cf", `${base}.part`, "."]);
        if (saved.code === 0) renameSync(`${base}.part`, base);
        say(`   cache: ${saved.code === 0 ? `saved the base as ${base}` : "could not save the base"}`);
      }
    }
    // What the installer gives a server: a name that resolves, and an admin who uses sudo (no password prompt:
    // the drill has no terminal).
    // mmdebstrap writes no /etc/hosts; the installer's has localhost, which Caddy's admin endpoint needs (without it
    // Caddy asked DNS for "localhost" and exited: README step 9 failed).
    writeFileSync(container.file("/etc/hostname"), `${MACHINE}\n`);
    writeFileSync(
      container.file("/etc/hosts"),
      `127.0.0.1\tlocalhost\n127.0.1.1\t${MACHINE}\n::1\t\tlocalhost ip6-localhost ip6-loopback\n` +
        "ff02::1\t\tip6-allnodes\nff02::2\t\tip6-allrouters\n",
    );
    await container.boot();
    ok("the container booted systemd", true);
    await container.root_(
      "useradd -m -s /bin/bash -G sudo admin && echo 'admin ALL=(ALL:ALL) NOPASSWD: ALL' > /etc/sudoers.d/admin",
    );
    say("   drill: the admin is `admin`, in group sudo, without a password prompt");
    const cas = existsSync("/usr/local/share/ca-certificates")
      ? readdirSync("/usr/local/share/ca-certificates").filter((f) => f.endsWith(".crt"))
      : [];
    if (cas.length > 0) {
      for (const ca of cas) {
        copyFileSync(
          `/usr/local/share/ca-certificates/${ca}`,
          container.file(`/usr/local/share/ca-certificates/${ca}`),
        );
      }
      const update = await container.root_("update-ca-certificates");
      ok("sandbox CA installed", update.code === 0, update.out);
      // Debian's Node reads the system store; the Node 24 from npm does not, so npm is told where it is.
      mkdirSync(container.file("/usr/local/etc"), { recursive: true });
      for (const npmrc of ["/etc/npmrc", "/usr/local/etc/npmrc"]) {
        writeFileSync(container.file(npmrc), "cafile=/etc/ssl/certs/ca-certificates.crt\n");
      }
      say(`   sandbox: copied this machine's CA certificates (${cas.join(", ")}) into the container's`);
      say("            /usr/local/share/ca-certificates and set npm's cafile in /etc/npmrc and /usr/local/etc/npmrc:");
      say("            the package registries are reached here through a TLS-intercepting proxy");
    }
    say(`   sandbox: ${APT_CACHE} is bind-mounted at /var/cache/apt/archives (apt's download cache)`);
  });

  let cwd = "~";
  const userStep = async (script: string, options: { allowFail?: boolean; show?: number; timeoutMs?: number } = {}) =>
    container.user(sub(script), { cwd, ...options });

  await stage("Step 2. Packages", async () => {
    say("   (step 1, DNS, is skipped: the drill's domain is localhost)");
    // dpkg without fsync: the same packages installed, sooner (removed again after this step).
    const unsafeIo = container.file("/etc/dpkg/dpkg.cfg.d/drill-unsafe-io");
    writeFileSync(unsafeIo, "force-unsafe-io\n");
    say("   sandbox: dpkg runs with force-unsafe-io during this step (no fsync; speed only)");
    await userStep(readme.packages, { timeoutMs: 900_000, show: 2 });
    rmSync(unsafeIo);
  });

  await stage("Step 3. Node 24 LTS", async () => {
    const r = await userStep(readme.node, { show: 3 });
    ok("node --version prints v24", /^v24\./m.test(r.out), r.out);
    const npm = await userStep("npm config get prefix", { show: 2 });
    ok(
      "npm 11 warns about no config it does not know (Debian's builtin npmrc)",
      !/Unknown .*config/.test(npm.out),
      npm.out,
    );
  });

  await stage("Step 4. The site's user, folders and code", async () => {
    await userStep(readme.site);
    cwd = SITE_DIR;
    const home = await userStep(`sudo -u heartland sh -c 'echo "$HOME"'`, { show: 0 });
    ok(
      "sudo -u heartland sets HOME to /var/lib/heartland-site",
      home.out.trim() === "/var/lib/heartland-site",
      home.out,
    );
    const owner = await container.root_(`stat -c %U ${SITE_DIR} ${SITE_DIR}/.git ${SITE_DIR}/package.json`);
    ok(
      "the working copy belongs to heartland",
      owner.out
        .trim()
        .split("\n")
        .every((u) => u === "heartland"),
      owner.out,
    );
    const head = await userStep("sudo -u heartland git rev-parse HEAD && sudo -u heartland git status --porcelain", {
      show: 0,
    });
    ok(
      'git works in it as heartland (no "dubious ownership"), at the commit under test, clean',
      head.out.trim() === commit,
      head.out,
    );
  });

  await stage("Step 5. Settings", async () => {
    await userStep(readme.copyEnv);
    const lines = readme.envLines;
    const values: [string, string][] = [
      ["SITE_URL", ORIGIN],
      ["SMTP_URL", mail?.url ?? ""],
      ["MAIL_FROM", "Website <no-reply@example.com>"],
      ["NOTIFY_EMAIL", "owner@example.com"],
      ...lines.map(([k, v]): [string, string] => [k, sub(v)]),
    ];
    say(
      `   drill: for \`${readme.editEnv}\`, sets ${values.map(([k]) => k).join(", ")} (the step's ${lines.length} lines among them)`,
    );
    const env = container.file(`${SITE_DIR}/.env`);
    writeFileSync(env, setEnv(readFileSync(env, "utf8"), values));
    await userStep(readme.envMode);
    const mode = await container.root_(`stat -c '%U:%G %a' ${SITE_DIR}/.env`);
    ok(".env is root:heartland 640", mode.out.trim() === "root:heartland 640", mode.out);
  });

  if (GATE) {
    await stage("Waiting for npm test to end (DRILL_GATE: CI runs the steps above beside it)", async () => {
      while (!existsSync(GATE)) await sleep(1_000);
      patience = 1;
    });
  }

  await stage("Step 6. Install and build", async () => {
    await userStep(readme.install, { timeoutMs: 1_200_000, show: 3 });
    const cache = await container.root_("stat -c %U /var/lib/heartland-site/.npm");
    ok(
      "npm's cache is in heartland's home (/var/lib/heartland-site/.npm)",
      cache.out.trim() === "heartland",
      cache.out,
    );
    const gypi = await container.root_(
      `grep -o '"nodedir": "[^"]*"' ${SITE_DIR}/node_modules/better-sqlite3/build/config.gypi`,
    );
    ok(
      "better-sqlite3 was compiled here against Node 24.18.1's headers",
      /node-headers-24\.18\.1/.test(gypi.out),
      gypi.out,
    );
  });

  await stage("Step 7. Check", async () => {
    const r = await userStep(readme.check, {
      allowFail: true,
      show: 0,
    });
    // The template's placeholders (content/) are the developer's to fill in; https://localhost is the drill's
    // stand-in domain. Anything else it lists is a real problem of the server the README set up.
    // Its list: a file (or "environment / .env") unindented, then that file's problems indented by two spaces.
    // Its notices (settings the owner may leave unset, as Stripe's: decision 0040) are not blockers: shown, not failed.
    const unexpected: string[] = [];
    const notices: string[] = [];
    let file = "";
    for (const line of r.out.split("\n")) {
      if (/^\S/.test(line) && !/^(npm |> |Not ready|Ready to launch)/.test(line)) file = line.trim();
      else if (/^ {2}\S/.test(line) && file.startsWith("Notice")) notices.push(line.trim());
      else if (/^ {2}\S/.test(line) && !file.startsWith("content/")) {
        if (!/^ {2}SITE_URL: https:\/\/localhost is this machine/.test(line))
          unexpected.push(`${file}: ${line.trim()}`);
      }
    }
    say(`   drill: check:launch may list the template's placeholders in content/ and SITE_URL=https://localhost`);
    for (const notice of notices) say(`   drill: check:launch's notice (not a blocker): ${notice}`);
    ok(
      "check:launch lists nothing else",
      unexpected.length === 0 && (r.code === 0 || /Not ready to launch/.test(r.out)),
      r.out,
    );
  });

  await stage("Step 8. The service", async () => {
    const r = await userStep(readme.service, { show: 4 });
    ok("systemctl status says active (running)", /Active: active \(running\)/.test(r.out), r.out);
    ok('/healthz answers {"ok":true}', r.out.includes('{"ok":true}'), r.out);
  });

  let ca: Buffer | null = null;
  const caddyRoot = () =>
    existsSync(container.file(CADDY_ROOT_CERT)) ? readFileSync(container.file(CADDY_ROOT_CERT)) : null;
  await stage("Step 9. Caddy (HTTPS)", async () => {
    const [setup, checks] = splitBefore(readme.caddy, /^curl /);
    await userStep(setup);
    await waitForHttps(caddyRoot, "/healthz", 60_000);
    ca = caddyRoot();
    ok(`${ORIGIN}/healthz answers 200 through Caddy, its certificate signed by Caddy's internal root`, ca !== null);
    // What a public CA gives a real domain without asking: the server's curl trusts the certificate.
    await container.root_(
      `cp ${CADDY_ROOT_CERT} /usr/local/share/ca-certificates/caddy-local-root.crt && update-ca-certificates`,
    );
    say("   drill: Caddy's internal root is added to the container's CA store (a real domain's certificate is public)");
    const r = await userStep(checks, { show: 12 });
    ok("curl -sI https://localhost/ says HTTP/2 200", /^HTTP\/2 200/m.test(r.out), r.out);
    ok(
      "http://www.localhost/faq answers 308 to https",
      /^HTTP\/1\.1 308/m.test(r.out) && /Location: https:\/\/www\.localhost\/faq/i.test(r.out),
      r.out,
    );
    const www = await https("/faq", ca ?? Buffer.alloc(0), { host: `www.${DOMAIN}` });
    ok(
      "https://www.localhost/faq answers 301 to https://localhost/faq",
      www.status === 301 && www.headers.location === `${ORIGIN}/faq`,
      `${www.status} ${String(www.headers.location)}`,
    );
  });

  await stage("Step 10. Off-site backups", async () => {
    const conf = `[offsite]\ntype = webdav\nurl = http://127.0.0.1:${webdavPort}/\nvendor = other\n`;
    await userStep(`printf '${conf.replace(/\n/g, "\\n")}' | sudo tee /etc/heartland-rclone.conf >/dev/null`, {
      show: 0,
    });
    say(
      `   drill: for the interactive \`${readme.rcloneConfig}\`, writes the remote \`offsite\` (webdav) into /etc/heartland-rclone.conf`,
    );
    await userStep(readme.rcloneMode);
    const r = await userStep(readme.offsite, { show: 8 });
    const remote = path.join(offsite, "heartland-backups");
    const copied = (existsSync(remote) ? readdirSync(remote) : []).filter((f) => /^estimates-.*\.db$/.test(f));
    ok("the off-site store has the server's first backup", copied.length > 0, r.out);
    say(`   off-site: ${copied.join(", ")}`);
  });

  let invite = "";
  await stage("Step 11. The owner's first login", async () => {
    const r = await userStep(readme.invite);
    invite = /https:\/\/localhost\/owner\/enrol\/\S+/.exec(r.out)?.[0] ?? "";
    ok("the invite link is on https://localhost", invite !== "", r.out);
  });

  // From here on, from outside the container: a browser on this machine, over https, trusting Caddy's root.
  const shots = RESULTS;
  const site = () => ({ origin: ORIGIN, ca: ca ?? Buffer.alloc(0) });
  let trust: Trust | null = null;
  let browser: Browser | null = null;
  let owner: Owner | null = null;
  let ownerPhone: { before: string } | null = null;
  let calendarHost: CalendarHost | null = null;
  /** The owner's last phone and the developer's FAQ sentence, both on the public site. */
  const bothLive = async (when: string) => {
    await outside.checkPhoneLive(site(), { phone: OWNER_PHONE, gone: ownerPhone?.before ?? NEW_PHONE });
    ok(`${when}: the owner's ${OWNER_PHONE} is live on every page`, true);
    const faq = await https("/faq", ca ?? Buffer.alloc(0));
    ok(`${when}: the developer's "${DEV_FAQ[1]}" is on /faq`, faq.body.includes(DEV_FAQ[1]), `${faq.status}`);
  };
  const leads = async () => {
    const r = await userStep(readme.leads, { show: 0 });
    const count = /^(\d+) (?:latest )?estimate request\(s\)/m.exec(r.out)?.[1];
    return { count: count === undefined ? -1 : Number(count), out: r.out };
  };

  let stripe: StripeStandIn | null = null;
  /** The quote accepted in the quote's stage: its homeowner's link and its console page. */
  let acceptedQuote: outside.AcceptedQuote | null = null;
  /** Stripe's settings in .env (with the stand-in's address) or out of it, then the service restarted. */
  const setStripe = async (on: boolean) => {
    const env = container.file(`${SITE_DIR}/.env`);
    const values: [string, string][] = [
      ["STRIPE_SECRET_KEY", on ? "sk_test_drill" : ""],
      ["STRIPE_WEBHOOK_SECRET", on ? STRIPE_WEBHOOK_SECRET : ""],
      ["STRIPE_API_BASE", on && stripe ? stripe.url : ""],
    ];
    writeFileSync(env, setEnv(readFileSync(env, "utf8"), values));
    await userStep("sudo systemctl restart heartland-site");
    await waitForHttps(() => ca, "/healthz", 60_000);
  };
  /** Each payment stage ends with the site's Stripe settings out again: check:launch refuses the stand-in's address. */
  const stripeSettled = async () => {
    await setStripe(false);
    ok("Stripe's test settings are out of .env again, and the site restarted without them", true);
  };

  /** The request step 12 sent, for the quote made from it. */
  let firstRequest: { sent: outside.SentRequest; id: number } | null = null;
  let quotesAccepted = 0;

  try {
    await stage("Step 12. A test request from the contact page, its e-mail, npm run leads", async () => {
      trust = outside.trustCaddyRoot(container.file(CADDY_ROOT_CERT));
      browser = await outside.launchTrustingBrowser(trust);
      const refused = await outside.checkUntrustedBrowserRefuses(ORIGIN);
      ok(`a browser without Caddy's root is refused (${refused})`, true);
      const pages = await outside.checkPublicPages(site());
      ok(`every public page answers 200 over https (${pages.length})`, true);
      owner = await outside.enrolOwner(browser, outside.parseInviteLink(invite), { screenshots: shots });
      ok("the owner enrolled a passkey from the invite, over https at 375 px", true);
      const sent = await outside.sendRequestFromForm(browser, ORIGIN, { screenshots: shots });
      ok("a homeowner sent a request from /contact", true);
      const alert = await outside.waitForOwnerAlert(mail as unknown as Mailbox, sent, ORIGIN);
      ok(`the owner's alert reached the mail server (${(alert.waitedMs / 1000).toFixed(1)} s)`, true);
      await outside.checkAlertLinks(owner, alert, sent, { screenshots: shots });
      ok("the alert's console links work (the request opens; one tap marks it contacted)", true);
      const l = await leads();
      ok(`npm run leads lists it (${l.count})`, l.count >= 1 && l.out.includes(sent.email), l.out);
      firstRequest = { sent, id: alert.requestId };
    });

    await stage("Taking payments (docs/stripe.md): Stripe's two settings in .env, then a restart", async () => {
      stripe = await startStripeStandIn({ webhookSecret: STRIPE_WEBHOOK_SECRET });
      // Stripe's servers post to the site's webhook; the stand-in posts to the service's own port on this loopback.
      stripe.target(`http://127.0.0.1:${SITE_PORT}`);
      say(`   drill: Stripe's API and checkout are a stand-in on ${stripe.url} (STRIPE_API_BASE, tests only)`);
      await setStripe(true);
    });

    await stage("A quote: sent from the console, accepted from the homeowner's link, its PDF", async () => {
      if (!owner || !firstRequest) return fail("no request from step 12");
      const unitRss = sampleUnitRss();
      const quote = await outside.sendAndAcceptQuote(
        owner,
        mail as unknown as Mailbox,
        firstRequest.id,
        firstRequest.sent,
        { screenshots: shots },
      );
      const rss = unitRss();
      ok(
        `the quote's e-mail with its link and PDF reached the homeowner (${(quote.sentMs / 1000).toFixed(1)} s after Send)`,
        true,
      );
      ok(
        `the homeowner accepted ${quote.reference} from the link; the request is won; the copy arrived ` +
          `${(quote.copyMs / 1000).toFixed(1)} s later with the console's hash ${quote.sha256.slice(0, 12)}…`,
        true,
      );
      ok(
        `the console's PDF of the accepted quote: ${quote.pdf.length} bytes, with the hash in it`,
        quote.pdf.toString("latin1").startsWith("%PDF-"),
      );
      say(
        `   memory: the unit's processes ${rss.before} MiB before, at most ${rss.peak} MiB during the quote (+${rss.peak - rss.before})`,
      );
      quotesAccepted += 1;
      acceptedQuote = quote;
    });

    await stage("The deposit paid on the site (Stripe Checkout), recorded once from the signed event", async () => {
      if (!browser || !stripe || !acceptedQuote) return fail("no accepted quote, browser or checkout");
      const paid = await outside.payOnline(browser, acceptedQuote.link, stripe, {
        pay: /^Pay the \$[\d,.]+ deposit$/,
        paidText: /Deposit of \$[\d,.]+ paid on/,
        name: "deposit",
        screenshots: shots,
      });
      ok(
        `the homeowner paid the ${paid.amount} deposit; the page said "confirming" until the signed event (${paid.statuses.join(", ")})`,
        paid.statuses.length === 1 && paid.statuses[0] === 200,
      );
    });

    let finishedJob: outside.FinishedJob | null = null;
    await stage(
      "The job: made from the accepted quote on the phone, a work day with its invite, Job done",
      async () => {
        if (!browser || !acceptedQuote || !owner || !firstRequest) return fail("no accepted quote");
        const job = await outside.scheduleAndFinishJob(
          owner,
          mail as unknown as Mailbox,
          acceptedQuote.consolePath,
          firstRequest.sent.email,
          { screenshots: shots },
        );
        ok(
          `the homeowner got the work day's invite (REQUEST, SEQUENCE ${job.invite.sequence}) and the job page's link`,
          true,
        );
        const page = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
        try {
          const answer = await page.goto(job.link);
          const text = await page.locator("body").innerText();
          ok(
            "the homeowner's job page, without JavaScript, shows the work done",
            answer?.status() === 200 && text.includes("The work is done. Thank you."),
            text.slice(0, 300),
          );
          await page.screenshot({ path: path.join(shots, "job-page-375.png"), fullPage: true });
        } finally {
          await page.close();
        }
        ok(`"Job done" made the invoice's draft (${job.invoicePath})`, true);
        finishedJob = job;
      },
    );

    await stage("The invoice: made by the job on the phone, sent, paid on the site", async () => {
      try {
        if (!browser || !stripe || !acceptedQuote || !owner || !firstRequest) return fail("no accepted quote");
        const invoice = await outside.makeAndSendInvoice(
          owner,
          mail as unknown as Mailbox,
          acceptedQuote.consolePath,
          firstRequest.sent.email,
          { screenshots: shots, draftPath: (finishedJob as outside.FinishedJob | null)?.invoicePath },
        );
        ok(
          `${invoice.number} went out from the phone; its e-mail reached the homeowner ${(invoice.sentMs / 1000).toFixed(1)} s after Send`,
          true,
        );
        const paid = await outside.payOnline(browser, invoice.link, stripe, {
          pay: /^Pay \$[\d,]+\.\d\d$/,
          paidText: /Paid in full\. Thank you\./,
          name: "invoice",
          screenshots: shots,
        });
        ok(
          `the homeowner paid ${invoice.number}'s ${paid.amount}; "confirming" until the signed event (${paid.statuses.join(", ")})`,
          paid.statuses.length === 1 && paid.statuses[0] === 200,
        );
        await outside.checkInvoicePaidInConsole(owner, invoice, { screenshots: shots });
        ok(`the console shows ${invoice.number} Paid, and the Money page lists its payment`, true);
      } finally {
        await stripeSettled();
      }
    });

    await stage("Booking the estimate visit: a window, its invite, a move, the reminder queued", async () => {
      if (!browser) return fail("no browser (step 12)");
      const visit = await outside.bookAndMoveVisit(browser, ORIGIN, mail as unknown as Mailbox, { screenshots: shots });
      ok(`a homeowner booked ${visit.booked} from the success message; the invite parses: REQUEST, SEQUENCE 0`, true);
      ok(`moved to ${visit.moved} from the e-mail's link; the second invite has the same UID, SEQUENCE 1`, true);
      // The reminder: 9:00 in Chicago the day before the window the visit moved to, queued in the outbox.
      const day = visit.moved.slice(0, 10);
      const due = localTime(instantAt(addDays(day, -1), "09:00", "America/Chicago").toISOString());
      const l = await leads();
      const row = l.out.split(/\n(?=#)/).find((r) => r.includes(visit.email)) ?? "";
      ok(`npm run leads shows the visit and its reminder due ${due}`, row.includes(`visit reminder: due ${due}`), row);
    });

    await stage("The owner's own calendar: a busy time closes its window within a read; his visits' feed", async () => {
      if (!owner || !browser) return fail("no owner signed in (step 12)");
      // A calendar host on this machine stands in for Google's: https with a certificate made here for
      // calendar.test, which the server is told (CALENDAR_TEST_HOSTS, a setting for tests that the launch check
      // refuses) to find on this machine's loopback, trusting that certificate alone. The drill reads every 10 s.
      const tls = makeTls(["calendar.test"]);
      let events: IcsEvent[] = [chicagoEvent("far@drill", "2027-06-01", "09:00", "10:00")];
      calendarHost = await startCalendarHost(tls);
      calendarHost.on(
        "/work.ics",
        calendarAnswer(() => calendar(events)),
      );
      const port = calendarHost.port;
      mkdirSync(container.file("/etc/heartland-drill"), { recursive: true });
      writeFileSync(container.file("/etc/heartland-drill/calendar-ca.pem"), tls.cert, { mode: 0o644 });
      const dropIn = container.file("/etc/systemd/system/heartland-site.service.d/drill-calendar.conf");
      mkdirSync(path.dirname(dropIn), { recursive: true });
      writeFileSync(
        dropIn,
        "[Service]\n" +
          `Environment=CALENDAR_TEST_HOSTS=calendar.test=127.0.0.1:${port}\n` +
          "Environment=CALENDAR_TEST_CA=/etc/heartland-drill/calendar-ca.pem\n" +
          "Environment=CALENDAR_READ_SECONDS=10\n",
      );
      say(
        `   sandbox: a calendar host on 127.0.0.1:${port} stands in for Google (no internet here): the unit's drop-in`,
      );
      say(
        "            drill-calendar.conf maps calendar.test to it (CALENDAR_TEST_HOSTS, CALENDAR_TEST_CA) and reads every 10 s",
      );
      await container.root_("systemctl daemon-reload && systemctl restart heartland-site");
      await waitForHttps(() => ca, "/healthz", 60_000);
      const line = await outside.addOwnCalendar(owner, `https://calendar.test:${port}/work.ics`, "Work", {
        screenshots: shots,
      });
      ok(
        `the owner added his calendar in the console and it was read: "${line.slice(0, 90)}"`,
        /Read .* today/.test(line),
      );
      const link = await outside.homeownerReadyToBook(browser, ORIGIN, { screenshots: shots });
      const before = await outside.offeredWindows(site(), link);
      // A window two days on or later: the one a new busy time will cover.
      const days = [...new Set(before.map((w) => w.slice(0, 10)))];
      const target = before.find((w) => w.slice(0, 10) === days[1]) ?? before[0] ?? "";
      ok(`a homeowner is offered ${before.length} windows, among them ${target}`, target !== "", before.join(", "));
      const [day = "", time = ""] = target.split(" ");
      const later = `${String(Number(time.slice(0, 2)) + 1).padStart(2, "0")}${time.slice(2)}`;
      events = [...events, chicagoEvent("roof@drill", day, `${time.slice(0, 2)}:30`, later)];
      const added = performance.now();
      let closedAfter = -1;
      while (performance.now() - added < 30_000) {
        if (!(await outside.offeredWindows(site(), link)).includes(target)) {
          closedAfter = (performance.now() - added) / 1000;
          break;
        }
        await sleep(250);
      }
      ok(
        `a busy time added to his calendar closed ${target} in ${closedAfter.toFixed(1)} s (one read cycle: 10 s)`,
        closedAfter >= 0 && closedAfter <= 15,
        `still offered after 30 s`,
      );
      const after = await outside.offeredWindows(site(), link);
      ok(
        "the other windows of that day stay open",
        before.filter((w) => w.startsWith(day) && w !== target).every((w) => after.includes(w)),
        after.join(", "),
      );
      const feed = await outside.makeVisitsFeed(owner, { screenshots: shots });
      ok(
        `the feed's address has its webcal: link (${feed.webcal.replace(/[A-Za-z0-9_-]{43}/, "…")})`,
        /^webcal:\/\/localhost\/calendar\//.test(feed.webcal),
      );
      const answer = await https(new URL(feed.https).pathname, ca ?? Buffer.alloc(0));
      let parsed = "";
      try {
        const root = new ICAL.Component(ICAL.parse(answer.body) as never);
        parsed = `${root.getAllSubcomponents("vevent").length} visit(s), refresh ${String(root.getFirstPropertyValue("refresh-interval"))}`;
      } catch (error) {
        parsed = `not valid: ${error instanceof Error ? error.message : String(error)}`;
      }
      ok(
        `the feed is valid iCalendar for ical.js over https (${parsed}), no-store, ETag`,
        answer.status === 200 &&
          parsed.includes("refresh PT1H") &&
          answer.headers["cache-control"] === "no-store" &&
          Boolean(answer.headers.etag),
        `${answer.status} ${parsed}`,
      );
      const again = await https(new URL(feed.https).pathname, ca ?? Buffer.alloc(0), {
        headers: { "if-none-match": String(answer.headers.etag) },
      });
      ok("asked with its ETag, the feed answers 304", again.status === 304, String(again.status));
    });

    let phoneBefore = "";
    await stage("Customers: his Jobber list imported, a campaign sent once, one-click unsubscribe (issue 65)", async () => {
      if (!owner || !mail || !trust) return fail("no owner signed in (step 12)");
      const c = await importListAndSendCampaign(owner, mail as unknown as Mailbox, trust.ca, { screenshots: shots });
      ok(`the Jobber export's dry run added up, then: ${c.imported}`, true);
      ok(`Margaret Hollis found by her phone, her fireplace due ${c.dueOn}; the campaign counted her alone`, true);
      if (c.arrivedMs === null)
        ok("Send queued 1 e-mail; outside 9-5 Central on a business day it waits for the window (none arrived)", true);
      else {
        ok(`the campaign's e-mail arrived once (${(c.arrivedMs / 1000).toFixed(1)} s after Send), ${c.headers}`, true);
        ok("her one-click unsubscribe (a POST, no cookie) was honoured: the next count leaves her out", c.unsubscribed);
      }
    });

    await stage("A condition report: recorded at the visit on the phone, sent, read from its link (issue 66)", async () => {
      if (!owner || !mail || !trust) return fail("no owner signed in (step 12)");
      const r = await recordAndSendReport(owner, mail as unknown as Mailbox, trust.ca, { screenshots: shots });
      ok("the owner recorded the scope and a cracked crown with its photo (on the server once) and sent it", true);
      ok(`the homeowner's e-mail arrived ${(r.sentMs / 1000).toFixed(1)} s after Send with its PDF (${r.pdfBytes} B)`, true);
      ok(`the report's link opens with no script (${r.pageBytes} B); a changed link is the one 404`, true);
    });

    await stage("Publish from the console: a phone change, live", async () => {
      if (!owner) return fail("no owner signed in (step 12)");
      resetMemoryPeak();
      await unitMemory(container, true);
      const unitRss = sampleUnitRss();
      const change = await outside.publishPhone(owner, { phone: NEW_PHONE, screenshots: shots });
      const rss = unitRss();
      say(
        `   memory: the unit's processes (RSS, sampled every 100 ms from the host): ${rss.before} MiB before the tap, at most ${rss.peak} MiB during the publish (+${rss.peak - rss.before})`,
      );
      phoneBefore = change.before;
      const peak = memoryGroupFigure("memory.max_usage_in_bytes");
      const oom = limited
        ? /oom_kill (\d+)/.exec(readFileSync(path.join(MEMORY_GROUP, "memory.oom_control"), "utf8"))?.[1]
        : undefined;
      if (limited && peak !== null) {
        say(
          `   memory: the whole server's peak during the publish ${(peak / 2 ** 20).toFixed(0)} MiB of ${MEMORY_LIMIT}; OOM kills so far: ${oom ?? "?"}`,
        );
      }
      ok(`published: "${change.consoleSays}" in ${(change.waitedMs / 1000).toFixed(1)} s`, true);
      await outside.checkPhoneLive(site(), { phone: NEW_PHONE, gone: change.before, owner, screenshots: shots });
      ok(`${NEW_PHONE} is live on every page`, true);
      await memoryAfterPublish(container);
    });

    await stage("systemctl restart: the published render still serves", async () => {
      await userStep("sudo systemctl restart heartland-site");
      await waitForHttps(() => ca, "/healthz", 60_000);
      const current = await container.root_(`readlink ${SITE_DIR}/renders/current`);
      ok(
        "renders/current names the published render (decision 0027: a publish renders, it does not build)",
        /^\d{14}-\d{6}$/.test(current.out.trim()) && current.code === 0,
        current.out,
      );
      if (!phoneBefore) return fail("no phone was published");
      await outside.checkPhoneLive(site(), { phone: NEW_PHONE, gone: phoneBefore });
      ok(`after the restart ${NEW_PHONE} is still live`, true);
    });

    await stage("Undo last change: the old phone is back", async () => {
      if (!owner || !phoneBefore) return fail("no phone was published");
      const undo = await outside.undoLastChange(owner);
      ok(`undone: "${undo.consoleSays}" in ${(undo.waitedMs / 1000).toFixed(1)} s`, true);
      await outside.checkPhoneLive(site(), { phone: phoneBefore, gone: NEW_PHONE });
      ok(`${phoneBefore} is live again`, true);
      await memoryAfterPublish(container);
    });

    const siteGit = async (args: string) =>
      (await container.root_(`sudo -u heartland git -C ${SITE_DIR} ${args}`, 60_000, true)).out.trim();

    await stage("A restart in the middle of a publish: the owner's change is live after it", async () => {
      if (!owner || !phoneBefore) return fail("no owner signed in (step 12)");
      const head = await siteGit("rev-parse HEAD");
      const stop = watchPublic(() => ca);
      let restarted = 0;
      const change = await outside.publishPhone(owner, {
        phone: RESTART_PHONE,
        meanwhile: async () => {
          const t = performance.now();
          await container.root_("systemctl restart heartland-site");
          restarted = performance.now() - t;
        },
      });
      await waitForHttps(() => ca, "/healthz", 60_000);
      const counts = await stop();
      say(`   drill: systemctl restart took ${(restarted / 1000).toFixed(1)} s, sent while the console published`);
      ok(
        `the console says: "${change.consoleSays}" (${(change.waitedMs / 1000).toFixed(1)} s after the tap)`,
        change.consoleSays.includes("The server restarted while this was publishing, so it was published again."),
        change.consoleSays,
      );
      ok(`the public site answered every check throughout (${countsText(counts)})`, onlyOk(counts), countsText(counts));
      await outside.checkPhoneLive(site(), { phone: RESTART_PHONE, gone: phoneBefore });
      ok(`${RESTART_PHONE} is live on every page`, true);
      const log = await siteGit("log -2 --format=%s%x09%H");
      ok(
        "it is one commit, the owner's, on top of the one before",
        /^Business facts: Phone\t/.test(log) && log.endsWith(head),
        log,
      );
      const status = await siteGit("status --porcelain");
      ok("the working copy is clean", status === "", status);
    });

    await stage("A full disk in the middle of a publish: the site serves, the owner is told", async () => {
      if (!owner) return fail("no owner signed in (step 12)");
      // renders/ on a small file system of its own, filled but for 64 KiB: the render's first pages do not fit.
      const renders = `${SITE_DIR}/renders`;
      const fill = await container.root_(
        [
          "set -e",
          "systemctl stop heartland-site",
          `cp -a ${renders} /var/tmp/renders-kept`,
          `mount -t tmpfs -o size=64m tmpfs ${renders}`,
          `cp -a /var/tmp/renders-kept/. ${renders}/`,
          `chown --reference=/var/tmp/renders-kept ${renders}`,
          `chmod --reference=/var/tmp/renders-kept ${renders}`,
          `fallocate -l $(( $(df --output=avail -B1 ${renders} | tail -1) - 65536 )) ${renders}/filler`,
          `df -h ${renders} | tail -1`,
          "systemctl start heartland-site",
        ].join("\n"),
        120_000,
      );
      ok(`renders/ is full (${fill.out.trim().split("\n").pop() ?? ""})`, fill.code === 0, fill.out);
      await waitForHttps(() => ca, "/healthz", 60_000);
      const head = await siteGit("rev-parse HEAD");
      const stop = watchPublic(() => ca);
      const refused = await outside.publishPhone(owner, { phone: DISK_PHONE, outcome: "failed" });
      const counts = await stop();
      ok(
        `the console says: "${refused.consoleSays}"`,
        refused.consoleSays.includes("The site was not changed: the disk is full"),
        refused.consoleSays,
      );
      ok(`the public site answered every check throughout (${countsText(counts)})`, onlyOk(counts), countsText(counts));
      await outside.checkPhoneLive(site(), { phone: RESTART_PHONE, gone: DISK_PHONE });
      ok(`${RESTART_PHONE} is still live on every page`, true);
      const after = await siteGit("rev-parse HEAD");
      const status = await siteGit("status --porcelain");
      ok("no commit, and the working copy is clean", after === head && status === "", `${after} ${status}`);
      const back = await container.root_(
        [
          "set -e",
          "systemctl stop heartland-site",
          `umount ${renders}`,
          "rm -rf /var/tmp/renders-kept",
          "systemctl start heartland-site",
        ].join("\n"),
        120_000,
      );
      ok("renders/ is back on the server's own disk", back.code === 0, back.out);
      await waitForHttps(() => ca, "/healthz", 60_000);
      await outside.checkPhoneLive(site(), { phone: RESTART_PHONE, gone: DISK_PHONE });
      ok(`after the disk has room again, ${RESTART_PHONE} is live`, true);
    });

    await stage("Reboot: the service comes back by itself", async () => {
      const before = await leads();
      await container.poweroff();
      ok("the container powered off", true);
      await container.boot();
      const active = await container.root_("systemctl is-active heartland-site caddy");
      ok("after the boot heartland-site and caddy are active", active.out.trim() === "active\nactive", active.out);
      await waitForHttps(() => ca, "/healthz", 60_000);
      ok(`${ORIGIN}/healthz answers 200 after the reboot`, true);
      const after = await leads();
      ok(`the requests are all there (${after.count})`, after.count === before.count, after.out);
    });

    let made = "";
    let atBackup = { count: -1, out: "" };
    await stage("Backup, and its off-site copy", async () => {
      cwd = SITE_DIR;
      const backup = await userStep(readme.backup);
      made = /estimates-[\w.-]+\.db/.exec(backup.out)?.[0] ?? "";
      ok("npm run backup names the backup it made", made !== "", backup.out);
      atBackup = await leads();
      await userStep("sudo systemctl start heartland-offsite");
      ok(`the off-site store has ${made}`, existsSync(path.join(offsite, "heartland-backups", made)));
    });

    await stage("Restore from that backup", async () => {
      if (!made) return fail("no backup was made");
      cwd = SITE_DIR;
      const { stop, start } = readme;
      const restore = readme.restore.replace(
        /\/var\/backups\/heartland-site\/estimates-<time>\.db/,
        `/var/backups/heartland-site/${made}`,
      );
      const refused = await userStep(restore, { allowFail: true });
      ok("restore refuses while the server runs", refused.code !== 0, refused.out);
      await userStep(stop);
      const restored = await userStep(restore);
      ok(
        `the restore checked every quote's hashes (${quotesAccepted} accepted quote(s) in the backup)`,
        // "1 accepted, 2 paid online, every hash checked": the online payments are counted beside the quotes.
        new RegExp(`\\b${quotesAccepted} accepted, (?:\\d+ paid online, )?every hash checked`).test(restored.out),
        restored.out,
      );
      await userStep(start);
      await waitForHttps(() => ca, "/healthz", 60_000);
      ok(`${ORIGIN}/healthz answers 200 after the restore`, true);
      const after = await leads();
      ok(
        `every request is back (${after.count} of ${atBackup.count})`,
        after.count === atBackup.count && after.count >= 0,
        after.out,
      );
    });

    await stage("Part 6. The owner's edit and the developer's commit, then npm run update: both live", async () => {
      if (!owner) return fail("no owner signed in (step 12)");
      const change = await outside.publishPhone(owner, { phone: OWNER_PHONE });
      ownerPhone = change;
      ok(
        `the owner published ${OWNER_PHONE}: "${change.consoleSays}" in ${(change.waitedMs / 1000).toFixed(1)} s`,
        true,
      );
      // The developer, on their own machine: a clone of the site's repository, one commit, pushed.
      const dev = path.join(work, "dev");
      execFileSync("git", ["clone", "-q", path.join(work, "git", "site.git"), dev]);
      const faq = path.join(dev, "content", "faqs.yaml");
      writeFileSync(faq, readFileSync(faq, "utf8").replace(DEV_FAQ[0], DEV_FAQ[1]));
      const devGit = ["-C", dev, "-c", "user.name=Developer", "-c", "user.email=dev@example.com"];
      execFileSync("git", [...devGit, "commit", "-q", "-am", "FAQ: how often, said plainly"]);
      execFileSync("git", [...devGit, "push", "-q", "origin", "main"]);
      say(`   drill: the developer pushed a commit to the site's repository (/faq: "${DEV_FAQ[1]}")`);
      // check:launch lists the template's placeholders here (step 7): the rest of the block still runs.
      const [update, rest] = splitBefore(readme.update, /check:launch/);
      const [check, restart] = splitBefore(rest, /systemctl restart/);
      cwd = "~";
      resetMemoryPeak();
      const unitRss = sampleUnitRss();
      const updateStarted = performance.now();
      const u = await userStep(update, { show: 8, timeoutMs: 1_200_000 });
      const rss = unitRss();
      const peak = memoryGroupFigure("memory.max_usage_in_bytes");
      say(
        `   npm run update: ${((performance.now() - updateStarted) / 1000).toFixed(1)} s; the unit's processes ${rss.before} MiB before, ` +
          `at most ${rss.peak} MiB during it` +
          (limited && peak !== null
            ? `; the whole server's peak ${(peak / 2 ** 20).toFixed(0)} MiB of ${MEMORY_LIMIT}`
            : ""),
      );
      cwd = SITE_DIR;
      await userStep(check, { allowFail: true, show: 0 });
      await userStep(restart);
      ok("npm run update exits 0", u.code === 0, u.out);
      await waitForHttps(() => ca, "/healthz", 60_000);
      await bothLive("after npm run update");
    });

    await stage("Part 6. /srv/heartland-site lost: back from the newest bundle (README recipe)", async () => {
      cwd = SITE_DIR;
      const backup = await userStep(readme.backup);
      ok(
        "npm run backup wrote the site's history: The site's history (verified): …site-<time>.bundle",
        /The site's history \(verified\): \S+site-[\w.-]+\.bundle/.test(backup.out),
        backup.out,
      );
      const bundles = await container.root_("ls /var/backups/heartland-site/ | grep -c 'site-.*\\.bundle$'");
      ok(`the backup folder has site bundles (${bundles.out.trim()})`, Number(bundles.out.trim()) > 0, bundles.out);
      cwd = "~";
      await userStep(readme.reclone, { show: 4 });
      cwd = SITE_DIR;
      await userStep(readme.envBack);
      await userStep(readme.envMode);
      await userStep(readme.install, { timeoutMs: 1_200_000, show: 3 });
      await userStep(readme.check, { allowFail: true, show: 0 });
      await userStep(readme.start);
      await waitForHttps(() => ca, "/healthz", 60_000);
      await bothLive("after the working copy came back from the bundle");
      const origin = await userStep("sudo -u heartland git remote get-url origin", { show: 1 });
      ok("origin is the site's repository again", origin.out.trim() === repoUrl, origin.out);
    });
  } finally {
    await (calendarHost as CalendarHost | null)?.close();
    if (owner) await (owner as Owner).close().catch(() => {});
    if (browser) await (browser as Browser).close().catch(() => {});
    if (trust) (trust as Trust).remove();
  }
}

/**
 * Asks for `/` and /faq over https every quarter second until the returned stop is called; resolves with how many
 * answers had each status ("200", or the error's first line).
 */
function watchPublic(ca: () => Buffer | null): () => Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let on = true;
  const loop = (async () => {
    while (on) {
      for (const p of ["/", "/faq"]) {
        const key = await https(p, ca() ?? Buffer.alloc(0)).then(
          (a) => String(a.status),
          (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "error",
        );
        counts[key] = (counts[key] ?? 0) + 1;
      }
      await sleep(250);
    }
  })();
  return async () => {
    on = false;
    await loop;
    return counts;
  };
}

const onlyOk = (counts: Record<string, number>) => Object.keys(counts).every((k) => k === "200");
const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${n}× ${k}`)
    .join(", ");

/**
 * The summed RSS of the unit's processes, read from the host's /proc every 100 ms until the returned stop: the
 * unit's own figure where the container has no memory controller of its own (cgroup v1 hosts), in MiB.
 */
function sampleUnitRss(unit = "heartland-site.service"): () => { before: number; peak: number } {
  const read = () => {
    let kb = 0;
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/cgroup`, "utf8").includes(`/${unit}\n`)) continue;
        kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return Math.round(kb / 1024);
  };
  const before = read();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, read())), 100);
  return () => {
    clearInterval(timer);
    return { before, peak: Math.max(peak, read()) };
  };
}

/** The unit's own cgroup: its peak memory so far (cgroup v2 memory.peak, or v1 memory.max_usage_in_bytes). */
async function unitMemory(container: Container, reset = false) {
  const show = await container.root_("systemctl show -p MemoryMax -p ControlGroup heartland-site", 60_000, true);
  const max = /MemoryMax=(\S+)/.exec(show.out)?.[1] ?? "";
  const group = /ControlGroup=(\S+)/.exec(show.out)?.[1] ?? "";
  const files = [
    `/sys/fs/cgroup${group}/memory.peak`,
    `/sys/fs/cgroup/memory${group}/memory.max_usage_in_bytes`,
    `/sys/fs/cgroup/unified${group}/memory.peak`,
  ];
  const script = reset
    ? `for f in ${files.join(" ")}; do [ -w "$f" ] && echo 0 > "$f" 2>/dev/null; done; true`
    : `for f in ${files.join(" ")}; do [ -r "$f" ] && { cat "$f"; echo "$f"; exit 0; }; done; echo unknown`;
  const out = (await container.root_(script, 60_000, true)).out.trim().split("\n");
  return { max, peak: /^\d+$/.test(out[0] ?? "") ? Number(out[0]) : null, file: out[1] ?? "" };
}

/** The unit's MemoryMax, and the most memory its cgroup used so far (the publishes included). */
async function memoryAfterPublish(container: Container) {
  const { max, peak, file } = await unitMemory(container);
  say(
    peak === null
      ? `   memory: the unit's cgroup has no memory controller here (a cgroup v1 host), so MemoryMax=${max} is not enforced in the drill; the memory group around the container is`
      : `   memory: the unit's cgroup peak so far ${(peak / 2 ** 20).toFixed(0)} MiB (${file}); MemoryMax=${max}`,
  );
  if (max === "infinity" || max === "") pending("a publish under the unit's MemoryMax (the unit sets none yet)");
  else ok(`the publish succeeded under MemoryMax=${max}`, true);
}

await main();
// Everything the drill started is stopped by now; a handle a library keeps open (seen: over a minute in CI) must not
// hold the CI stage.
process.exit(process.exitCode ?? 0);
