// Trusting Caddy's internal CA the way a real machine would, never by switching certificate checks off: a throwaway
// HOME whose NSS database (what Chromium on Linux reads) holds the root, and Node requests that carry the root as
// their only CA.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";

/** A HOME whose NSS database trusts one root, and that root's PEM for Node. */
export type Trust = { home: string; ca: Buffer; nickname: string; remove: () => void };

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** No ignore-certificate-errors here: a certificate Chromium does not trust fails the page. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function certutil(args: string[]): string {
  try {
    return execFileSync("certutil", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") throw new Error("certutil is not installed (Debian: apt-get install -y libnss3-tools)");
    throw new Error(`certutil ${args[0]} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * A temporary HOME with ~/.pki/nssdb trusting `rootCertFile` (PEM) as a CA for web sites ("C,,"), the way
 * `certutil -A` adds a company root on a desktop.
 */
export function trustRoot(rootCertFile: string, nickname = "caddy-local"): Trust {
  let ca: Buffer;
  try {
    ca = readFileSync(rootCertFile);
  } catch {
    throw new Error(`Caddy's root certificate is not at ${rootCertFile}`);
  }
  if (!ca.toString("latin1").includes("BEGIN CERTIFICATE")) {
    throw new Error(`${rootCertFile} is not a PEM certificate`);
  }
  const home = mkdtempSync(path.join(tmpdir(), "deploy-browser-home-"));
  const db = path.join(home, ".pki", "nssdb");
  mkdirSync(db, { recursive: true });
  certutil(["-N", "-d", `sql:${db}`, "--empty-password"]);
  certutil(["-A", "-d", `sql:${db}`, "-t", "C,,", "-n", nickname, "-i", rootCertFile]);
  // What certutil says it holds, not what it was asked: the nickname with trust "C,,".
  const listed = certutil(["-L", "-d", `sql:${db}`]);
  if (!new RegExp(`^${nickname}\\s+C,,`, "m").test(listed)) {
    throw new Error(`The NSS database in ${db} does not list ${nickname} as a trusted CA:\n${listed}`);
  }
  return { home, ca, nickname, remove: () => rmSync(home, { recursive: true, force: true }) };
}

/** Chromium with HOME set to the trusting one, so it reads that NSS database. */
export async function launchTrustingBrowser(trust: Trust): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      env: { ...process.env, HOME: trust.home },
    });
  } catch (error) {
    throw new Error(`Chromium (${CHROMIUM}) did not start: ${firstLine(error)}`);
  }
}

export type HttpsAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * GET (or another method) over https, trusting only `ca`. Follows no redirect: the status is what the server said.
 * `url` is absolute (https://localhost/faq).
 */
export function httpsFetch(
  url: string,
  ca: Buffer,
  { method = "GET", headers = {}, body, timeoutMs = 30_000 }: HttpsOptions = {},
): Promise<HttpsAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      target,
      { method, headers: { "accept-encoding": "identity", ...headers }, ca, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on("error", (error) => reject(new Error(`${method} ${url} failed: ${error.message}`)));
    req.end(body);
  });
}
export type HttpsOptions = { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number };

/** A Playwright (or any) error's first line: the rest is a call log the reader of a drill does not need. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n").find((l) => l.trim() !== "") ?? text;
}
