// The server's outer wall: what it answers before any page code runs. Requests it cannot trust (no or malformed
// Host, malformed percent-encoding, methods it does not serve) get a short answer in the site's own words; no
// redirect it sends can leave the site; and no error ever shows a stack or a file path.
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, RequestHandler, Response } from "express";

/** Short plain-text answers; the full detail of an error goes to the server log only. */
export const ERROR_TEXT: Record<number, string> = {
  400: "Bad request. Please check the address and try again.",
  404: "Page not found.",
  405: "This method is not allowed here.",
  413: "The request is too large.",
  431: "The request headers are too large.",
  500: "Sorry, something went wrong on our side. Please try again, or call us.",
  501: "This method is not supported.",
};

/** Answers with one of the texts above: JSON ({error, errors}, the endpoint's contract) when asked, else text. */
export function sendError(res: Response, status: number, headers: Record<string, string> = {}): void {
  const text = ERROR_TEXT[status] ?? ERROR_TEXT[500] ?? "";
  const json = (res.req.get("accept") ?? "").includes("application/json");
  const body = json ? JSON.stringify({ error: text, errors: [] }) : `${text}\n`;
  res.status(status);
  res.set({
    "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** Longer request targets are answered with the 404 page without being decoded or matched. */
export const MAX_URL_LENGTH = 2048;

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
// Methods HTTP itself defines (RFC 9110, RFC 5789): known, but not served here, so 405. Anything else is 501.
const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]);

export const methodGate: RequestHandler = (req, res, next) => {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  if (STANDARD_METHODS.has(req.method)) return sendError(res, 405, { Allow: ALLOWED_METHODS.join(", ") });
  sendError(res, 501);
};

// A DNS name (labels of letters, digits, hyphens, underscores), IPv4, or a bracketed IPv6 literal; optional port.
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(value: string | undefined): boolean {
  return value !== undefined && value.length <= 255 && HOST.test(value);
}

/** Host (and, behind a trusted proxy, X-Forwarded-Host/-Proto) must be well-formed: page code builds URLs from them. */
export const hostGuard: RequestHandler = (req, res, next) => {
  // Node keeps only the first of several Host headers; a request that sends two is malformed (RFC 9112 3.2).
  const hosts = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]?.toLowerCase() === "host").length;
  if (hosts !== 1 || !isValidHost(req.headers.host)) return sendError(res, 400);
  if (req.app.enabled("trust proxy")) {
    const forwardedHost = req.get("x-forwarded-host");
    if (forwardedHost !== undefined && !isValidHost(forwardedHost.split(",")[0]?.trim())) return sendError(res, 400);
    const forwardedProto = req.get("x-forwarded-proto");
    if (forwardedProto !== undefined && !/^https?$/i.test(forwardedProto.split(",")[0]?.trim() ?? ""))
      return sendError(res, 400);
  }
  next();
};

/** The path as the router sees it: dot segments resolved, backslashes read as slashes, percent-escapes decoded. */
export function routerPath(rawUrl: string): string | null {
  try {
    const { pathname } = new URL(rawUrl, "http://site.invalid");
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * Malformed percent-encoding (/%, /%E0%A4%A) is a bad request, answered before anything tries to decode it.
 * A request target in absolute form ("GET http://host/path") is read as its path: the Host header still decides.
 */
export const pathGuard: RequestHandler = (req, res, next) => {
  // No page has an address this long: skip the decoding and let the router answer with its 404 page.
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    req.url = req.originalUrl = "/__too-long__";
    return next();
  }
  if (!req.url.startsWith("/")) {
    try {
      const url = new URL(req.url);
      if (!/^https?:$/.test(url.protocol)) return sendError(res, 400);
      req.url = req.originalUrl = url.pathname + url.search;
    } catch {
      return sendError(res, 400);
    }
  }
  const path = routerPath(req.originalUrl);
  // eslint-disable-next-line no-control-regex -- a decoded NUL or control character never names a page
  if (path === null || /[\u0000-\u001F\u007F]/.test(path)) return sendError(res, 400);
  next();
};

/**
 * True when a browser would resolve `location` to a page of this site: a path that starts with one slash,
 * never "//" or "/\" (which browsers read as another host), with no backslash, space or control character
 * anywhere (browsers drop tabs and newlines, and read backslashes as slashes), and no encoded slash.
 */
export function isSafeLocation(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a browser would strip
  if (!location.startsWith("/") || /[\\\u0000-\u0020\u007F]/.test(location)) return false;
  const path = location.split(/[?#]/)[0] ?? "";
  // No empty or dot segment (after resolving, "/.//x" is "//x"), and no encoded slash or backslash, which some
  // proxies and clients read as real ones.
  if (path.includes("//") || /(^|\/)\.{1,2}(\/|$)/.test(path) || /%(2f|5c)/i.test(path)) return false;
  try {
    return new URL(location, "http://site.invalid").host === "site.invalid";
  } catch {
    return false;
  }
}

/** True when `location` is an absolute https (or a test's loopback) address on one of `origins`, exactly. */
export function isAllowedOffsite(location: string, origins: readonly string[]): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a browser would strip
  if (origins.length === 0 || /[\\\u0000-\u0020\u007F]/.test(location)) return false;
  try {
    const url = new URL(location);
    return origins.includes(url.origin) && location.startsWith(`${url.origin}/`);
  } catch {
    return false;
  }
}

/**
 * The last word on every redirect, whoever sends it: a Location that could leave the site becomes "/", unless it
 * goes to one of `offsite` (the payment provider's checkout, decision 0040). Installed first, so it sees the
 * headers of every response as they are written.
 */
export function guardLocations(offsite: readonly string[] = []): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function guardedWriteHead(this: Response, ...args: Parameters<Response["writeHead"]>) {
      const location = this.getHeader("location");
      if (location !== undefined && !isSafeLocation(String(location)) && !isAllowedOffsite(String(location), offsite)) {
        console.error(`Refused to send a redirect off the site: ${JSON.stringify(String(location)).slice(0, 200)}`);
        this.setHeader("Location", "/");
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

export const locationGuard: RequestHandler = guardLocations();

/**
 * Canonical URLs have no trailing slash: /faq/ -> /faq. Only a plain path is redirected: one with an empty
 * segment ("//"), a backslash or anything a browser might read as a host is left alone (it finds no page).
 */
export const trailingSlashRedirect: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const path = req.path;
  if (path.length <= 1 || !path.endsWith("/")) return next();
  const target = path.replace(/\/+$/, "");
  if (!/^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(target) || !isSafeLocation(target)) return next();
  const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
  res.redirect(301, target + query);
};

/** Any error that reaches Express: logged in full, answered in a few words, whatever NODE_ENV says. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const status = typeof error === "object" && error !== null && "status" in error ? Number(error.status) : 500;
  const answer = status >= 400 && status < 500 && ERROR_TEXT[status] !== undefined ? status : 500;
  console.error(`Error answering ${req.method} ${req.originalUrl.slice(0, 200)}:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Keep the security headers; drop whatever described the response that failed.
  for (const name of [
    "content-type",
    "content-length",
    "content-encoding",
    "etag",
    "location",
    "vary",
    "cache-control",
  ]) {
    res.removeHeader(name);
  }
  sendError(res, answer);
};

/** Node's parser refused the request (bad request line, header too large): a short answer, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = `${ERROR_TEXT[status]}\n`;
  const reason = status === 431 ? "Request Header Fields Too Large" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
