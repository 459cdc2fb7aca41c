// Fetches one of the owner's calendars without ever reaching an internal address (decision 0031): https only, port
// 443, the host resolved here and every address it has checked (addresses.ts), the connection made to the checked
// address itself (no second lookup for a rebinding name to answer differently), at most three redirects, each
// checked the same way, and the bytes, the whole time and any silence capped. ETag and Last-Modified ask for a 304.
// Every refusal is a FetchProblem in the owner's words.
import { lookup } from "node:dns/promises";
import type { IncomingMessage } from "node:http";
import { request } from "node:https";
import { isIP } from "node:net";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { addressRefusal } from "./addresses.ts";

export class FetchProblem extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = "FetchProblem";
  }
}

export const FETCH_LIMITS = {
  /** A real calendar with years of history is a few MB; more is refused before it is parsed. */
  maxBytes: 10 * 1024 * 1024,
  totalMs: 30_000,
  idleMs: 10_000,
  maxRedirects: 3,
};

export type FetchLimits = typeof FETCH_LIMITS;

export type Resolved = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<Resolved[]>;

/** A stand-in for a public host in tests and the deploy drill: a `.test` name answered at a local address. */
export type TestHost = { address: string; port: number };

export type FetchOptions = {
  limits?: Partial<FetchLimits>;
  /** How names are resolved; the system's resolver (getaddrinfo) unless a test injects one. */
  resolve?: Resolver;
  /** Tests only (CALENDAR_TEST_HOSTS): `.test` names served by local servers, trusted with `ca` alone. */
  testHosts?: ReadonlyMap<string, TestHost>;
  ca?: string | Buffer;
  now?: () => number;
};

export type Fetched =
  | { status: "changed"; body: Buffer; etag: string | null; lastModified: string | null; url: string }
  | { status: "unchanged" };

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The address the owner pasted, as the server fetches it: https (webcal:// and webcals:// are https, as every
 * calendar app reads them), no user name or password in it, no fragment. Null with the reason when it will not do.
 */
export function calendarUrl(input: string): { url: string } | { error: string } {
  const text = input.trim();
  if (text.length === 0) return { error: "Paste the calendar's secret address." };
  if (text.length > 2000) return { error: "That address is too long to be a calendar's." };
  let url: URL;
  try {
    url = new URL(text.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    return { error: "That is not a web address. Copy the whole address, starting with https:// or webcal://." };
  }
  if (url.protocol !== "https:") {
    return {
      error:
        url.protocol === "http:"
          ? "Only secure addresses (https://) are read: an http:// calendar could be changed on its way."
          : "That is not a calendar's web address. It starts with https:// or webcal://.",
    };
  }
  if (url.username || url.password) return { error: "Leave out any user name or password from the address." };
  url.hash = "";
  return { url: url.toString() };
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ALTNAME|EPROTO|ERR_SSL|HANDSHAKE/i;

/** A failed connection in the owner's words. */
function connectionProblem(error: NodeJS.ErrnoException, host: string): FetchProblem {
  const code = error.code ?? "";
  if (TLS_CODES.test(code) || TLS_CODES.test(error.message)) {
    return new FetchProblem(
      `${host} did not prove who it is (its security certificate is not valid), so the calendar was not read.`,
      "tls",
    );
  }
  if (code === "ECONNREFUSED") return new FetchProblem(`${host} refused the connection.`, "refused");
  if (code === "ECONNRESET" || code === "EPIPE") return new FetchProblem(`${host} closed the connection.`, "reset");
  return new FetchProblem(`${host} cannot be reached just now.`, "unreachable");
}

function statusProblem(status: number, host: string): FetchProblem {
  if (status === 404 || status === 410) {
    return new FetchProblem(
      `${host} says there is no calendar at this address (${status}). Its secret address may have been reset: copy it again from the calendar's settings.`,
      "gone",
    );
  }
  if (status === 401 || status === 403) {
    return new FetchProblem(
      `${host} refused to share the calendar (${status}). Check that the address is the secret one, or share the calendar again.`,
      "refused",
    );
  }
  if (status === 429) return new FetchProblem(`${host} asks the site to read less often (429).`, "busy");
  if (status >= 500) {
    return new FetchProblem(`${host} had a problem of its own (${status}); the site tries again later.`, "server");
  }
  return new FetchProblem(`${host} answered ${status} instead of the calendar.`, "status");
}

/** Whether `host` is one of the test stand-ins. */
function testHostFor(hostname: string, options: FetchOptions) {
  return options.testHosts?.get(hostname.toLowerCase());
}

/** The checked address to connect to for a URL, or a problem: every address the name has must be public. */
async function checkedAddress(url: URL, options: FetchOptions, remainingMs: () => number): Promise<Resolved> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const stand = testHostFor(hostname, options);
  if (stand) return { address: stand.address, family: isIP(stand.address) };
  let addresses: Resolved[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await Promise.race([
        (options.resolve ?? systemResolver)(hostname),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "ETIMEOUT" })), remainingMs()).unref(),
        ),
      ]);
    } catch {
      throw new FetchProblem(`The calendar's server (${hostname}) cannot be found.`, "dns");
    }
  }
  if (addresses.length === 0) throw new FetchProblem(`The calendar's server (${hostname}) cannot be found.`, "dns");
  for (const { address } of addresses) {
    const why = addressRefusal(address);
    if (why) {
      throw new FetchProblem(
        `The address leads to ${hostname === address ? "" : `${hostname}, which is `}a ${why} network address (${address}). The site reads calendars from the internet only.`,
        "address",
      );
    }
  }
  // Checked after the addresses, so that a loopback or private address is named as such, whatever its port.
  if (url.port && url.port !== "443") {
    throw new FetchProblem(`Calendars are read on the usual secure port only, not port ${url.port}.`, "port");
  }
  return addresses[0] as Resolved;
}

