// The outbox's composers for quote mail: each checks, when the message is due, that it is still wanted.
import { isOpenAt, MAX_FOLLOW_UPS } from "../documents/follow-up-times.ts";
import type { OutboxItem } from "../requests/estimate-store.ts";
import type { Mail } from "../requests/lead-mail.ts";
import { readVersion } from "./document.ts";
import { acceptedCopyMail, followUpMail, quoteSentMail } from "./quote-mail.ts";
import { choiceOf } from "./quote-view.ts";
import { quoteStatus } from "./quote-status.ts";
import { currentVersion, followUpPrefix, linkFor, type QuoteContext } from "./quote-context.ts";
import { pdf } from "./quote-pdfs.ts";

function parseKey(dedupe: string): { quoteId: number; rest: string[] } | null {
  const [, id, ...rest] = dedupe.split(":");
  const quoteId = Number(id);
  return Number.isSafeInteger(quoteId) && quoteId > 0 ? { quoteId, rest } : null;
}

export function quoteComposers(ctx: QuoteContext) {
  const { quotes, now, business, words } = ctx;
  return {
    /** The quote itself: only while its version is the current one and the quote is open. */
    "quote-sent": async (item: OutboxItem): Promise<Mail | "withdrawn" | null> => {
      const key = parseKey(item.dedupe);
      const q = key && quotes.get(key.quoteId);
      if (!key || !q) return null;
      const versionNumber = Number(key.rest[0]);
      const status = quoteStatus(q, now());
      if (q.current_version !== versionNumber || (status !== "sent" && status !== "changes_requested"))
        return "withdrawn";
      const current = currentVersion(ctx, q);
      if (!current) return null;
      const bytes = await pdf(ctx, q, current.row, "sent");
      return quoteSentMail(current.version, linkFor(ctx, q.id), bytes);
    },
    /**
     * A follow-up goes only if, when it is due: the quote still waits for an answer (no decision, no request for
     * changes), it has not expired, its version is still the current one, the owner has not paused them, fewer
     * than three have gone, and the business is open. Otherwise it is withdrawn, never sent late.
     */
    "quote-followup": (item: OutboxItem): Mail | "withdrawn" | null => {
      const key = parseKey(item.dedupe);
      const q = key && quotes.get(key.quoteId);
      if (!key || !q) return null;
      const versionNumber = Number((key.rest[0] ?? "").slice(1));
      if (quoteStatus(q, now()) !== "sent" || q.followups_paused || q.current_version !== versionNumber)
        return "withdrawn";
      if (q.estimate_id === null || quotes.followUps(q.estimate_id, followUpPrefix(q.id)).sent >= MAX_FOLLOW_UPS) {
        return "withdrawn";
      }
      const b = business();
      if (!isOpenAt(now(), b.hours, b.timeZone, b.closedDays ?? [])) return "withdrawn";
      const current = currentVersion(ctx, q);
      if (!current) return null;
      return followUpMail(current.version, words().terms.followUps, linkFor(ctx, q.id));
    },
    /** The homeowner's copy of the accepted quote, in full, with the acceptance PDF (the same bytes on a retry). */
    "quote-accepted": async (item: OutboxItem): Promise<Mail | "withdrawn" | null> => {
      const key = parseKey(item.dedupe);
      const q = key && quotes.get(key.quoteId);
      const acceptance = q ? quotes.acceptance(q.id) : undefined;
      const versionRow = acceptance ? quotes.versionById(acceptance.version_id) : undefined;
      if (!q || !acceptance || !versionRow) return null;
      const version = readVersion(versionRow.body, versionRow.sha256);
      const choice = choiceOf(version, acceptance.option_key, JSON.parse(acceptance.addon_keys) as string[]);
      if (!choice) return null;
      const bytes = await pdf(ctx, q, versionRow, "accepted");
      return acceptedCopyMail(
        {
          version,
          sha256: versionRow.sha256,
          choice,
          name: acceptance.name,
          at: acceptance.at,
          inPerson: acceptance.method !== "online",
          pamphletAcknowledged: acceptance.pamphlet_acknowledged === 1,
          consentVersion: acceptance.consent_version,
          recordSha256: acceptance.record_sha256,
          // A link of its own (only hashes are stored), made when the mail is composed, as the quote's are.
          payLink: acceptance.deposit_cents > 0 && ctx.paysOnline() ? linkFor(ctx, q.id) : null,
        },
        bytes,
      );
    },
  };
}
