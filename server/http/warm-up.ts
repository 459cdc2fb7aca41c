// A start leaves code that has never run: the owner's first taps would pay for it on the event loop (issue 51).
// Before the server listens, the bundle runs its own warm-up (app/entry.server.tsx `warmUp`); once it listens, one
// request for the console's sign-in page runs the whole stack once (Express, React Router, React's renderer, the CSS
// worker), on loopback, so the owner's first page finds it warm. Neither may stop a start: they only warm.
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
 * One GET of the sign-in page through the listening server, with the site's own Host; resolves with its status when
 * it is done (0 when it could not be asked).
 */
export function warmFirstPage(server: Server, siteUrl: string | undefined, timeoutMs = 15_000): Promise<number> {
  const address = server.address() as AddressInfo | null;
  if (!address) return Promise.resolve(0);
  const host = address.family === "IPv6" ? (address.address === "::" ? "::1" : address.address) : address.address;
  const hostname = host === "0.0.0.0" ? "127.0.0.1" : host;
  const siteHost = siteUrl ? new URL(siteUrl).host : `localhost:${address.port}`;
  return new Promise((done) => {
    const req = request({ hostname, port: address.port, path: "/owner/sign-in", headers: { host: siteHost } }, (res) =>
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