/** Reads a 200's body, decompressed, within the byte cap. */
function readBody(response: IncomingMessage, maxBytes: number, host: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooBig = () =>
      new FetchProblem(
        `The calendar at ${host} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than the site reads. Share a calendar with less history, or only this year's.`,
        "size",
      );
    const declared = Number(response.headers["content-length"] ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      return reject(tooBig());
    }
    const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
    const decoder =
      encoding === "gzip" || encoding === "x-gzip"
        ? createGunzip()
        : encoding === "deflate"
          ? createInflate()
          : encoding === "br"
            ? createBrotliDecompress()
            : null;
    const chunks: Buffer[] = [];
    let raw = 0;
    let size = 0;
    let done = false;
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      response.destroy();
      decoder?.destroy();
      reject(error);
    };
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(tooBig());
      chunks.push(chunk);
    };
    response.on("data", (chunk: Buffer) => {
      raw += chunk.length;
      if (raw > maxBytes) return fail(tooBig());
      if (decoder) decoder.write(chunk);
      else take(chunk);
    });
    response.on("error", (error) => fail(error));
    response.on("aborted", () => fail(new FetchProblem(`${host} stopped sending the calendar halfway.`, "reset")));
    const finish = () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    };
    if (decoder) {
      decoder.on("data", take);
      decoder.on("error", () => fail(new FetchProblem(`${host} sent a calendar that cannot be unpacked.`, "body")));
      decoder.on("end", finish);
      response.on("end", () => decoder.end());
    } else response.on("end", finish);
  });
}

/**
 * Fetches a calendar. `etag` and `lastModified` are the last good read's: an unchanged calendar answers 304 and
 * costs nothing. Throws a FetchProblem for anything but a calendar's bytes.
 */
export async function fetchCalendar(
  target: { url: string; etag?: string | null; lastModified?: string | null },
  options: FetchOptions = {},
): Promise<Fetched> {
  const limits = { ...FETCH_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const deadline = now() + limits.totalMs;
  const remaining = () => Math.max(1, deadline - now());
  let current = new URL(target.url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "https:") {
      throw new FetchProblem(
        `The calendar's server sent the site on to an address that is not secure (${current.protocol}//).`,
        "scheme",
      );
    }
    const host = current.hostname.replace(/^\[|\]$/g, "");
    const stand = testHostFor(host, options);
    const pinned = await checkedAddress(current, options, remaining);
    // Why the site gave up on this connection, when it did: its words win over the socket's.
    let stopped: FetchProblem | null = null;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({
        host: pinned.address,
        family: pinned.family,
        port: stand ? Number(current.port || stand.port) : 443,
        // The certificate is checked against the name, the connection goes to the checked address.
        servername: isIP(host) ? undefined : host,
        path: `${current.pathname}${current.search}`,
        method: "GET",
        agent: false,
        ...(stand && options.ca ? { ca: options.ca } : {}),
        headers: {
          Host: current.host,
          "User-Agent": "HeartlandChimneySite/1 (calendar reader)",
          Accept: "text/calendar, */*;q=0.1",
          "Accept-Encoding": "gzip, deflate, br",
          ...(target.etag ? { "If-None-Match": target.etag } : {}),
          ...(target.lastModified ? { "If-Modified-Since": target.lastModified } : {}),
        },
      });
      const stop = (problem: FetchProblem) => {
        stopped ??= problem;
        req.destroy(problem);
      };
      const timer = setTimeout(
        () =>
          stop(new FetchProblem(`${host} took longer than ${limits.totalMs / 1000} s to send the calendar.`, "slow")),
        remaining(),
      );
      timer.unref();
      req.setTimeout(limits.idleMs, () =>
        stop(new FetchProblem(`${host} stopped sending for ${limits.idleMs / 1000} s.`, "slow")),
      );
      req.on("response", (res) => {
        res.on("close", () => clearTimeout(timer));
        resolve(res);
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(error instanceof FetchProblem ? error : connectionProblem(error, host));
      });
      req.end();
    });
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      response.destroy();
      if (hop >= limits.maxRedirects) {
        throw new FetchProblem(
          `The calendar's address sends the site on more than ${limits.maxRedirects} times.`,
          "redirects",
        );
      }
      try {
        current = new URL(response.headers.location, current);
      } catch {
        throw new FetchProblem("The calendar's server sent the site on to an address that is not valid.", "redirects");
      }
      continue;
    }
    if (status === 304) {
      response.destroy();
      return { status: "unchanged" };
    }
    if (status !== 200) {
      response.destroy();
      throw statusProblem(status, host);
    }
    try {
      const body = await readBody(response, limits.maxBytes, host);
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === "string" && value.length <= 200 ? value : null;
      };
      return {
        status: "changed",
        body,
        etag: header("etag"),
        lastModified: header("last-modified"),
        url: current.toString(),
      };
    } catch (error) {
      if (stopped) throw stopped;
      if (error instanceof FetchProblem) throw error;
      throw connectionProblem(error as NodeJS.ErrnoException, host);
    }
  }
}
