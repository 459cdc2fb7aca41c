// A start leaves code that has never run: the owner's first taps would pay for it on the event loop (issue 51).
// Before the server listens, the bundle runs its own warm-up (app/entry.server.tsx `warmUp`). Once it listens, the
// console's pages are asked for once each, on loopback, as the owner's phone would ask: the sign-in page, then,
// with a session made for the warm-up alone, every page the console opens first. That runs the whole stack once
// (Express, React Router, each page's loader and components, the schemas, the content's YAML, the booking windows,
// React's renderer, the CSS worker), so the owner's first page of each kind finds it warm. None may stop a start.
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EntryExports } from "../app.ts";

export async function warmBundle(entry: EntryExports): Promise<void> {
  try {
    await entry.warmUp?.();
  } catch (error) {
    console.warn(`Warming up the console failed (it still works): ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * One GET through the listening server, with the site's own Host; resolves with its status when it is done (0 when
 * it could not be asked).
 */
function warmGet(
  server: Server,
  siteUrl: string | undefined,
  pagePath: string,
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<number> {
  const address = server.address() as AddressInfo | null;
  if (!address) return Promise.resolve(0);
  const host = address.family === "IPv6" ? (address.address === "::" ? "::1" : address.address) : address.address;
  const hostname = host === "0.0.0.0" ? "127.0.0.1" : host;
  const siteHost = siteUrl ? new URL(siteUrl).host : `localhost:${address.port}`;
  return new Promise((done) => {
    const req = request(
      { hostname, port: address.port, path: pagePath, headers: { ...headers, host: siteHost } },
      (res) =>
        res
          .resume()
          .on("end", () => done(res.statusCode ?? 0))
          .on("error", () => done(0)),
    );
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on("error", () => done(0));
    req.end();
  });
}

/** The console's sign-in page, the first page of a signed-out phone. */
export function warmFirstPage(server: Server, siteUrl: string | undefined, timeoutMs = 15_000): Promise<number> {
  return warmGet(server, siteUrl, "/owner/sign-in", {}, timeoutMs);
}

/** The session the warm-up signs in with: made for it, ended after it; its id never leaves this process. */
export type WarmUpSession = { token: string; end(): void };

/**
 * Each console page once, one after the other (visitors are answered between them), signed in with `session`, which
 * ends when they are done. Resolves with each page's status, in order.
 */
export async function warmConsolePages(
  server: Server,
  siteUrl: string | undefined,
  session: WarmUpSession,
  pages: readonly string[],
  timeoutMs = 15_000,
): Promise<number[]> {
  // Both cookie names: the guard reads `__Host-owner` when the console is https, `owner` on a developer's machine.
  const cookie = `owner=${session.token}; __Host-owner=${session.token}`;
  const statuses: number[] = [];
  try {
    for (const page of pages) statuses.push(await warmGet(server, siteUrl, page, { cookie }, timeoutMs));
  } finally {
    session.end();
  }
  return statuses;
}
