// Pages rendered on request (the console, the 404 page) get their CSS pruned in the server's worker thread, off the
// event loop (issue 51, decision 0037): each carries the bytes that pruning on the loop, as before, gives.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inlineCriticalCss } from "../../app/lib/critical-css.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { startServer, stopServer, type RunningServer } from "./harness.ts";

let running: RunningServer | null = null;
afterEach(async () => {
  if (running) await stopServer(running);
  running = null;
});

/** A server just started, with an owner signed in (a session made as sign-in makes one). */
async function started() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "critical-css-worker-"));
  const store = openEstimateStore({ dataDir });
  const { token } = createOwnerConsole({ db: store.db }).sessions.create({
    ip: null,
    userAgent: null,
    passkeyId: null,
  });
  store.close();
  running = await startServer({ BUILD_DIR: "build", BACKUP_DIR: "off" }, dataDir);
  return { server: running, cookie: `owner=${token}` };
}

const stylesheet = (name: string) => {
  const assets = path.resolve("build/client/assets");
  const file = readdirSync(assets).find((f) => new RegExp(`^${name}-.*\\.css$`).test(f));
  return readFileSync(path.join(assets, file ?? ""), "utf8");
};

describe("critical CSS pruned in the server's worker", () => {
  it("gives the pages pruned in the CSS worker the bytes pruning on the loop gives", async () => {
    const { server, cookie } = await started();
    const pages: [string, string][] = [
      ["/owner/sign-in", "owner"],
      ["/owner", "owner"],
      ["/owner/quotes", "owner"],
      ["/owner/visits", "owner"],
      ["/owner/site", "owner"],
      ["/owner/help", "owner"],
      ["/owner/security", "owner"],
      ["/no-such-page", "app"],
      ["/locations/no-such-town", "app"],
    ];
    for (const [page, sheet] of pages) {
      // The sign-in page as a stranger sees it; the others as the owner.
      const headers: Record<string, string> = page === "/owner/sign-in" ? {} : { cookie };
      const served = await (await fetch(server.url + page, { headers })).text();
      expect(served, page).toMatch(/<style>[\s\S]+<\/style>/);
      const markup = served.replace(/<style>[\s\S]*?<\/style>/, "");
      expect(served, page).toBe(await inlineCriticalCss(markup, stylesheet(sheet), { remember: false }));
    }
  }, 120_000);
});
