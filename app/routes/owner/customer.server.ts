// A customer's page as data (decision 0051): their contacts, places with flues and when each is due, their whole
// history newest first (each line linking to its own console page), what they owe (the owner's books for their
// quotes alone), the suggestions and merges that concern them. Everything resolves to the surviving customer.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { statusLabel } from "~/lib/lead-status";
import { dayAt } from "~/lib/business-day";
import { dayLabel, visitLabel, yearIn } from "~/lib/visit-labels";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { formatCents } from "../../../server/quotes/money.ts";
import { QUOTE_STATUS_LABELS, quoteStatus } from "../../../server/quotes/quote-status.ts";
import { invoiceLabel } from "../../../server/invoices/invoice-document.ts";
import { METHOD_LABEL, type PaymentMethod } from "../../../server/invoices/invoice-figures.ts";
import { customerOwes } from "../../../server/customers/customer-money.ts";
import { dueSettings } from "../../../server/customers/due-settings.ts";
import { createCustomerErasure } from "../../../server/customers/customer-erasure.ts";
import type { CustomerHistory } from "../../../server/store/customer-history.ts";
import type { Place } from "../../../server/store/flue-dues.ts";
import type { NextDue } from "../../../server/customers/next-due.ts";
import { APPLIANCE_WORDS, FUEL_WORDS, REASON_WORDS, USE_WORDS } from "./customer-words";
import { card } from "./customers.server";

export type HistoryItem = { key: string; at: string; when: string; kind: string; text: string; href: string | null };

const methodWords = (method: string) => (method in METHOD_LABEL ? METHOD_LABEL[method as PaymentMethod] : method);

/** Every line of a customer's history, newest first. */
export function historyItems(h: CustomerHistory, now: Date, thisYear: number): HistoryItem[] {
  const z = business.timeZone;
  const items: HistoryItem[] = [
    ...h.requests.map((r) => ({
      key: `r${r.id}`,
      at: r.received_at,
      when: localTime(r.received_at),
      kind: "Request",
      text: `${r.reference} · ${r.service || "No service chosen"} · ${statusLabel(r.status)}`,
      href: `/owner/requests/${r.id}`,
    })),
    ...h.visits.map((v) => ({
      key: `v${v.id}`,
      at: v.starts_at,
      when: visitLabel(v, z, { thisYear }),
      kind: "Estimate visit",
      text:
        v.status === "cancelled"
          ? "Cancelled"
          : v.status === "held"
            ? "Held while in spam"
            : Date.parse(v.ends_at) <= now.getTime()
              ? "Done"
              : "Booked",
      href: `/owner/visits/${v.id}`,
    })),
    ...h.quotes.map((q) => ({
      key: `q${q.id}`,
      at: q.decided_at ?? q.first_sent_at ?? q.created_at,
      when: localTime(q.decided_at ?? q.first_sent_at ?? q.created_at),
      kind: "Quote",
      text: `${q.reference} · ${QUOTE_STATUS_LABELS[quoteStatus(q, now)]}${q.total_cents === null ? "" : ` · ${formatCents(q.total_cents)}`}`,
      href: `/owner/quotes/${q.id}`,
    })),
    ...h.jobs.map((j) => ({
      key: `j${j.id}`,
      at: j.done_at ?? j.created_at,
      when: localTime(j.done_at ?? j.created_at),
      kind: "Job",
      text: j.status === "done" ? "Done" : "Open",
      href: `/owner/jobs/${j.id}`,
    })),
    ...h.invoices.flatMap((i) =>
      i.number !== null && i.sent_at
        ? [
            {
              key: `i${i.id}`,
              at: i.sent_at,
              when: localTime(i.sent_at),
              kind: "Invoice",
              text: `${invoiceLabel(i.number)} sent`,
              href: `/owner/invoices/${i.id}`,
            },
          ]
        : [],
    ),
    ...h.payments.map((p) => ({
      key: `p${p.key}`,
      at: p.at,
      when: p.day ? dayLabel(p.day, { thisYear }) : localTime(p.at),
      kind: p.invoice_id === null ? "Deposit paid" : "Payment",
      text: `${formatCents(p.cents)} by ${methodWords(p.method)}${p.state === "paid" ? "" : ` (${p.state})`}`,
      href: p.invoice_id === null ? `/owner/quotes/${p.quote_id}` : `/owner/invoices/${p.invoice_id}`,
    })),
    ...h.photos.map((p) => ({
      key: `f${p.job_id}`,
      at: p.at,
      when: localTime(p.at),
      kind: "Job photos",
      text: p.count === 1 ? "1 photo" : `${p.count} photos`,
      href: `/owner/jobs/${p.job_id}/photos`,
    })),
    ...h.reviews.map((r) => ({
      key: `w${r.estimate_id}`,
      at: r.sent_at ?? r.at,
      when: localTime(r.sent_at ?? r.at),
      kind: "Review request",
      text: r.sent_at ? "Sent" : "Waiting to go",
      href: `/owner/requests/${r.estimate_id}`,
    })),
  ];
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.key < b.key ? 1 : -1));
}

/** "Tue, Mar 14, 2028 (your day)" or "… (12 months after the visit of Mar 14, 2027)". */
function dueWords(due: NextDue | null, thisYear: number) {
  if (!due) return { day: null, label: "Not known yet: no visit or job done here", basis: null };
  const basis =
    due.basis === "override"
      ? "the day you set"
      : due.from
        ? `counted from ${dayLabel(due.from, { thisYear: 0 })}`
        : "counted from its history";
  return { day: due.day, label: dayLabel(due.day, { long: true, thisYear }), basis };
}

