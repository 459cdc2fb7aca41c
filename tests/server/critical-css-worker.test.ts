// Pages rendered on request (the console, the 404 page) get their CSS pruned in the server's worker thread, off the
// event loop (issue 51, decision 0037): each carries the bytes that pruning on the loop, as before, gives.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { inlineCriticalCss } from "../../app/lib/critical-css.ts";
import { createApp } from "../../server/app.ts";
import { createCriticalCssPruner } from "../../server/http/critical-css-in-worker.ts";
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
  it("is asked for every page the server renders on request, and for no prerendered one", async () => {
    const store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "critical-css-worker-")) });
    const worker = createCriticalCssPruner();
    const asked: string[] = [];
    const server = createServer();
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      const base = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
      const criticalCss = {
        inline(html: string, css: string) {
          asked.push(/<title>([^<]*)/.exec(html)?.[1] ?? "?");
          return worker.inline(html, css);
        },
        close: () => worker.close(),
      };
      server.on("request", await createApp({ store, siteUrl: base, criticalCss }));
      for (const page of ["/owner/sign-in", "/no-such-page", "/", "/faq"]) {
        expect((await fetch(base + page)).headers.get("content-type"), page).toMatch(/^text\/html/);
      }
      expect(asked).toHaveLength(2);
      expect(asked[0]).toMatch(/sign in/i);
    } finally {
      server.close();
      worker.close();
      store.close();
    }
  }, 60_000);

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
