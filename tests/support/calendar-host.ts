// A calendar host on this machine, standing in for Google's or iCloud's (the tests have no internet): https with a
// certificate made here for `calendar.test` (the server trusts it only through CALENDAR_TEST_CA / the `ca` option), and
// the answers the tests set per path: a calendar with ETag and 304, a redirect, a huge or slow body, an error.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type Tls = { key: Buffer; cert: Buffer; certFile: string };

/** A self-signed certificate for calendar.test (and 127.0.0.1, ::1), one day long; `name` makes another. */
export function makeTls(names = ["calendar.test", "other.test"]): Tls {
  const dir = mkdtempSync(path.join(tmpdir(), "calendar-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  const san = [...names.map((n) => `DNS:${n}`), "IP:127.0.0.1", "IP:::1"].join(",");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", `/CN=${names[0]}`, "-addext", `subjectAltName=${san}`, "-keyout", keyFile, "-out", certFile,
  ], { stdio: "ignore" }); // prettier-ignore
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile };
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Serves an iCalendar text with an ETag, answering 304 to a matching If-None-Match. */
export function calendarAnswer(text: () => string): Handler {
  return (req, res) => {
    const body = text();
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8", ETag: etag }).end(body);
  };
}

export function redirectTo(location: string, status = 302): Handler {
  return (_req, res) => void res.writeHead(status, { Location: location }).end();
}

export function status(code: number, body = "error"): Handler {
  return (_req, res) => void res.writeHead(code, { "Content-Type": "text/plain" }).end(body);
}

/** `megabytes` of a calendar-looking body, streamed without (or with) a Content-Length. */
export function huge(megabytes: number, { declare = false } = {}): Handler {
  return (_req, res) => {
    const chunk = Buffer.alloc(64 * 1024, "X-FILLER:0123456789abcdef\r\n");
    let left = megabytes * 16;
    res.writeHead(200, {
      "Content-Type": "text/calendar",
      ...(declare ? { "Content-Length": String(megabytes * 1024 * 1024) } : {}),
    });
    res.write("BEGIN:VCALENDAR\r\n");
    const pump = () => {
      while (left > 0) {
        left -= 1;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    res.on("close", () => (left = 0));
    pump();
  };
}

/** A calendar sent one byte a second, for ever. */
export function trickle(): Handler {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/calendar" });
    const text = "BEGIN:VCALENDAR\r\n";
    let i = 0;
    const timer = setInterval(() => res.write(text[i++ % text.length] as string), 1000);
    res.on("close", () => clearInterval(timer));
  };
}

export type CalendarHost = {
  port: number;
  /** https://calendar.test:<port><path> */
  url: (pathname: string, host?: string) => string;
  on: (pathname: string, handler: Handler) => void;
  /** Requests per path so far. */
  hits: (pathname: string) => number;
  close: () => Promise<void>;
};

export async function startCalendarHost(tls: Tls, address = "127.0.0.1"): Promise<CalendarHost> {
  const handlers = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const pathname = new URL(req.url ?? "/", "https://x").pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const handler = handlers.get(pathname);
    if (handler) handler(req, res);
    else res.writeHead(404).end("not here");
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Failed handshakes (a client that does not trust us) are the test's point, not noise.
  server.on("tlsClientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (pathname, host = "calendar.test") => `https://${host}:${port}${pathname}`,
    on: (pathname, handler) => void handlers.set(pathname, handler),
    hits: (pathname) => hits.get(pathname) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
