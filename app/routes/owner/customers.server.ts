// The Customers list as data (decision 0051): the suggested merges first, then what the owner searched for, or the
// customers changed most recently. Each customer as a card: name, phone, e-mail, places, requests.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { dayLabel, yearIn } from "~/lib/visit-labels";
import type { CustomerSummary } from "../../../server/store/customer-search.ts";
import type { CustomerCardData } from "./customer-card";
import { REASON_WORDS } from "./customer-words";

/** A summary as a card shows it: the last request's day in words ("Tue, Dec 1", with the year when not this one). */
export function card(s: CustomerSummary, now: Date = new Date()): CustomerCardData {
  const thisYear = yearIn(now, business.timeZone);
  return { ...s, last: s.lastRequestAt ? dayLabel(dayAt(s.lastRequestAt, business.timeZone), { thisYear }) : null };
}

export function customersList(context: AppLoadContext, query: string, limit = 30) {
  const { customerSearch, customerLinks, customers } = context.estimates;
  customers.rekeyProperties();
  const { list, more } = customerLinks.suggestions(10);
  const now = context.now();
  const people = new Map(
    customerSearch.summaries([...new Set(list.flatMap((s) => [s.a, s.b]))]).map((s) => [s.id, card(s, now)]),
  );
  const suggestions = list.flatMap((s) => {
    const a = people.get(s.a);
    const b = people.get(s.b);
    return a && b ? [{ a, b, reasons: s.reasons.map((r) => REASON_WORDS[r]) }] : [];
  });
  const found = query ? customerSearch.search(query, limit) : customerSearch.recent(limit);
  return {
    suggestions,
    moreSuggestions: more,
    customers: found.map((s) => card(s, now)),
    total: customerSearch.count(),
  };
}
