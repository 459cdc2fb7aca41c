// Browser stories run against the production build, served by the production server on a free port.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SERVER_ENV } from "./server/server-env.ts";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  throw new Error(
    `No Chromium at ${chromePath}. Install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium/Chrome binary.`,
  );
}

const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
// Workers re-read this file; ports and data folders are chosen once and inherited through the environment.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "estimates-e2e-"));
// The console's publishing stories change what a server serves, so they get a server of their own (owner-site.spec.ts);
// the other stories keep seeing the site as built.
process.env.E2E_SITE_PORT ??= freePort();
process.env.E2E_SITE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "estimates-e2e-site-"));
// The console publishes by committing and building: in a clone of this repository, never in the working copy.
if (!process.env.E2E_SITE_REPO) {
  const repo = mkdtempSync(path.join(tmpdir(), "site-repo-e2e-"));
  execFileSync("git", ["clone", "-q", "--no-hardlinks", process.cwd(), repo]);
  symlinkSync(path.resolve("node_modules"), path.join(repo, "node_modules"));
  process.env.E2E_SITE_REPO = repo;
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: {
      executablePath: chromePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 900 } } },
    { name: "mobile", use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
  ],
  webServer: [
    {
      // The compiled server `npm start` runs, under whichever `node` is first on PATH (CI runs it on Node 24 too).
      // BUILD_DIR fixes the build it serves, which also turns publishing off.
      command: "node build/bin/server.js",
      url: `${baseURL}/`,
      reuseExistingServer: false,
      // With the allocator's and V8's settings npm start and the unit give it (server/server-env.ts).
      env: {
        ...SERVER_ENV,
        PORT: process.env.E2E_PORT,
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        BUILD_DIR: "build",
        RATE_LIMIT_PER_MINUTE: "1000",
        // The backup at start (and its git bundle) is the server tests' and the drill's to check, not the stories'.
        BACKUP_DIR: "off",
      },
    },
    {
      // The same server publishing into a clone of this repository.
      command: "node build/bin/server.js",
      url: `http://127.0.0.1:${process.env.E2E_SITE_PORT}/`,
      reuseExistingServer: false,
      env: {
        ...SERVER_ENV,
        PORT: process.env.E2E_SITE_PORT,
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_SITE_DATA_DIR,
        SITE_REPO: process.env.E2E_SITE_REPO,
        RATE_LIMIT_PER_MINUTE: "1000",
        // The backup at start (and its git bundle) is the server tests' and the drill's to check, not the stories'.
        BACKUP_DIR: "off",
      },
    },
  ],
});
