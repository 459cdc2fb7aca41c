// The homeowner's side: a link (its token's SHA-256 is all that is stored), the quote it opens and the page it shows.
// A lookup never writes; "Opened" is noted only for a person.
import { openedByPerson } from "../documents/scanner-safe.ts";
import { linkTokenHash } from "../documents/secret-links.ts";
import type { QuoteRow, VersionRow } from "../store/quotes.ts";
import type { QuoteVersion } from "./document.ts";
import { quotePage, type QuotePage, type QuotePageState } from "./page-view.ts";
import { choiceOf } from "./quote-view.ts";
import { quoteStatus, type QuoteStatus } from "./quote-status.ts";
import { currentVersion, type QuoteContext } from "./quote-context.ts";

/** A link stops working this long after the quote's valid-until day or its decision, whichever is later. */
export const LINK_LIFETIME_DAYS = 90;

export type Found = {
  quote: QuoteRow;
  status: QuoteStatus;
  linkHash: string;
  current: { row: VersionRow; version: QuoteVersion };
};

/**
 * The quote a link opens, or null for an unknown, withdrawn or old link (one answer for all three). Never writes.
 * `limited` when this address (or everyone) failed too often: the caller answers 429 without looking.
 */
export function lookup(ctx: QuoteContext, token: string | undefined, ip: string | null): Found | null | "limited" {
  return ctx.lookups.lookup(ip, () => find(ctx, token));
}

export function find(ctx: QuoteContext, token: string | undefined): Found | null {
  const { quotes, now } = ctx;
  const linkHash = linkTokenHash(token);
  if (!linkHash) return null;
  const link = quotes.link(linkHash);
  if (!link) return null;
  const q = quotes.get(link.quote_id);
  if (!q || q.status === "withdrawn" || q.status === "draft") return null;
  const at = now().getTime();
  if (link.expires_at && Date.parse(link.expires_at) <= at) return null;
  const end = Math.max(Date.parse(q.expires_at ?? "0"), Date.parse(q.decided_at ?? "0"));
  if (end + LINK_LIFETIME_DAYS * 86_400_000 <= at) return null;
  const current = currentVersion(ctx, q);
  if (!current) return null;
  return { quote: q, status: quoteStatus(q, now()), linkHash, current };
}

export function retryAfter({ lookups }: QuoteContext, ip: string | null): number {
  return lookups.retryAfter(ip);
}

/**
 * "Opened" is an event, not a status, and a GET changes nothing a mail scanner could trip: it is noted only when
 * the browser says a person opened the page (Sec-Fetch-User: ?1, which scanners' fetchers do not send), once per
 * version. The quote, its status, its follow-ups and its decisions never change on a GET.
 */
export function noteOpened(
  { quotes }: QuoteContext,
  found: Found,
  request: { secFetchUser: string | null; userAgent: string | null },
) {
  if (found.status !== "sent" && found.status !== "changes_requested") return;
  if (!openedByPerson(request)) return;
  quotes.opened(found.quote.id, found.current.version.version);
}

/** The homeowner's page, as strings: the choice posted (else the first option alone) and the quote's state. */
export function page(
  { quotes }: QuoteContext,
  found: Found,
  selection?: { optionKey: string; addonKeys: string[] },
): QuotePage {
  const { version, row: versionRow } = found.current;
  const choice = (selection && choiceOf(version, selection.optionKey, selection.addonKeys)) ?? {
    option: 0,
    addons: [],
  };
  const a = quotes.acceptance(found.quote.id);
  const accepted = a ? choiceOf(version, a.option_key, JSON.parse(a.addon_keys) as string[]) : null;
  const state: QuotePageState =
    found.status === "sent" ? "open" : (found.status as Exclude<QuoteStatus, "sent" | "draft" | "withdrawn">);
  return quotePage({
    version,
    sha256: versionRow.sha256,
    state,
    choice: accepted ?? choice,
    acceptance: a && accepted ? { name: a.name, at: a.at, choice: accepted, inPerson: a.method !== "online" } : null,
    decidedAt: found.quote.decided_at,
  });
}

export function photoForLink(
  ctx: QuoteContext,
  token: string | undefined,
  sha256: string,
  size: "full" | "preview",
): Buffer | null {
  const found = find(ctx, token);
  if (!found || !shownPhotos(found.current.version).has(sha256)) return null;
  return ctx.quotes.photo(found.quote.id, sha256, size);
}

/** The photos a version shows: its own, and those beside the lines made from a condition report's findings. */
function shownPhotos(version: QuoteVersion): Set<string> {
  const shown = new Set(version.photos.map((p) => p.sha256));
  for (const line of [...version.options.flatMap((o) => o.lines), ...version.addons])
    if (line.finding?.photo) shown.add(line.finding.photo.sha256);
  return shown;
}
