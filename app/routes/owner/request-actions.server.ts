// What the request screen's forms do, one function an intent: status, note, restore from spam, book the visit, start
// a quote, ask for a review. Each answers a redirect to the screen (or the new quote) or the refusal in plain words.
import { data, redirect, type AppLoadContext } from "react-router";
import { isLeadStatus } from "~/lib/lead-status";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { boxText, field, unknownIntent } from "./guard.server";
import type { Lead } from "./request.server";
import type { RequestDone, RequestTyped } from "./request-words";
import { openSiteRepo, savedReviewUrl } from "./site-files.server";
import { REFUSAL_WORDS } from "./visits.server";

const LIMIT = TEXT_LIMITS.request;

type Intent = { context: AppLoadContext; lead: Lead; form: FormData | null };

const back = (lead: Lead, done: RequestDone) =>
  redirect(`/owner/requests/${lead.id}?done=${done}`, { headers: { "Cache-Control": "no-store" } });

function setStatus({ context, lead, form }: Intent) {
  const status = field(form, "status", 20);
  if (!isLeadStatus(status)) return data({ error: "Choose one of the statuses." }, { status: 400 });
  if (status !== lead.status) {
    context.estimates.setStatus(lead.id, status);
    context.owner.audit.log("status", {
      ip: context.clientIp,
      estimateId: lead.id,
      detail: `${lead.status} → ${status}`,
    });
  }
  return back(lead, "status");
}

function addNote({ context, lead, form }: Intent) {
  const text = boxText(form, "note");
  const over = overLimit(text, LIMIT.note);
  if (over) return data({ error: over, typed: { note: text } }, { status: 400 });
  if (!text) return data({ error: "Write the note first." }, { status: 400 });
  context.estimates.addNote(lead.id, text);
  context.owner.audit.log("note added", { ip: context.clientIp, estimateId: lead.id });
  return back(lead, "note");
}

function restore({ context, lead }: Intent) {
  const restored = context.estimates.restore(lead.id, {
    notifyTo: context.notifyTo,
    confirm: context.confirmations.enabled,
    confirmationPeriodHours: context.confirmations.periodHours,
  });
  if (restored) {
    context.owner.audit.log("restored from spam", { ip: context.clientIp, estimateId: lead.id });
    // A visit it booked while in spam takes its window now, if the window is still free.
    context.booking.confirmHeld(lead.id);
  }
  return back(lead, "restored");
}

function bookVisit({ context, lead, form }: Intent) {
  const chosen = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(field(form, "window", 20));
  const typed: RequestTyped = {
    town: boxText(form, "town"),
    street: boxText(form, "street"),
    notes: boxText(form, "notes"),
  };
  const over = (["town", "street", "notes"] as const).map((k) => overLimit(typed[k] ?? "", LIMIT[k])).find(Boolean);
  if (over) return data({ error: over, typed }, { status: 400 });
  const { town = "", street = "", notes = "" } = typed;
  if (!chosen || town.length < 2 || street.length < 3) {
    return data({ error: "Pick a time, and give the town and street." }, { status: 400 });
  }
  const result = context.booking.ownerBook(
    lead.id,
    { day: chosen[1] as string, starts: chosen[2] as string },
    { town, street, notes },
  );
  if (!result.ok) return data({ error: REFUSAL_WORDS[result.reason] }, { status: 409 });
  context.owner.audit.log("visit booked", {
    ip: context.clientIp,
    estimateId: lead.id,
    detail: `${result.visit.day} ${result.visit.starts}`,
  });
  return back(lead, "visit");
}

function newQuote({ context, lead }: Intent) {
  // The seam (server/quotes/quote-service.ts draftFor): a draft for this request, edited on its own screen.
  if (lead.spam) return data({ error: "Restore the request from spam first." }, { status: 400 });
  const quote = context.quotes.draftFor(lead.id);
  context.owner.audit.log("quote started", { ip: context.clientIp, estimateId: lead.id, detail: quote.reference });
  return redirect(`/owner/quotes/${quote.id}`, { headers: { "Cache-Control": "no-store" } });
}

function askForReview({ context, lead }: Intent) {
  // Only by the owner's tap, once, for a won request that is not spam, and only with a link to send.
  openSiteRepo(context);
  if (!savedReviewUrl())
    return data({ error: "Add your review link first: Site → Business facts → Review link." }, { status: 400 });
  const result = context.estimates.requestReview(lead.id);
  if (result === "not-won") return data({ error: "Only a request marked won can ask for a review." }, { status: 400 });
  if (result === "already") return data({ error: "A review was already asked for this request." }, { status: 409 });
  context.owner.audit.log("review requested", { ip: context.clientIp, estimateId: lead.id });
  return back(lead, "review");
}

const INTENTS = {
  status: setStatus,
  note: addNote,
  restore,
  "book-visit": bookVisit,
  "new-quote": newQuote,
  review: askForReview,
};

const isIntent = (name: string): name is keyof typeof INTENTS => Object.hasOwn(INTENTS, name);

/** The form's intent, done; an intent the screen does not have is refused. */
export function requestAction(intent: Intent) {
  const name = field(intent.form, "intent", 20);
  if (!isIntent(name)) unknownIntent();
  return INTENTS[name](intent);
}
