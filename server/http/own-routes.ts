// The server's own answers, outside React Router: the health check, the console's manifest and service worker, and
// the photos' web copies.
import type { Express } from "express";
import {
  CONSOLE_MANIFEST_PATH,
  CONSOLE_WORKER_PATH,
  consoleManifest,
  serviceWorkerSource,
} from "../owner/owner-app.ts";
import { PHOTO_COPY_NAME } from "../photos/photo-copies.ts";
import { sendError } from "./http-guards.ts";
import { ASSET_CACHE, contentTypeOf } from "./static-files.ts";

/** 200 while the store can be written, 503 when not: what a load balancer or the unit's watchdog asks. */
export function mountHealthCheck(app: Express, writable: () => boolean): void {
  app.get("/healthz", (_req, res) => {
    const ok = writable();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ok });
  });
}

/** The console's manifest and worker: no personal data, and fetched without cookies (a manifest always is). */
export function mountConsoleApp(app: Express): void {
  app.get(CONSOLE_MANIFEST_PATH, (_req, res) => {
    res.type("application/manifest+json").set("Cache-Control", "no-cache").send(JSON.stringify(consoleManifest()));
  });
  app.get(CONSOLE_WORKER_PATH, (_req, res) => {
    res
      .type("text/javascript")
      .set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/owner/" })
      .send(serviceWorkerSource);
  });
}

/** The photos' web copies: named by content hash, read from disk (they can be many), cached for good. */
export function mountPhotoCopies(app: Express, photoCopiesDir: string | undefined): void {
  app.get("/photos/:name", (req, res, next) => {
    const name = req.params.name;
    if (!photoCopiesDir || !PHOTO_COPY_NAME.test(name)) return sendError(res, 404);
    res.sendFile(
      name,
      {
        root: photoCopiesDir,
        dotfiles: "deny",
        lastModified: false,
        etag: false,
        headers: { "Content-Type": contentTypeOf(name) ?? "application/octet-stream", "Cache-Control": ASSET_CACHE },
      },
      (error) => {
        if (!error) return;
        if (res.headersSent) return next(error);
        sendError(res, 404);
      },
    );
  });
}
