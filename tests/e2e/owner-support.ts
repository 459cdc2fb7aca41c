// The owner console's browser stories: Chromium's virtual authenticator (CDP WebAuthn domain), invites made the way
// the server's console makes them (scripts/owner.ts, against the E2E data folder), and the console's own origin.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore, type NewEstimate } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { createInviteLink, withConsole } from "../../scripts/owner.ts";
import { SERVER_ENV } from "../../server/server-env.ts";

/** A console to sign in to: its origin and the data folder its invites are made in. */
export type ConsoleServer = { origin: string; dataDir: string | undefined };

/** Passkeys need a domain, not an IP address: the console is opened as localhost (the same server). */
export const CONSOLE = `http://localhost:${process.env.E2E_PORT}`;
/** The shared server: the site as built, publishing off. */
export const SHARED: ConsoleServer = { origin: CONSOLE, dataDir: process.env.E2E_DATA_DIR };
/** The server the publishing stories change, with its own data folder and clone of the repository. */
export const PUBLISHING: ConsoleServer = {
  origin: `http://localhost:${process.env.E2E_SITE_PORT}`,
  dataDir: process.env.E2E_SITE_DATA_DIR,
};

/**
 * Whether this worker runs the phone's project (375 px). For a beforeAll of stories that run only there: Playwright
 * runs a file's or a group's beforeAll even when a modifier skips every test in it, so the desktop project started
 * their servers for nothing.
 */
export function onPhone(): boolean {
  return test.info().project.name === "mobile";
}

/**
 * A server of a story's own (so no other story's requests or visitors are counted), on a port away from the ones
 * playwright.config.ts hands out. `seed` fills its data folder before it starts. The port is chosen below Linux's
 * ephemeral range (32768-60999): a port inside it can be held by any outgoing connection on the machine, and a story
 * failed on a fresh clone with EADDRINUSE when its port was drawn from 41000-48999.
 */
export function ownServer(name: string, env: Record<string, string> = {}) {
  const port = String(20000 + Math.floor(Math.random() * 12000));
  const server: ConsoleServer = {
    origin: `http://localhost:${port}`,
    dataDir: mkdtempSync(path.join(tmpdir(), `estimates-e2e-${name}-`)),
  };
  let child: ChildProcess | undefined;
  return {
    server,
    port,
    async start() {
      child = spawn(process.execPath, ["build/bin/server.js"], {
        env: {
          ...process.env,
          ...SERVER_ENV,
          PORT: port,
          HOST: "127.0.0.1",
          DATA_DIR: server.dataDir,
          BUILD_DIR: "build",
          RATE_LIMIT_PER_MINUTE: "1000",
          BACKUP_DIR: "off",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let said = "";
      child.stdout?.on("data", (b: Buffer) => (said += b.toString()));
      child.stderr?.on("data", (b: Buffer) => (said += b.toString()));
      for (let i = 0; i < 200; i++) {
        if (
          await fetch(`http://127.0.0.1:${port}/`, { method: "HEAD" }).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`the ${name} server did not start: ${said}`);
    },
    stop: () => void child?.kill(),
  };
}

export function invite(server: ConsoleServer = SHARED): string {
  return createInviteLink(server.dataDir, server.origin).link;
}

export function expiredInvite(): string {
  const { token } = withConsole(process.env.E2E_DATA_DIR, (owner) => owner.passkeys.createInvite(-60_000));
  return `${CONSOLE}/owner/enrol/${token}`;
}

/** A phone's platform authenticator with user verification (Face ID / fingerprint), always approving. */
export async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

export async function waitForPasskeyButton(page: Page) {
  await expect(page.locator('[data-island="PasskeyButton"][data-hydrated]')).toHaveCount(1);
}

/** Enrols this page's authenticator from a fresh invite; ends signed in, on the inbox. */
export async function enrol(page: Page, name = "Phone", server: ConsoleServer = SHARED) {
  await page.goto(invite(server));
  await waitForPasskeyButton(page);
  await page.getByLabel("Name this passkey").fill(name);
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  await expect(page).toHaveURL(`${server.origin}/owner`);
  await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible();
}

/** Stores a request directly, as the endpoint would; returns its id. */
export function storeRequest(overrides: Partial<NewEstimate> = {}): { id: number; email: string; name: string } {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const estimate: NewEstimate = {
    name: `Dana Owner-Test ${unique}`,
    email: `dana-${unique}@example.com`,
    phone: "(309) 555-0177",
    service: "Chimney Crown Repair",
    message: `The crown is cracked and water gets in. ${unique}`,
    city: "Normal",
    spam: false,
    idempotencyKey: null,
    ip: null,
    userAgent: null,
    ...overrides,
  };
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    const { id } = store.save(estimate);
    return { id, email: estimate.email, name: estimate.name };
  } finally {
    store.close();
  }
}

/** A one-tap "Mark as contacted" link for a request, as the alert e-mail carries it. */
export function oneTapLink(estimateId: number): string {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    const token = createOwnerConsole({ db: store.db }).actionTokens.create(estimateId, "mark-contacted");
    return `${CONSOLE}/owner/act/${token}`;
  } finally {
    store.close();
  }
}

export function leadStatus(id: number): string | undefined {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    return store.get(id)?.status;
  } finally {
    store.close();
  }
}
