// The buckets visitor figures are kept in (server/visitors/visitor-counter.ts) and requests are joined to (reports), in one
// place: a request's attribution must land in the same bucket as the visit it came from, or conversion is wrong.
import { cleanText } from "./attribution";

/** Visitor figures are kept this long, then deleted (the privacy page says so). */
export const VISIT_RETENTION_MONTHS = 25;

/** A bucket per referring site: the search engines by name, other sites by host, and "Direct". */
export const DIRECT = "Direct";
export const NOT_FOUND_PAGE = "Not found";
/** Where values past a day's cap go, so no table grows with what a client chooses to send. */
export const OTHER_PAGES = "Other pages";
export const OTHER_SITES = "Other sites";
export const OTHER_TAG = "(other)";

const ENGINES: readonly [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(^|\.)yahoo\.[a-z.]+$/, "Yahoo"],
];

/** The host of an http(s) URL, lower case, without "www."; null when there is none worth naming. */
function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol)) return null;
    const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
    return /^[a-z0-9.-]{1,100}$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** A bucket every day has room for: "Direct" and the named search engines. */
export function isNamedSource(bucket: string): boolean {
  return bucket === DIRECT || ENGINES.some(([, name]) => name === bucket);
}

/** The referring site's bucket: "Google", "Bing" …, a host ("angi.com"), or "Direct" (none, or this site). */
export function referrerSite(referrer: string | null | undefined, siteHost: string): string {
  const host = hostOf(referrer);
  if (!host || host === siteHost.toLowerCase().replace(/^www\./, "")) return DIRECT;
  return ENGINES.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}

/** True when a referrer is another page of this site: the view is not where a visit came in. */
export function isSameSite(referrer: string | null | undefined, siteHost: string): boolean {
  const host = hostOf(referrer);
  return host !== null && host === siteHost.toLowerCase().replace(/^www\./, "");
}

/** A page's bucket key: its path in lower case, without query or trailing slash ("/contact?x=1" -> "/contact"). */
export function pageKey(pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl) return null;
  const path = (pathOrUrl.split(/[?#]/)[0] ?? "").toLowerCase().replace(/\/+$/, "") || "/";
  return path.startsWith("/") ? path.slice(0, 100) : null;
}

/** A utm_source or utm_campaign value as a bucket: control characters gone, at most 60 characters. */
export function tagValue(value: string | null | undefined): string | null {
  return cleanText(value, 60);
}

export type DeviceClass = "Phone" | "Tablet" | "Desktop";

/** Phone, tablet or desktop, from the user agent (which is never kept). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobi)/i.test(userAgent)) return "Tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return "Phone";
  return "Desktop";
}

