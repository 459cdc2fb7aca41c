// The deploy drill's outside checks (checks.ts) against this machine instead of a container: the built server
// (`npm run build` first) publishing into a clone of this repository, behind deploy/Caddyfile run with Caddy's
// internal CA on free loopback ports (SITE_DOMAIN=localhost), mail to a local test SMTP server. Needs `caddy`,
// `certutil` (libnss3-tools) and Chromium. Run: `npx tsx tests/deploy/checks-local.ts`; screenshots go to
// test-results/deploy-local/. Prints each step's time; exits 1 on the first failure, leaving nothing running.
import { execFileSync, execSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { freePort, SERVER_ENTRY } from "../server/harness.ts";
import {
  bookAndMoveVisit,
  checkAlertLinks,
  checkPhoneLive,
  checkPublicPages,
  checkUntrustedBrowserRefuses,
  countRequestsFromLeads,
  countRequestsInConsole,
  enrolOwner,
  httpsFetch,
  launchTrustingBrowser,
  parseInviteLink,
  publishPhone,
  sendRequestFromForm,
  startMailbox,
  timed,
  trustCaddyRoot,
  undoLastChange,
  waitForOwnerAlert,
  type Mailbox,
  type Owner,
  type RunOnServer,
  type Site,
  type Trust,
} from "./checks.ts";

const SCREENSHOTS = path.resolve("test-results/deploy-local");
const NEW_PHONE = "(309) 555-0188";

type Local = { site: Site; rootCert: string; dataDir: string; run: RunOnServer; stop: () => Promise<void> };

/** Server + Caddy + a clone to publish into, as the drill's container has them, on free ports. */
async function startLocal(mail: Mailbox): Promise<Local> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`No ${SERVER_ENTRY}: run npm run build first`);
  const scratch = mkdtempSync(path.join(tmpdir(), "deploy-local-"));
  const repo = path.join(scratch, "repo");
  execFileSync("git", ["clone", "-q", "--no-hardlinks", process.cwd(), repo]);
  symlinkSync(path.resolve("node_modules"), path.join(repo, "node_modules"));
  const dataDir = path.join(scratch, "data");
  const [serverPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  const origin = `https://localhost:${httpsPort}`;
  const env = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(serverPort),
    SITE_URL: origin,
    DATA_DIR: dataDir,
    BACKUP_DIR: "off",
    TRUST_PROXY: "loopback",
    SMTP_URL: mail.url,
    NOTIFY_EMAIL: "owner@example.com",
    MAIL_FROM: "Website <no-reply@example.com>",
    SITE_REPO: repo,
  };
  const children: ChildProcess[] = [];
  const logs: Record<string, string> = { server: "", caddy: "" };
  const started = (name: "server" | "caddy", child: ChildProcess) => {
    children.push(child);
    child.stdout?.on("data", (c: Buffer) => (logs[name] += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (logs[name] += c.toString()));
    return child;
  };
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    writeFileSync(path.join(SCREENSHOTS, "server.log"), logs.server ?? "");
    writeFileSync(path.join(SCREENSHOTS, "caddy.log"), logs.caddy ?? "");
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const server = started(
      "server",
      spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ["ignore", "pipe", "pipe"] }),
    );
    await until(
      () => logs.server?.includes("Site ready"),
      server,
      60_000,
      () => `server:\n${logs.server}`,
    );

    // deploy/Caddyfile as deployed, with test-only global options (as tests/server/proxy.test.ts runs it).
    const caddyHome = path.join(scratch, "caddy");
    const deployed = readFileSync("deploy/Caddyfile", "utf8");
    const globals = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system ${caddyHome}/data\n}\n`;
    const config = deployed.replace(/^\{\n[\s\S]*?\n\}\n/m, globals);
    if (config === deployed) throw new Error("deploy/Caddyfile has no global options block to replace");
    execFileSync("mkdir", ["-p", caddyHome]);
    writeFileSync(path.join(caddyHome, "Caddyfile"), config);
    const caddy = started(
      "caddy",
      spawn("caddy", ["run", "--config", path.join(caddyHome, "Caddyfile"), "--adapter", "caddyfile"], {
        env: {
          ...process.env,
          HOME: caddyHome,
          XDG_DATA_HOME: `${caddyHome}/xdg`,
          XDG_CONFIG_HOME: `${caddyHome}/xdg`,
          SITE_DOMAIN: "localhost",
          UPSTREAM: `127.0.0.1:${serverPort}`,
          ACME_EMAIL: "owner@example.com",
        },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    const rootCert = `${caddyHome}/data/pki/authorities/local/root.crt`;
    await until(
      () => existsSync(rootCert),
      caddy,
      60_000,
      () => `caddy:\n${logs.caddy}`,
    );
    const ca = readFileSync(rootCert);
    await until(
      async () => (await httpsFetch(`${origin}/healthz`, ca).catch(() => null))?.status === 200,
      caddy,
      60_000,
      () => `caddy:\n${logs.caddy}`,
    );
    const run: RunOnServer = async (command) => execSync(command, { env, encoding: "utf8" });
    return { site: { origin, ca }, rootCert, dataDir, run, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function until(
  check: () => boolean | undefined | Promise<boolean | undefined>,
  child: ChildProcess,
  timeoutMs: number,
  log: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  execFileSync("mkdir", ["-p", SCREENSHOTS]);
  const total = performance.now();
  let mail: Mailbox | undefined;
  let local: Local | undefined;
  let trust: Trust | undefined;
  let browser: Browser | undefined;
  let owner: Owner | undefined;
  try {
    mail = await startMailbox();
    const m = mail;
    local = (await timed("server + Caddy (internal CA) on free ports", () => startLocal(m))).value;
    const { site, run } = local;
    console.log(`     site ${site.origin}, mail ${m.url}`);
    const rootCert = local.rootCert;
    trust = (await timed("trust Caddy's root in a fresh NSS database", () => trustCaddyRoot(rootCert))).value;
    const t = trust;
    browser = (await timed("launch Chromium with that HOME", () => launchTrustingBrowser(t))).value;
    const b = browser;

    const refused = await timed("control: Chromium without the root refuses the site", () =>
      checkUntrustedBrowserRefuses(site.origin),
    );
    console.log(`     ${refused.value}`);
    const pages = await timed("public pages over https", () => checkPublicPages(site));
    console.log(`     ${pages.value.map((p) => `${p.path} ${p.status} ${p.ms} ms`).join(", ")}`);

    const invite = parseInviteLink(await run("npm run owner -- invite"));
    owner = (await timed("passkey enrolment at 375 px", () => enrolOwner(b, invite, { screenshots: SCREENSHOTS })))
      .value;
    const o = owner;

    const sent = (
      await timed("request from the public form", () =>
        sendRequestFromForm(b, site.origin, { screenshots: SCREENSHOTS }),
      )
    ).value;
    const alert = (await timed("owner alert reaches the mail server", () => waitForOwnerAlert(m, sent, site.origin)))
      .value;
    console.log(`     alert to ${alert.to.join(", ")} after ${alert.waitedMs} ms; ${alert.requestLink}`);
    await timed("alert links: request opens, one-tap marks contacted", () =>
      checkAlertLinks(o, alert, sent, { screenshots: SCREENSHOTS }),
    );
    await timed("a homeowner books a visit, gets the invite, moves it: the same UID, SEQUENCE 1", () =>
      bookAndMoveVisit(b, site.origin, m, { screenshots: SCREENSHOTS }),
    );

    // Control: before the publish the new number is nowhere, and the check says so.
    await timed("control: the phone check fails before the publish", async () => {
      const error = await checkPhoneLive(site, { phone: NEW_PHONE, gone: "(309) 555-0134" }).then(
        () => null,
        (e: unknown) => e,
      );
      if (!(error instanceof Error)) throw new Error(`${NEW_PHONE} was reported live before it was published`);
      console.log(`     ${error.message.slice(0, 120)}…`);
    });
    const change = (
      await timed(`publish the phone ${NEW_PHONE}`, () =>
        publishPhone(o, { phone: NEW_PHONE, screenshots: SCREENSHOTS }),
      )
    ).value;
    console.log(`     console: ${change.consoleSays} (waited ${change.waitedMs} ms)`);
    const live = await timed("new phone live on every sitemap page", () =>
      checkPhoneLive(site, { phone: change.after, gone: change.before, owner: o, screenshots: SCREENSHOTS }),
    );
    console.log(`     ${live.value.paths.length} pages`);
    const undone = (await timed("Undo last change", () => undoLastChange(o))).value;
    console.log(`     console: ${undone.consoleSays} (waited ${undone.waitedMs} ms)`);
    await timed("old phone back on every sitemap page", () =>
      checkPhoneLive(site, { phone: change.before, gone: change.after, owner: o, screenshots: SCREENSHOTS }),
    );

    const inConsole = (await timed("request count in the console", () => countRequestsInConsole(o))).value;
    const fromLeads = (await timed("request count from npm run leads", () => countRequestsFromLeads(run))).value;
    console.log(`     console lists ${inConsole.listed} (${inConsole.new} new); npm run leads counts ${fromLeads}`);
    // The request marked contacted, and the one that booked its visit (scheduled): none new.
    if (inConsole.listed !== 2 || fromLeads !== 2 || inConsole.new !== 0) {
      throw new Error("Expected the two requests sent (one contacted, one scheduled) in both counts");
    }

    // What the drill does after a restart: the session may be gone; the passkey signs in again.
    await o.context.clearCookies();
    await timed("sign in again with the passkey", () => o.signIn("/owner"));
    console.log(`ALL CHECKS PASSED in ${((performance.now() - total) / 1000).toFixed(1)} s`);
  } finally {
    await owner?.close().catch(() => {});
    await browser?.close().catch(() => {});
    trust?.remove();
    await local?.stop();
    await mail?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
