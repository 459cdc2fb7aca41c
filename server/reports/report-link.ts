// The homeowner's link to a sent condition report (decision 0054): the link is the key. Its token (32 random bytes)
// goes in the e-mail and only its SHA-256 is stored (server/documents/secret-links.ts), so a copy of the database
// opens nothing; the URL names no person and no address. A link opens the version it was made for, and the later
// versions of the same report (its page says a newer one exists and links to it); an unknown, mistyped or revoked
// link gets the one 404, found by the same single indexed query, and failed lookups are limited per address as a
// quote's are. A lookup never writes: a mail scanner's GET changes nothing.
import { limitedLookups, linkTokenHash, newLinkToken, type LinkLookups } from "../documents/secret-links.ts";
import { LOOKUP_LIMIT } from "../quotes/quote-context.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { ReportVersionHead, ReportVersionRow } from "../store/report-versions.ts";
import { readSnapshot, type ReportSnapshot } from "./report-snapshot.ts";

export type FoundReport = {
  reportId: number;
  /** The version the link was made for. */
  linkVersion: number;
  /** Every version of the report, oldest first. */
  versions: ReportVersionHead[];
};

let lookups: LinkLookups | null = null;

/** The process's limiter of failed lookups (one per server, as the quote's). */
function limiter(now: () => Date): LinkLookups {
  lookups ??= limitedLookups(now, LOOKUP_LIMIT);
  return lookups;
}

/** The report a link opens, null for any other token, "limited" when this address failed too often. */
export function findReport(
  store: EstimateStore,
  now: () => Date,
  token: string | undefined,
  ip: string | null,
): FoundReport | null | "limited" {
  return limiter(now).lookup(ip, () => {
    const hash = linkTokenHash(token);
    const link = hash ? store.reportVersions.byLink(hash) : undefined;
    if (!link) return null;
    return {
      reportId: link.report_id,
      linkVersion: link.version,
      versions: store.reportVersions.versions(link.report_id),
    };
  });
}

/** Seconds before this address may look again. */
export function retryAfter(now: () => Date, ip: string | null): number {
  return limiter(now).retryAfter(ip);
}

/** The version a request asks for (`?v=2`): one of the report's, else the link's own. */
export function chosenVersion(found: FoundReport, asked: string | null): number {
  const n = asked !== null && /^[1-9]\d{0,3}$/.test(asked) ? Number(asked) : found.linkVersion;
  return found.versions.some((v) => v.version === n) ? n : found.linkVersion;
}

/** A version's frozen row and its snapshot, read back through its schema (once per hash). */
export function versionOf(
  store: EstimateStore,
  found: FoundReport,
  version: number,
): { row: ReportVersionRow; snapshot: ReportSnapshot } | null {
  const row = store.reportVersions.version(found.reportId, version);
  return row ? { row, snapshot: readSnapshot(row.snapshot, row.sha256) } : null;
}

/** A new link to a version, for the e-mail or the owner's "open it as the homeowner sees it": its URL. */
export function newReportLink(store: EstimateStore, origin: string, versionId: number): string {
  const { token, hash } = newLinkToken();
  store.reportVersions.addLink(versionId, hash);
  return `${origin.replace(/\/+$/, "")}/report/${token}`;
}

/** A plain-text answer of the report's routes (a 404, a 429), in our words (the server marks it no-store). */
export function plainText(status: number, words: string, headers: Record<string, string> = {}): Response {
  return new Response(words, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });
}
