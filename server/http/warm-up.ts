// A start leaves code that has never run: the owner's first taps would pay for it on the event loop (issue 51).
// Before the server listens, the bundle runs its own warm-up (app/entry.server.tsx `warmUp`). Once it listens, the
// console's pages are asked for once each, on loopback, as the owner's phone would ask: the sign-in page, then,
// with a session made for the warm-up alone, every page the console opens first. That runs the whole stack once
// (Express, React Router, each page's loader and components, the schemas, the content's YAML, the booking windows,
// React's renderer, the CSS worker), so the owner's first page of each kind finds it warm. None may stop a start.
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EntryExports } from "./server-build.ts";

export async function warmBundle(entry: EntryExports): Promise<void> {
  try {
    await entry.warmUp?.();
  } catch (error) {
    console.warn(`Warming up the console failed (it still works): ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * One request through the listening server, with the site's own Host (and, for a POST, its Origin, as the owner's
 * browser sends them); resolves with its status when it is done (0 when it could not be asked).
 */
function warmAsk(
  server: Server,
  siteUrl: string | undefined,
  pagePath: string,
  { headers = {}, form, timeoutMs = 15_000 }: { headers?: Record<string, string>; form?: string; timeoutMs?: number },
): Promise<number> {
  const address = server.address() as AddressInfo | null;
  if (!address) return Promise.resolve(0);
  const host = address.family === "IPv6" ? (address.address === "::" ? "::1" : address.address) : address.address;
  const hostname = host === "0.0.0.0" ? "127.0.0.1" : host;
  const site = siteUrl ? new URL(siteUrl) : new URL(`http://localhost:${address.port}`);
  const post =
    form === undefined
      ? {}
      : {
          origin: site.origin,
          "sec-fetch-site": "same-origin",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(form)),
        };
  return new Promise((done) => {
    const req = request(
      {
        hostname,
        port: address.port,
        path: pagePath,
        method: form === undefined ? "GET" : "POST",
        headers: { ...headers, ...post, host: site.host },
      },
      (res) =>
        res
          .resume()
          .on("end", () => done(res.statusCode ?? 0))
          .on("error", () => done(0)),
    );
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on("error", () => done(0));
    req.end(form);
  });
}

/**
 * The console's sign-in page, the first page of a signed-out phone, then the first step of a sign-in: its POST for
 * the passkey's challenge. That runs a POST through the stack once (the body's parser, an action, the passkey
 * library's options); the challenge is held as any other is, and its id is dropped here, so it can never be answered.
 */
export async function warmSignIn(
  server: Server,
  siteUrl: string | undefined,
  timeoutMs = 15_000,
): Promise<{ page: number; challenge: number }> {
  const page = await warmAsk(server, siteUrl, "/owner/sign-in", { timeoutMs });
  const challenge = await warmAsk(server, siteUrl, "/owner/passkey/sign-in", { form: "step=options", timeoutMs });
  return { page, challenge };
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
    for (const page of pages) statuses.push(await warmAsk(server, siteUrl, page, { headers: { cookie }, timeoutMs }));
  } finally {
    session.end();
  }
  return statuses;
}
