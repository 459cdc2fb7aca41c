// The console as an app on the owner's Home Screen (iOS delivers Web Push only to an installed web app): its
// manifest and its service worker, both scoped to /owner/. Served by server/app.ts, never linked from a public page.
import { business } from "../../app/content/business.ts";

export const CONSOLE_MANIFEST_PATH = "/owner/manifest.webmanifest";
export const CONSOLE_WORKER_PATH = "/owner/sw.js";

export function consoleManifest() {
  return {
    name: `${business.name}: owner console`,
    short_name: "Requests",
    description: "New estimate requests, and the site's words and photos.",
    id: "/owner/",
    start_url: "/owner/",
    scope: "/owner/",
    display: "standalone",
    background_color: "#faf7f2",
    theme_color: "#1c1917",
    // Drawn from the logo mark, as the site's own icons.
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
}

/** The parts of the worker's global scope it uses (the DOM library's types stay the only ones in this project). */
type WorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: { body: string; tag: string; data: unknown; icon: string }): Promise<void>;
  };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
};
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type WorkerEvent = {
  data?: { json(): unknown } | null;
  notification?: { data: unknown; close(): void };
  request?: Request;
  waitUntil(promise: Promise<unknown>): void;
  respondWith?(response: Promise<Response>): void;
};

/**
 * Runs in the browser as /owner/sw.js: shows a push, and opens the request it names when tapped. It also answers
 * a condition report's page and the files it loaded from the copy the page kept (field island, decision 0054) when
 * the network does not answer: a reload at the visit without signal still shows the draft and its waiting photos.
 */
function serviceWorker(sw: WorkerScope) {
  const keep = (event: WorkerEvent, work: Promise<unknown>) => {
    try {
      event.waitUntil(work);
    } catch {
      // An event the page made itself cannot be extended; the work still runs.
    }
  };
  sw.addEventListener("install", () => void sw.skipWaiting());
  sw.addEventListener("fetch", (event) => {
    const request = event.request;
    if (!request || request.method !== "GET" || !event.respondWith) return;
    const url = new URL(request.url);
    const page = /^\/owner\/visits\/\d+\/report$/.test(url.pathname);
    if (url.origin !== sw.location.origin || !(page || url.pathname.startsWith("/assets/"))) return;
    // The network first, always: the copy is only for when there is no answer (or none within 8 s on a page).
    const kept = () => caches.match(page ? url.pathname : request, { ignoreSearch: page });
    const network = fetch(request).then((response) => {
      if (page && response.ok) {
        const copy = response.clone();
        void caches.open("owner-report-pages-v1").then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    });
    const slow = new Promise<Response | undefined>((resolve) =>
      setTimeout(() => resolve(undefined), page ? 8000 : 60_000),
    );
    event.respondWith(
      Promise.race([network.catch(() => undefined), slow.then(async () => (await kept()) ?? network)]).then(
        async (answer) => answer ?? (await kept()) ?? network,
      ),
    );
  });
  sw.addEventListener("activate", (event) => keep(event, sw.clients.claim()));
  sw.addEventListener("push", (event) => {
    let data: { title?: unknown; body?: unknown; path?: unknown } = {};
    try {
      data = (event.data?.json() ?? {}) as typeof data;
    } catch {
      // Not ours to read: still say something arrived (a push must show a notification).
    }
    const path = typeof data.path === "string" && data.path.startsWith("/owner") ? data.path : "/owner/";
    keep(
      event,
      sw.registration.showNotification(typeof data.title === "string" ? data.title : "New estimate request", {
        body: typeof data.body === "string" ? data.body : "",
        tag: path,
        data: { path },
        icon: "/icon-192.png",
      }),
    );
  });
  sw.addEventListener("notificationclick", (event) => {
    event.notification?.close();
    const wanted = (event.notification?.data as { path?: unknown } | undefined)?.path;
    const url = new URL(
      typeof wanted === "string" && wanted.startsWith("/owner") ? wanted : "/owner/",
      sw.location.origin,
    ).href;
    keep(
      event,
      (async () => {
        // The console already open (the installed app, or a tab) goes to the request; else a new window.
        const open = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
        const console_ = open.find((c) => new URL(c.url).pathname.startsWith("/owner"));
        if (console_) {
          await console_.focus().catch(() => {});
          return console_.navigate(url);
        }
        return sw.clients.openWindow(url);
      })(),
    );
  });
}

export const serviceWorkerSource = `"use strict";\n(${serviceWorker.toString()})(self);\n`;
