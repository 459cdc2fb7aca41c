// The e-mail's booking link (decision 0052): /book/<token>, the token naming its ledger row with a tag. A GET only reads:
// the homeowner's name and address as we have them, and the open windows, the first one a button of its own, so one
// tap books it. The tap (a POST) makes a request on their customer and property, and books the window through the
// estimate visit's own booking (server/booking/), which sends the invite; two taps make one request and one visit.
// Booking off, no window open, or a town we do not book online: one tap asks us to call instead.
import { business } from "../../app/content/business.ts";
import type { Booking, BookingResult, WindowChoice } from "../booking/booking.ts";
import type { SendRow } from "../store/marketing-sends.ts";
import type { PropertyRow } from "../store/customers.ts";
import type { MarketingContext } from "./marketing-context.ts";
import { keepOnCustomer } from "./rebook-request.ts";

/** A booking link books for this long after its e-mail went. */
export const BOOK_LINK_DAYS = 120;
export const REBOOK_SERVICE = "Yearly chimney inspection";

export type RebookView =
  | { state: "expired" | "gone" }
  | { state: "booked"; visitDay: string; visitStarts: string; visitEnds: string }
  | { state: "already" | "asked" }
  | {
      state: "pick" | "ask";
      name: string;
      street: string;
      town: string;
      served: boolean;
      /** Open windows by day; empty when booking is off or nothing is open (state "ask"). */
      days: { day: string; windows: { starts: string; ends: string }[] }[];
    };

export type RebookOutcome =
  | { kind: "visit"; link: string; notice?: "taken" | "closed" | "not-offered" | "limit" }
  | { kind: "asked" }
  | { kind: "unknown" };

export function createRebook(ctx: MarketingContext, booking: Booking, notifyTo: () => string | null) {
  const { sends } = ctx.stores;

  function rowFor(token: string | undefined): SendRow | null {
    const id = ctx.keys.readLinkToken(token);
    const row = id === null ? undefined : sends.get(id);
    // Only a link that went out opens anything.
    return row && (row.state === "sent" || row.state === "unknown") ? row : null;
  }

  function homeOf(row: SendRow) {
    const customers = ctx.store.customers;
    if (!customers.get(row.customer_id)) return null;
    const customerId = customers.root(row.customer_id);
    const customer = customers.get(customerId);
    if (!customer) return null;
    const own = customers.propertiesOf(customers.group(customerId));
    const property: PropertyRow | undefined = own.find((p) => p.id === row.property_id) ?? own[0];
    const contacts = customers.contactsOf(customers.group(customerId));
    const email = contacts.filter((c) => c.kind === "email").at(-1)?.value ?? row.recipient ?? "";
    const phone = contacts.filter((c) => c.kind === "phone").at(-1)?.value ?? "";
    const town = business.cities.find((c) => c.name.toLowerCase() === (property?.town ?? "").trim().toLowerCase());
    return {
      customerId,
      group: customers.group(customerId),
      name: customer.display_name,
      email,
      phone,
      property: property ?? null,
      street: property?.street ?? "",
      town: town?.name ?? property?.town ?? "",
      served: town !== undefined && (property?.street ?? "").trim() !== "",
    };
  }

  const expired = (row: SendRow) =>
    ctx.now().getTime() - new Date(row.claimed_at ?? row.created_at).getTime() > BOOK_LINK_DAYS * 86_400_000;

  /** The request this link made, kept on the customer, in one transaction (a second tap finds the first). */
  function requestFor(row: SendRow, home: NonNullable<ReturnType<typeof homeOf>>): number {
    if (row.booked_estimate_id !== null && ctx.store.get(row.booked_estimate_id)) return row.booked_estimate_id;
    const id = keepOnCustomer(
      ctx.store,
      {
        name: home.name,
        email: home.email,
        phone: home.phone,
        service: REBOOK_SERVICE,
        message: `Booked from our ${row.purpose === "reminder" ? "reminder" : "e-mail before the season"}.`,
        city: home.town || null,
        spam: false,
        idempotencyKey: `book:${row.id}`,
        ip: null,
        userAgent: null,
      },
      { customerId: home.customerId, propertyId: home.property?.id ?? null },
      notifyTo(),
    );
    sends.booked(row.id, id);
    return id;
  }

  return {
    view(token: string | undefined): RebookView | null {
      const row = rowFor(token);
      if (!row) return null;
      const home = homeOf(row);
      if (!home) return { state: "gone" };
      const visit = row.booked_estimate_id === null ? undefined : ctx.store.visits.forLead(row.booked_estimate_id);
      if (visit && visit.status === "booked") {
        return { state: "booked", visitDay: visit.day, visitStarts: visit.starts, visitEnds: visit.ends };
      }
      if (expired(row)) return { state: "expired" };
      const keys = ctx.store.customers.contactsOf(home.group).flatMap((c) => (c.key === null ? [] : [c.key]));
      const activity = ctx.activity.of(home.group, keys, ctx.now());
      if (row.booked_estimate_id === null && (activity.futureVisit || activity.openRequest))
        return { state: "already" };
      const days =
        booking.settings().enabled && home.served
          ? booking.open(ctx.now()).map((d) => ({
              day: d.day,
              windows: d.windows.map((w) => ({ starts: w.starts, ends: w.ends })),
            }))
          : [];
      if (days.length === 0 && row.booked_estimate_id !== null) return { state: "asked" };
      const state = days.length > 0 ? ("pick" as const) : ("ask" as const);
      return { state, name: home.name, street: home.street, town: home.town, served: home.served, days };
    },

    /** The one tap: book this window (or, with none, ask for a call). */
    book(token: string | undefined, choice: WindowChoice | null, key: string | null): RebookOutcome {
      const row = rowFor(token);
      const home = row ? homeOf(row) : null;
      if (!row || !home || expired(row)) return { kind: "unknown" };
      const estimateId = ctx.store.db.transaction(() => requestFor(row, home)).immediate();
      if (!choice) return { kind: "asked" };
      const link = booking.newLink(estimateId);
      if (home.served && !ctx.store.visits.place(estimateId)) {
        booking.place(link, { town: home.town, served: true, street: home.street, notes: "" });
      }
      const result: BookingResult = booking.book(link, choice, { key });
      if (result.ok) return { kind: "visit", link };
      const reason = result.reason;
      const notice =
        reason === "taken" || reason === "closed" || reason === "not-offered" || reason === "limit"
          ? reason
          : undefined;
      return { kind: "visit", link, ...(notice ? { notice } : {}) };
    },
  };
}

export type Rebook = ReturnType<typeof createRebook>;
