// The send ledger's worker side (decision 0052), handed to the outbox as its paced mail (server/requests/outbox.ts):
// the outbox sends it when its own queue is empty, one message at a time, at most one every `paceMs`. Each message is
// claimed in one transaction that asks everything again, now: is the customer still there and not merged away, not
// unsubscribed (any of their e-mails or phones), with no visit booked or request open, still due on that day (a
// reminder), inside the send window? Only then is the row marked `sending`, with the message as it will go, and that
// mark is on disk before the mail server hears of it: a crash can lose a send to `unknown`, never repeat one.
import { yearAt } from "../../app/lib/business-day.ts";
import type { MarketingWords } from "../../app/content/marketing-mail.ts";
import { MAX_ATTEMPTS, retryDelayMs, type PacedItem, type PacedMail } from "../requests/outbox.ts";
import { storeMail } from "../requests/stored-mail.ts";
import type { SendRow } from "../store/marketing-sends.ts";
import type { MarketingContext } from "./marketing-context.ts";
import { marketingMail, unsubscribeMailbox, type MarketingFacts } from "./marketing-mail.ts";
import { recipientOf } from "./recipients.ts";
import { maySendAt, sendSlot } from "./send-window.ts";

/** Rows looked at in one claim before the outbox gets its turn back (each cancelled one is a small write). */
const ROWS_PER_CLAIM = 20;
/** While the postal address is missing, or the words cannot be read, queued mail waits this long before a new look. */
const HELD_MS = 15 * 60_000;

type Decision = { cancel: string } | { later: Date } | { claimed: PacedItem };

/** Whether the reminder's chimney is still due on the day its key names (a job since, or a new date, ends it). */
function stillDue(ctx: MarketingContext, row: SendRow): boolean {
  if (row.purpose !== "reminder" || row.due_day === null) return true;
  const places = ctx.store.flueDues.placesOf(row.customer_id, ctx.dueSettings());
  return places.some((p) => p.flues.some((f) => f.due?.day === row.due_day));
}

export type MarketingSender = PacedMail & {
  /** Why queued mail is held (no postal address, words that cannot be read); null while it goes. */
  held(): string | null;
  /** Wakes the outbox after rows were queued (the reminders' pass, a campaign's Send). */
  queued(): void;
};

export function createMarketingSender(ctx: MarketingContext): MarketingSender {
  const { sends } = ctx.stores;
  const messageHost = new URL(ctx.siteUrl).hostname || "localhost";
  const listeners = new Set<() => void>();
  let lastClaimAt = -Infinity;
  let held: string | null = null;

  function decide(row: SendRow, words: MarketingWords, facts: MarketingFacts): Decision {
    const at = ctx.now();
    if (!maySendAt(at, ctx.sendRules())) return { later: nextSlot(at) };
    const recipient = recipientOf(ctx, row.customer_id);
    if ("refused" in recipient) return { cancel: recipient.refused };
    if (!stillDue(ctx, row)) return { cancel: "no longer due" };
    const mail = marketingMail(
      words,
      facts,
      { name: recipient.name },
      row.purpose === "reminder"
        ? {
            purpose: "reminder",
            number: row.send_key.endsWith(":2") ? 2 : 1,
            due: row.due_day ?? "",
            thisYear: yearAt(at, ctx.sendRules().timeZone),
          }
        : { purpose: "campaign" },
      {
        book: ctx.url(`/book/${ctx.keys.linkToken(row.id)}`),
        unsubscribe: ctx.url(`/u/${ctx.keys.unsubscribeToken(recipient.email)}`),
        unsubscribeMailto: unsubscribeMailbox(ctx.mailFrom),
      },
    );
    if (!sends.claim(row.id, recipient.email, storeMail(mail))) return { cancel: "" };
    const label = row.campaign_id === null ? "reminder" : `campaign #${row.campaign_id}`;
    return {
      claimed: { id: row.id, to: recipient.email, mail, messageId: `<marketing-${row.id}@${messageHost}>`, label },
    };
  }

  const nextSlot = (at: Date) => sendSlot(at, ctx.sendRules()) ?? new Date(at.getTime() + 24 * 3_600_000);

  /** One row's decision and its write, in one transaction: nothing can come between the checks and the claim. */
  const decideTx = ctx.store.db.transaction((id: number, words: MarketingWords, facts: MarketingFacts) => {
    const row = sends.get(id);
    if (!row || row.state !== "queued") return null;
    const decision = decide(row, words, facts);
    if ("cancel" in decision && decision.cancel) sends.cancel(row.id, decision.cancel);
    if ("later" in decision) sends.later(row.id, decision.later);
    return decision;
  });

  /** The words and the postal address, or why queued mail must wait (said to the owner on the Campaigns page). */
  function material(): { words: MarketingWords; facts: MarketingFacts } | null {
    try {
      const facts = ctx.facts();
      if (!facts.postalAddress.trim()) {
        held = "your postal address is not set (Site → Business facts → Reminders and campaigns)";
        return null;
      }
      const words = ctx.words();
      held = null;
      return { words, facts };
    } catch (error) {
      held = `the e-mails' words cannot be read: ${error instanceof Error ? error.message : String(error)}`;
      return null;
    }
  }

  return {
    held: () => held,
    async claim() {
      const due = sends.next();
      if (!due) {
        const soonest = sends.soonest();
        return soonest ? { waitMs: Math.max(1000, soonest.getTime() - ctx.now().getTime()) } : null;
      }
      const wait = lastClaimAt + ctx.paceMs - performance.now();
      if (wait > 0) return { waitMs: wait };
      // Outside the window every row due waits for the next opening, in one write.
      const at = ctx.now();
      if (!maySendAt(at, ctx.sendRules())) {
        const slot = nextSlot(at);
        sends.laterAll(slot);
        return { waitMs: Math.max(1000, slot.getTime() - at.getTime()) };
      }
      const got = material();
      if (!got) {
        ctx.warn(`Marketing e-mails are held: ${held ?? ""}.`);
        return { waitMs: HELD_MS };
      }
      for (let i = 0; i < ROWS_PER_CLAIM; i++) {
        const row = i === 0 ? due : sends.next();
        if (!row) return null;
        // The claim is on disk before the message goes: a crash after this line leaves it `sending`, never queued.
        const decision = await ctx.store.durable.commit(() => decideTx.immediate(row.id, got.words, got.facts));
        if (decision && "claimed" in decision) {
          lastClaimAt = performance.now();
          return decision.claimed;
        }
      }
      return { waitMs: 0 };
    },
    async sent(item: PacedItem) {
      await ctx.store.durable.commit(() => sends.sent(item.id));
    },
    failed(item: PacedItem, error: string, maybeDelivered: boolean) {
      const row = sends.get(item.id);
      if (maybeDelivered) sends.end(item.id, "unknown", error);
      else if ((row?.attempts ?? MAX_ATTEMPTS) >= MAX_ATTEMPTS) sends.end(item.id, "failed", error);
      else sends.retry(item.id, error, new Date(ctx.now().getTime() + retryDelayMs((row?.attempts ?? 1) - 1)));
    },
    onQueued(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    queued() {
      for (const listener of listeners) listener();
    },
  };
}
