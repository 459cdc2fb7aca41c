// The built server restarts itself after publishing (decision 0017), and visitors behind the deployed Caddyfile never
// notice: the server exits with 75 at a quiet moment, this test starts it again as systemd would (on the same port,
// after a pause), Caddy holds the requests meanwhile, and the new process serves the last published build with the
// memory of a fresh one. Publishes go through the console's own route; the clone's `npm run build` is a cheap copy
// of build/ with the clone's phone written into the home page, so each publish is a real build folder to load.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withConsole } from "../../scripts/owner.ts";
import { RESTART_EXIT_CODE } from "../../server/restart-policy.ts";
import { freePort, startServer, stopServer, type RunningServer } from "./harness";

const caddyInstalled = spawnSync("caddy", ["version"]).status === 0;
if (!caddyInstalled) {
  console.warn(
    "SKIPPED tests/server/publish-restart.test.ts: `caddy` is not installed (Debian: sudo apt-get install -y caddy).",
  );
}
const MB = 1024 * 1024;
const PHONES = ["(309) 555-0134", "(309) 555-0199"] as const;
/** systemd's pause before a restart is RestartSec=5s; a shorter one keeps the test short, Caddy holds either. */
const RESTART_PAUSE_MS = 1000;

function rssBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;
}

describe.skipIf(!caddyInstalled)("restarting after a publish, behind Caddy", () => {
  let repo: string;
  let dataDir: string;
  let port: number;
  let httpsPort: number;
  let rootCa: Buffer;
  let caddy: ChildProcess;
  let caddyLog = "";
  let server: RunningServer;
  let stopping = false;
  const exits: (number | null)[] = [];
  let cookie = "";
  let csrf = "";
  const direct = () => `http://127.0.0.1:${port}`;

  /** A visitor's GET through Caddy over HTTPS. */
  function visit(pathname: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          port: httpsPort,
          servername: "heartland.test",
          ca: rootCa,
          path: pathname,
          headers: { host: `heartland.test:${httpsPort}`, "accept-encoding": "identity" },
        },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  /** Starts the server as the unit does, and again (like systemd) whenever it exits asking for a restart. */
  async function start() {
    server = await startServer(
      {
        PORT: String(port),
        SITE_URL: direct(),
        SITE_REPO: repo,
        BUILD_DIR: "",
        BACKUP_DIR: "off",
        RATE_LIMIT_PER_MINUTE: "100000",
        RESTART_AFTER_PUBLISHES: "2",
        RESTART_QUIET_SECONDS: "1",
      },
      dataDir,
    );
    void server.exited.then((code) => {
      exits.push(code);
      if (code === RESTART_EXIT_CODE && !stopping) setTimeout(() => void start(), RESTART_PAUSE_MS);
    });
  }

  const current = () =>
    existsSync(path.join(repo, "builds/current")) ? readlinkSync(path.join(repo, "builds/current")) : "";

  /** "Undo last change" in the console; resolves once builds/current names the new build. */
  async function publish() {
    const before = current();
    const res = await fetch(`${direct()}/owner/site`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: direct(), cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, intent: "undo" }),
    });
    expect(res.status).toBe(302);
    const deadline = Date.now() + 120_000;
    while (current() === before) {
      if (Date.now() > deadline) throw new Error(`no publish:\n${server.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    repo = mkdtempSync(path.join(tmpdir(), "publish-restart-repo-"));
    dataDir = mkdtempSync(path.join(tmpdir(), "publish-restart-data-"));
    execFileSync("git", ["clone", "-q", process.cwd(), repo]);
    symlinkSync(path.resolve("node_modules"), path.join(repo, "node_modules"));
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=Developer", "-c", "user.email=dev@example.com", ...args]);
    writeFileSync(
      path.join(repo, "fake-build.mjs"),
      [
        `import { appendFileSync, cpSync, readFileSync, writeFileSync } from "node:fs";`,
        `const out = process.env.BUILD_DIR;`,
        `cpSync(${JSON.stringify(path.resolve("build"))}, out, { recursive: true });`,
        `const phone = /^phone: "?([^"\\n]+)"?$/m.exec(readFileSync("content/business.yaml", "utf8"))[1];`,
        `const home = out + "/client/index.html";`,
        `writeFileSync(home, readFileSync(home, "utf8").replaceAll(${JSON.stringify(PHONES[0])}, phone));`,
        `appendFileSync(out + "/server/index.js", "\\n// " + out + "\\n");`,
      ].join("\n"),
    );
    const pkg = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    pkg.scripts.build = "node fake-build.mjs";
    writeFileSync(path.join(repo, "package.json"), JSON.stringify(pkg, null, 2));
    git("add", "package.json", "fake-build.mjs");
    git("commit", "-qm", "A fake build");
    // The owner's last change, for "Undo last change" to flip back and forth.
    const business = path.join(repo, "content/business.yaml");
    writeFileSync(business, readFileSync(business, "utf8").replace(PHONES[0], PHONES[1]));
    execFileSync("git", ["-C", repo, "commit", "-qam", "Business facts: phone"], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "Owner (console)",
        GIT_AUTHOR_EMAIL: "owner@console.invalid",
        GIT_COMMITTER_NAME: "Owner (console)",
        GIT_COMMITTER_EMAIL: "owner@console.invalid",
      },
    });

    port = await freePort();
    await start();
    const session = withConsole(dataDir, (owner) =>
      owner.sessions.create({ ip: null, userAgent: null, passkeyId: null }),
    );
    cookie = `owner=${session.token}`;
    csrf = session.session.csrf;

    httpsPort = await freePort();
    const home = mkdtempSync(path.join(tmpdir(), "caddy-restart-"));
    const deployed = readFileSync("deploy/Caddyfile", "utf8");
    const globals = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${await freePort()}\n\thttps_port ${httpsPort}\n\tstorage file_system ${home}/data\n}\n`;
    writeFileSync(path.join(home, "Caddyfile"), deployed.replace(/^\{\n[\s\S]*?\n\}\n/m, globals));
    caddy = spawn("caddy", ["run", "--config", path.join(home, "Caddyfile"), "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        HOME: home,
        XDG_DATA_HOME: `${home}/xdg`,
        XDG_CONFIG_HOME: `${home}/xdg`,
        SITE_DOMAIN: "heartland.test",
        UPSTREAM: `127.0.0.1:${port}`,
        ACME_EMAIL: "owner@example.com",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (c: Buffer) => (caddyLog += c.toString()));
    caddy.stderr?.on("data", (c: Buffer) => (caddyLog += c.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        rootCa = readFileSync(`${home}/data/pki/authorities/local/root.crt`);
        if ((await visit("/healthz")).status === 200) break;
      } catch {
        // Not up yet.
      }
      if (caddy.exitCode !== null || Date.now() > deadline) throw new Error(`Caddy did not start:\n${caddyLog}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    stopping = true;
    caddy?.kill("SIGTERM");
    if (server) await stopServer(server);
    rmSync(repo, { recursive: true, force: true });
  });

  it("after the second publish it restarts at a quiet moment; every visitor gets the page; the new process serves the last build", async () => {
    // Visitors all along, through Caddy.
    const answers: number[] = [];
    let visiting = true;
    const visitors = (async () => {
      while (visiting) {
        const answer = await visit("/").catch(() => ({ status: 0, body: "" }));
        answers.push(answer.status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const first = server.process.pid ?? 0;
    await publish();
    expect((await visit("/")).body).toContain(PHONES[0]);
    // One publish is not enough for a restart: still the same process after the quiet time.
    await new Promise((r) => setTimeout(r, 3000));
    expect(server.process.pid).toBe(first);
    expect(exits).toEqual([]);
    const afterOne = rssBytes(first);

    await publish();
    const deadline = Date.now() + 60_000;
    while (server.process.pid === first || !server.output().includes("Site ready")) {
      if (Date.now() > deadline) throw new Error(`no restart:\n${server.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(exits).toEqual([RESTART_EXIT_CODE]);
    const again = await visit("/");
    expect(again.status).toBe(200);
    expect(again.body).toContain(PHONES[1]);
    expect(again.body).not.toContain(PHONES[0]);
    visiting = false;
    await visitors;
    // Held by Caddy while no server listened, never a 502 or a dropped connection.
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect(answers.length).toBeGreaterThan(10);
    const afterRestart = rssBytes(server.process.pid ?? 0);
    console.log(
      `server RSS after 1 publish ${(afterOne / MB).toFixed(1)} MB, after 2 and the restart ${(afterRestart / MB).toFixed(1)} MB; ` +
        `${answers.length} visits through Caddy, all 200`,
    );
    expect(afterRestart - afterOne).toBeLessThan(40 * MB);
  }, 240_000);
});
