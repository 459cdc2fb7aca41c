// What the console's Campaigns page shows (app/routes/owner/campaigns.tsx), from server/marketing/: the owner's choice
// of who read from the address (a GET only counts), the count with who is left out and why, the e-mail as it will
// look, the campaigns sent with their sends' states, the sends in doubt, the reminders, and the suppression list.
import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { instantText } from "../../../server/time/wall-time.ts";
import { audienceSchema, EVERYONE, type Audience } from "../../../server/marketing/campaigns.ts";
import type { Marketing } from "../../../server/marketing/marketing.ts";
import type { SendRow } from "../../../server/store/marketing-sends.ts";

/** The choice as the form sends it: strings, "" for any. */
export type AudienceFields = { dueBefore: string; town: string; servedIn: string };

/** The form's fields as an audience; null when one of them is not a value the form offers. */
export function readAudience(fields: AudienceFields): Audience | null {
  const parsed = audienceSchema.safeParse({
    dueBefore: fields.dueBefore || null,
    town: fields.town || null,
    servedIn: fields.servedIn ? Number(fields.servedIn) : null,
  });
  if (!parsed.success) return null;
  const a = parsed.data;
  if (a.town !== null && !business.cities.some((c) => c.name === a.town)) return null;
  return a;
}

export const fieldsOf = (a: Audience): AudienceFields => ({
  dueBefore: a.dueBefore ?? "",
  town: a.town ?? "",
  servedIn: a.servedIn === null ? "" : String(a.servedIn),
});

/**
 * The Send form's one-time key: the same for one choice on one business day, so a second press, a page reloaded or the
 * Back button's old form all name the campaign the first press made (the owner never sends one list twice in a day).
 * Shaped as the action expects (36 characters of hex and dashes).
 */
export function pressKeyFor(a: Audience, day: string): string {
  const hex = createHash("sha256")
    .update(`campaign ${day} ${JSON.stringify(fieldsOf(a))}`)
    .digest("hex");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join("-");
}

const when = (iso: string | null) => (iso ? instantText(iso, business.timeZone) : "");

/** What the owner must know before sending: each in plain words. */
function problems(context: AppLoadContext, marketing: Marketing): string[] {
  const found: string[] = [];
  if (context.notifyTo === null) found.push("No e-mail is set up on the server (SMTP_URL), so nothing is sent.");
  const held = marketing.held();
  if (held) found.push(`Reminders and campaigns are waiting: ${held}.`);
  const postal = business.marketing.postalAddress;
  if (!postal.value.trim()) {
    found.push("Add your postal address first (Site → Business facts → Reminders and campaigns): the law asks for it.");
  } else if (!postal.confirmed || /0000/.test(postal.value)) {
    found.push(
      `The postal address at the foot of the e-mails is "${postal.value}" and not confirmed yet (Site → Business facts).`,
    );
  }
  return found;
}

function doubtRow(context: AppLoadContext, row: SendRow) {
  const customer = context.estimates.customers.get(row.customer_id);
  return {
    id: row.id,
    who: customer?.display_name ?? "An erased customer",
    to: row.recipient ?? "",
    what: row.campaign_id === null ? `Reminder (due ${row.due_day ?? "?"})` : `Campaign #${row.campaign_id}`,
    when: when(row.claimed_at),
    error: row.last_error ?? "",
  };
}

export async function campaignsPage(context: AppLoadContext, marketing: Marketing, url: URL) {
  const params = url.searchParams;
  const counting = params.get("count") === "1";
  const asked = readAudience({
    dueBefore: params.get("dueBefore") ?? "",
    town: params.get("town") ?? "",
    servedIn: params.get("servedIn") ?? "",
  });
  const audience = asked ?? EVERYONE;
  let count = null;
  let preview = null;
  if (counting && asked) {
    const found = await marketing.campaigns.audienceOf(audience);
    count = {
      total: found.recipients.length,
      unsubscribed: found.unsubscribed,
      noEmail: found.noEmail,
      busy: found.busy,
      names: found.recipients.slice(0, 5).map((r) => `${r.name}${r.town ? `, ${r.town}` : ""}`),
    };
    const mail = marketing.campaigns.preview(found.recipients[0]?.name ?? null);
    preview = { subject: mail.subject, html: mail.html };
  }
  const today = dayAt(context.now(), business.timeZone);
  const year = Number(today.slice(0, 4));
  const sentId = Number(params.get("sent"));
  const sent = Number.isSafeInteger(sentId) && sentId > 0 ? marketing.campaigns.get(sentId) : null;
  const since = new Date(context.now().getTime() - 30 * 86_400_000);
  return {
    problems: problems(context, marketing),
    fields: fieldsOf(audience),
    badChoice: counting && asked === null,
    towns: business.cities.map((c) => c.name),
    years: Array.from({ length: 6 }, (_, i) => year - i),
    count,
    preview,
    pressKey: pressKeyFor(audience, today),
    sent: sent ? { id: sent.id, recipients: sent.recipients, audience: sent.audienceText } : null,
    doubt: marketing.campaigns.inDoubt().map((row) => doubtRow(context, row)),
    campaigns: marketing.campaigns.latest(10).map((c) => ({
      id: c.id,
      when: when(c.queued_at),
      audience: c.audienceText,
      subject: c.subject,
      recipients: c.recipients,
      counts: c.counts,
    })),
    reminders: { weeks: business.marketing.reminderWeeks, counts: marketing.reminderCounts(since) },
    suppressed: marketing.suppressionCounts(),
  };
}

export type CampaignsPage = Awaited<ReturnType<typeof campaignsPage>>;
