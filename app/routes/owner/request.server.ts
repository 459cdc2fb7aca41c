// The request screen's data: the request, its photos, where it came from, its e-mails, its history, its visit (or
// the windows to book one), its quotes and whether a review can be asked.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { decodeRefusals, refusalText } from "~/lib/estimate-photos";
import { visitLabel, yearIn } from "~/lib/visit-labels";
import { mapsHref } from "../../../server/booking/visit-mail.ts";
import { readVersion } from "../../../server/quotes/document.ts";
import { formatCents } from "../../../server/quotes/money.ts";
import { quoteStatus } from "../../../server/quotes/quote-status.ts";
import { deliveryState } from "../../../server/requests/estimate-store.ts";
import { attributionRows, localTime } from "../../../server/requests/lead-mail.ts";
import { REQUEST_DONE, type RequestDone } from "./request-words";
import { openSiteRepo, savedReviewUrl } from "./site-files.server";
import { ownerWindows } from "./visits.server";

/** A stored request, as the screen reads it. */
export type Lead = NonNullable<ReturnType<AppLoadContext["estimates"]["get"]>>;

/** What each e-mail is, in the owner's words. */
const MAIL_WORDS: Record<string, string> = {
  "owner-alert": "Alert to you",
  confirmation: "Confirmation to the homeowner",
  reminder: "Reminder to you",
  "review-request": "Review request",
  "visit-invite": "Visit invite to the homeowner",
  "visit-owner": "Visit in your calendar",
  "visit-reminder": "Visit reminder to the homeowner",
};

/** What the request's review card shows: asked already (and when), can ask, needs the link first, or nothing. */
function reviewState(
  lead: { status: string; spam: number },
  reviewUrl: string | null,
  deliveries: { kind: string; sent_at: string | null; created_at: string }[],
) {
  const asked = deliveries.find((d) => d.kind === "review-request");
  if (asked) return { state: "asked" as const, at: localTime(asked.sent_at ?? asked.created_at) };
  if (lead.status !== "won" || lead.spam) return { state: "none" as const };
  return { state: reviewUrl ? ("ready" as const) : ("no-link" as const) };
}

function historyOf(context: AppLoadContext, leadId: number) {
  const { estimates, owner } = context;
  return [
    ...owner.audit.forLead(leadId).map((a) => ({ at: a.at, text: a.detail ? `${a.event}: ${a.detail}` : a.event })),
    ...estimates.notes(leadId).map((n) => ({ at: n.at, text: `Note: ${n.text}` })),
    ...estimates.visits.events(leadId).map((e) => ({
      at: e.at,
      text: `Visit ${e.event}${e.detail ? `: ${e.detail}` : ""} (by ${e.by === "owner" ? "you" : "the homeowner"})`,
    })),
  ]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((h) => ({ at: localTime(h.at), text: h.text }));
}

/** The request's visit, and (when it has none, or it was cancelled) where and when the owner may book one. */
function visitOf(context: AppLoadContext, lead: Lead, thisYear: number) {
  const { estimates } = context;
  const visitRow = estimates.visits.forLead(lead.id);
  const place = estimates.visits.place(lead.id);
  const visit = visitRow
    ? {
        id: visitRow.id,
        status: visitRow.status,
        when: visitLabel(visitRow, business.timeZone, { long: true, thisYear }),
        address: `${visitRow.street}, ${visitRow.town}`,
        mapHref: mapsHref(visitRow),
        notes: visitRow.notes,
        by: visitRow.booked_by,
        reason: visitRow.cancel_reason,
      }
    : null;
  // The owner books the visit for a caller: where (what the homeowner typed, if anything) and the open windows.
  const book =
    visit && visit.status !== "cancelled"
      ? null
      : {
          town: place?.served ? place.town : (lead.city ?? ""),
          street: place?.street ?? "",
          notes: place?.notes ?? "",
          days: ownerWindows(context.booking.openForOwner().slice(0, 10), thisYear),
        };
  return { visit, book };
}

function quotesOf(context: AppLoadContext, leadId: number) {
  const { estimates } = context;
  return estimates.quotes.forEstimate(leadId).map((q) => {
    const v = q.current_version === null ? undefined : estimates.quotes.version(q.id, q.current_version);
    const totals = v ? readVersion(v.body, v.sha256).options.map((o) => formatCents(o.total)) : [];
    return {
      id: q.id,
      reference: q.reference,
      status: quoteStatus(q, context.quotes.now()),
      totals: totals.join(" / "),
      updated: localTime(q.updated_at),
    };
  });
}

export function requestScreen(context: AppLoadContext, lead: Lead, url: URL) {
  const { estimates } = context;
  const thisYear = yearIn(context.now(), business.timeZone);
  const done = url.searchParams.get("done");
  openSiteRepo(context);
  const reviewUrl = savedReviewUrl();
  return {
    done: done !== null && done in REQUEST_DONE ? (done as RequestDone) : null,
    lead: {
      id: lead.id,
      reference: lead.reference,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      service: lead.service || "No service chosen",
      city: lead.city,
      message: lead.message,
      status: lead.status,
      spam: lead.spam === 1,
      received: localTime(lead.received_at),
      statusAt: lead.status_at ? localTime(lead.status_at) : null,
    },
    photos: estimates.photos(lead.id).map((p) => ({
      href: `/owner/requests/${lead.id}/photos/${p.position}`,
      position: p.position,
      // The preview's size, from the stored photo's proportions (no layout shift while they load).
      width: Math.round((p.width / Math.max(p.width, p.height)) * 640),
      height: Math.round((p.height / Math.max(p.width, p.height)) * 640),
    })),
    photosRefused: decodeRefusals(lead.photos_refused).map(refusalText),
    origin: attributionRows(lead),
    mail: estimates.deliveries(lead.id).map((m) => ({
      kind: MAIL_WORDS[m.kind] ?? m.kind,
      state: deliveryState(m),
      at: m.sent_at ? localTime(m.sent_at) : m.failed_at ? localTime(m.failed_at) : null,
      attempts: m.attempts,
    })),
    history: historyOf(context, lead.id),
    review: reviewState(lead, reviewUrl, estimates.deliveries(lead.id)),
    ...visitOf(context, lead, thisYear),
    quotes: quotesOf(context, lead.id),
  };
}

export type RequestScreen = ReturnType<typeof requestScreen>;