function placeView(place: Place, thisYear: number, presetNames: ReadonlyMap<string, string>) {
  const first = place.properties[0];
  const street = place.properties.find((p) => p.street)?.street ?? "";
  const town = first?.town ?? "";
  const zip = place.properties.find((p) => p.zip)?.zip ?? "";
  const nameOf = new Map([...presetNames].map(([name, key]) => [key, name]));
  return {
    key: place.key,
    propertyId: first?.id ?? 0,
    address: street ? [street, [town, zip].filter(Boolean).join(" ")].filter(Boolean).join(", ") : null,
    town,
    served: place.history.length,
    flues: place.flues.map((f) => ({
      id: f.flue?.id ?? null,
      label: f.flue ? f.flue.label || APPLIANCE_WORDS[f.flue.appliance] : "The chimney (no flue on file yet)",
      appliance: f.flue?.appliance ?? null,
      fuel: f.flue?.fuel ?? null,
      use: f.flue?.use_level ?? null,
      words: f.flue
        ? [APPLIANCE_WORDS[f.flue.appliance], FUEL_WORDS[f.flue.fuel], USE_WORDS[f.flue.use_level]].join(" · ")
        : null,
      notes: f.flue?.notes ?? "",
      flueLabel: f.flue?.label ?? "",
      cadenceMonths: f.flue?.cadence_months ?? null,
      lastServiceDay: f.flue?.last_service_day ?? null,
      override: f.flue?.due_override ?? null,
      due: dueWords(f.due, thisYear),
      services: (f.due?.services ?? [])
        .filter((s) => s.preset !== null)
        .map((s) => `${nameOf.get(s.preset ?? "") ?? s.preset}: ${dayLabel(s.day, { thisYear })}`),
    })),
  };
}

export type PlaceView = ReturnType<typeof placeView>;

/** One line per number or address, as first typed, however many records of the group hold it. */
function onceEach<T extends { kind: string; key: string | null; value: string }>(contacts: T[], kind: string): T[] {
  const seen = new Set<string>();
  return contacts.filter((c) => {
    const key = c.key ?? c.value;
    if (c.kind !== kind || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Everything the customer's page shows, for the surviving customer `id`. */
export function customerPage(context: AppLoadContext, id: number) {
  const { estimates, now } = context;
  const at = now();
  const thisYear = yearIn(at, business.timeZone);
  const customer = estimates.customers.get(id);
  if (!customer) return null;
  const group = estimates.customers.group(id);
  estimates.customers.rekeyProperties();
  const settings = dueSettings(business, context.quotes.words().presets);
  const places = estimates.flueDues
    .placesOf(id, settings)
    .map((p) => placeView(p, thisYear, settings.presetNames))
    // A request's town-only property says nothing more when it has no flue, no history and another place exists.
    .filter((p, _, all) => p.address !== null || p.flues.length > 0 || all.length === 1);
  const history = estimates.customerHistory.of(group);
  const owes = customerOwes(
    estimates.db,
    history.quotes.map((q) => q.id),
    business.timeZone,
  );
  const next = places
    .flatMap((p) => p.flues.map((f) => ({ ...f.due, flue: f.label, address: p.address ?? p.town })))
    .filter((d) => d.day !== null)
    .sort((a, b) => ((a.day ?? "") < (b.day ?? "") ? -1 : 1))[0];
  const contacts = estimates.customers.contactsOf(group);
  const summaries = (ids: number[]) => new Map(estimates.customerSearch.summaries(ids).map((s) => [s.id, card(s, at)]));
  const suggestions = estimates.customerLinks.suggestionsFor(id);
  const others = summaries(suggestions.map((s) => (s.a === id ? s.b : s.a)));
  const merges = estimates.customerLinks.mergesOf(id);
  return {
    id,
    name: customer.display_name,
    kind: customer.kind,
    notes: customer.notes,
    since: dayLabel(dayAt(customer.created_at, business.timeZone), { thisYear: 0 }),
    emails: onceEach(contacts, "email").map((c) => ({ id: c.id, value: c.value })),
    phones: onceEach(contacts, "phone").map((c) => ({ id: c.id, value: c.value, valid: c.key !== null })),
    places,
    next: next ? { label: next.label, flue: next.flue, address: next.address, basis: next.basis } : null,
    owes: {
      owed: formatCents(owes.owedCents),
      owedCents: owes.owedCents,
      pending: owes.pendingCents > 0 ? formatCents(owes.pendingCents) : null,
      open: owes.open.map((i) => ({
        key: i.key,
        what: i.kind === "deposit" ? `Deposit on ${i.document}` : `Invoice ${i.document}`,
        owed: formatCents(i.owedCents),
        href: i.kind === "deposit" ? `/owner/quotes/${i.quoteId}` : `/owner/invoices/${i.id}`,
      })),
    },
    history: historyItems(history, at, thisYear).map(({ at: _at, ...rest }) => rest),
    suggestions: suggestions.flatMap((s) => {
      const other = others.get(s.a === id ? s.b : s.a);
      return other ? [{ other, reasons: s.reasons.map((r) => REASON_WORDS[r]) }] : [];
    }),
    merges: merges.map((m) => ({
      id: m.id,
      name: estimates.customers.get(m.from_id)?.display_name ?? "",
      fromId: m.from_id,
      at: localTime(m.at),
      undone: m.undone_at ? localTime(m.undone_at) : null,
    })),
    erasure: createCustomerErasure(estimates).preview(id),
  };
}

export type CustomerPageData = NonNullable<ReturnType<typeof customerPage>>;
