// A campaign before the season (decision 0052): the owner's choice of who (due before a day, in a town, last served in
// a year), counted with everyone who must not get it left out and said why (unsubscribed, no e-mail, a visit booked or
// a request open); then Send, once: the recipients go into the send ledger in one transaction, one row each, and the
// sender takes them at its pace. Presses of one Send form share one campaign, however many arrive at once.
import { z } from "zod";
import { isDay } from "../time/wall-time.ts";
import type { CampaignRow } from "../store/campaigns.ts";
import { NO_COUNTS, type SendRow, type StateCounts } from "../store/marketing-sends.ts";
import type { MarketingContext } from "./marketing-context.ts";
import { marketingMail, unsubscribeMailbox } from "./marketing-mail.ts";
import type { MarketingSender } from "./marketing-sender.ts";
import { addressHashes } from "./recipients.ts";

export const audienceSchema = z.strictObject({
  /** Chimneys due on or before this day. */
  dueBefore: z.string().refine(isDay, "must be a day").nullable(),
  /** Properties in this town (as the business facts name it). */
  town: z.string().trim().min(1).max(80).nullable(),
  /** Homes last served in this year. */
  servedIn: z.number().int().min(1900).max(2200).nullable(),
});

export type Audience = z.output<typeof audienceSchema>;

export const EVERYONE: Audience = { dueBefore: null, town: null, servedIn: null };

export type AudienceCount = {
  recipients: { customerId: number; propertyId: number; name: string; town: string }[];
  /** Left out, and why: never counted, never sent. */
  unsubscribed: number;
  noEmail: number;
  busy: number;
};

export type CampaignView = CampaignRow & { counts: StateCounts; audienceText: string };

const PAGE = 40;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const fold = (town: string) => town.trim().toLowerCase().replace(/\s+/g, " ");

/** The owner's choice in words: "due by Oct 1, 2027 · in Normal · last served in 2026". */
export function audienceText(a: Audience): string {
  const parts = [
    a.dueBefore ? `due by ${a.dueBefore}` : "",
    a.town ? `in ${a.town}` : "",
    a.servedIn ? `last served in ${a.servedIn}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "everyone with a chimney on file";
}

export function createCampaigns(ctx: MarketingContext, sender: MarketingSender) {
  const { campaigns, sends, suppressions } = ctx.stores;
  const pressing = new Map<string, Promise<{ campaign: CampaignRow; created: boolean }>>();

  /** Everyone the choice names, one row per customer, read a page at a time with the event loop given back between. */
  async function audienceOf(a: Audience): Promise<AudienceCount> {
    const counted: AudienceCount = { recipients: [], unsubscribed: 0, noEmail: 0, busy: 0 };
    const seen = new Set<number>();
    const town = a.town ? fold(a.town) : null;
    const suppressed = suppressions.all();
    for (let after = 0; ;) {
      const page = ctx.store.flueDues.dueBetween("0000-01-01", a.dueBefore ?? "9999-12-31", ctx.dueSettings(), {
        after,
        limit: PAGE,
      });
      for (const row of page.rows) {
        if (seen.has(row.customerId)) continue;
        if (town !== null && fold(row.town) !== town) continue;
        if (a.servedIn !== null && !(row.due.from ?? "").startsWith(`${a.servedIn}-`)) continue;
        seen.add(row.customerId);
        const hashes = addressHashes(
          ctx,
          row.emails.map((e) => e.key),
          row.phones.map((p) => p.key),
        );
        if (hashes.some((h) => suppressed.has(h))) counted.unsubscribed += 1;
        else if (row.emails.length === 0) counted.noEmail += 1;
        else if (row.hasFutureVisit || row.hasOpenRequest) counted.busy += 1;
        else {
          counted.recipients.push({
            customerId: row.customerId,
            propertyId: row.propertyId,
            name: row.displayName,
            town: row.town,
          });
        }
      }
      if (page.next === null) break;
      after = page.next;
      await yieldToLoop();
    }
    return counted;
  }

  async function queue(pressKey: string, a: Audience) {
    const { recipients } = await audienceOf(a);
    const subject = ctx.words().campaign.subject;
    const result = campaigns.create(pressKey, JSON.stringify(a), subject, recipients);
    if (result.created) {
      ctx.log(`Campaign #${result.campaign.id}: ${result.campaign.recipients} e-mail(s) queued (${audienceText(a)}).`);
      sender.queued();
    }
    return result;
  }

  return {
    audienceOf,
    /** The e-mail as the first recipient (or a made-up one) would get it; its links stand for theirs. */
    preview(firstName: string | null) {
      return marketingMail(
        ctx.words(),
        ctx.facts(),
        { name: firstName ?? "Ann Example" },
        { purpose: "campaign" },
        {
          book: ctx.url("/book/…"),
          unsubscribe: ctx.url("/u/…"),
          unsubscribeMailto: unsubscribeMailbox(ctx.mailFrom),
        },
      );
    },
    /**
     * Send: the campaign of this form's one-time key, made once. Presses that arrive while the first is counting wait
     * for it and get the same campaign, `created` false.
     */
    async send(pressKey: string, a: Audience): Promise<{ campaign: CampaignRow; created: boolean }> {
      const before = campaigns.byPress(pressKey);
      if (before) return { campaign: before, created: false };
      const under = pressing.get(pressKey);
      if (under) return { ...(await under), created: false };
      const made = queue(pressKey, a).finally(() => pressing.delete(pressKey));
      pressing.set(pressKey, made);
      return made;
    },
    get(id: number): CampaignView | null {
      const row = campaigns.get(id);
      return row ? view(row) : null;
    },
    latest(limit = 10): CampaignView[] {
      return campaigns.latest(limit).map(view);
    },
    /** Sends caught mid-send (a stop, a timeout): the owner's to send again or drop. */
    inDoubt(): SendRow[] {
      return sends.inDoubt().filter((r) => r.state === "unknown");
    },
    /** The owner's choice for one send in doubt; false when it is not in doubt (any more). */
    resolve(id: number, choice: "send" | "drop"): boolean {
      const done = sends.resolve(id, choice);
      if (done && choice === "send") sender.queued();
      return done;
    },
  };

  function view(row: CampaignRow): CampaignView {
    let audience = EVERYONE;
    try {
      audience = audienceSchema.parse(JSON.parse(row.audience));
    } catch {
      // A row from another version: shown as "everyone".
    }
    return { ...row, counts: { ...NO_COUNTS, ...sends.campaignCounts(row.id) }, audienceText: audienceText(audience) };
  }
}

export type Campaigns = ReturnType<typeof createCampaigns>;
