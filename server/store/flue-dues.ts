// When each chimney is next due, from the database (decision 0051): a property's history is every completed estimate
// visit and done job of the requests on it, and on any property at the same address (a house keeps its history when
// it is sold, or when one homeowner wrote twice); nextDue (server/customers/next-due.ts) does the counting. One address
// is one place: its dues come once, from its newest property (its owner now), never twice for one chimney. Joins are
// written in the order they run (CROSS JOIN), from a property's requests outwards: never a scan of every visit.
import type { Db } from "../db/database.ts";
import { dayAt, type Day } from "../../app/lib/business-day.ts";
import { nextDue, type Cadences, type NextDue, type ServiceEvent } from "../customers/next-due.ts";
import { acceptedLineNames, presetsOf } from "../customers/job-presets.ts";
import { readVersion } from "../quotes/document.ts";
import type { CustomerStore, PropertyRow } from "./customers.ts";
import type { Appliance, FlueRow, FlueStore } from "./flues.ts";

export type DueSettings = {
  cadences: Cadences;
  /** A quote preset's name → its key (content/quote-presets.yaml), for jobs' lines. */
  presetNames: ReadonlyMap<string, string>;
  timeZone: string;
};

/** One flue of a place and when it is due; `flue` null stands for a place with history but no flue on file. */
export type FlueDueOf = { flue: FlueRow | null; due: NextDue | null };

/** A visit booked at a place, after now. */
export type BookedVisit = { day: Day; starts: string; ends: string };

/**
 * One address of a customer: its properties (usually one), their flues with their dues, its history, and the next
 * visit booked there (which stops its reminders).
 */
export type Place = {
  key: string;
  properties: PropertyRow[];
  flues: FlueDueOf[];
  history: ServiceEvent[];
  nextVisit: BookedVisit | null;
};

/** A flue due in a window, with what a reminder needs to know about its homeowner. */
export type FlueDue = {
  flueId: number | null;
  propertyId: number;
  /** The surviving customer who owns the property now. */
  customerId: number;
  displayName: string;
  street: string;
  town: string;
  appliance: Appliance | null;
  due: NextDue;
  emails: { value: string; key: string }[];
  phones: { value: string; key: string }[];
  /** An estimate visit booked, or a work day scheduled, after now. */
  hasFutureVisit: boolean;
  /** A request not yet won, lost or out of area (new, contacted, scheduled, quoted). */
  hasOpenRequest: boolean;
};

type JobLine = { property_id: number; done_at: string; quote_id: number };
type Accepted = { draft: string; option_key: string; addon_keys: string; body: string; sha256: string };

/** An address's identity: its key and town (or ZIP), else the property alone. */
export function placeKey(p: Pick<PropertyRow, "id" | "address_key" | "town_key" | "zip5">): string {
  return p.address_key ? `${p.address_key}|${p.town_key || p.zip5 || ""}` : `#${p.id}`;
}

export function createFlueDues(db: Db, now: () => Date, customers: CustomerStore, flues: FlueStore) {
  const ids = (list: readonly number[]) => JSON.stringify(list);
  const sameAddress = db.prepare<[string], PropertyRow>("SELECT * FROM properties WHERE address_key = ? ORDER BY id");
  const visitsDone = db.prepare<[string, string], { property_id: number; day: string }>(
    `SELECT e.property_id, v.day FROM estimates e CROSS JOIN visits v ON v.estimate_id = e.id
     WHERE e.property_id IN (SELECT value FROM json_each(?)) AND v.status = 'booked' AND v.ends_at <= ?`,
  );
  const jobsDone = db.prepare<[string], JobLine>(
    `SELECT e.property_id, j.done_at, q.id AS quote_id FROM estimates e CROSS JOIN quotes q ON q.estimate_id = e.id
       CROSS JOIN jobs j ON j.quote_id = q.id
     WHERE e.property_id IN (SELECT value FROM json_each(?)) AND j.status = 'done'`,
  );
  const acceptedStmt = db.prepare<[number], Accepted>(
    `SELECT q.draft, a.option_key, a.addon_keys, v.body, v.sha256 FROM quotes q
       JOIN quote_acceptances a ON a.quote_id = q.id JOIN quote_versions v ON v.id = a.version_id WHERE q.id = ?`,
  );
  const futureVisit = db.prepare<[string, string, string, string], unknown>(
    `SELECT 1 FROM estimates e CROSS JOIN visits v ON v.estimate_id = e.id
       WHERE e.customer_id IN (SELECT value FROM json_each(?)) AND v.status = 'booked' AND v.starts_at > ?
     UNION ALL
     SELECT 1 FROM estimates e CROSS JOIN quotes q ON q.estimate_id = e.id CROSS JOIN jobs j ON j.quote_id = q.id
       CROSS JOIN job_days d ON d.job_id = j.id
       WHERE e.customer_id IN (SELECT value FROM json_each(?)) AND d.status = 'scheduled' AND d.starts_at > ?
     LIMIT 1`,
  );
  // A visit booked at the place after now (next year's, booked ahead: decision 0055) stops its reminders.
  const bookedAtPlace = db.prepare<[string, string], { day: string; starts: string; ends: string }>(
    `SELECT v.day, v.starts, v.ends FROM estimates e CROSS JOIN visits v ON v.estimate_id = e.id
     WHERE e.property_id IN (SELECT value FROM json_each(?)) AND v.status = 'booked' AND v.starts_at > ?
     ORDER BY v.starts_at LIMIT 1`,
  );
  const openRequest = db.prepare<[string], unknown>(
    `SELECT 1 FROM estimates WHERE customer_id IN (SELECT value FROM json_each(?)) AND spam = 0
       AND status IN ('new', 'contacted', 'scheduled', 'quoted') LIMIT 1`,
  );
  const propertiesAfter = db.prepare<[number, number], PropertyRow>(
    "SELECT * FROM properties WHERE id > ? AND customer_id IS NOT NULL ORDER BY id LIMIT ?",
  );
  // An accepted quote never changes, so what it was is read once (the line names; presets resolve each time).
  const acceptedLines = new Map<number, { names: string[]; draft: string }>();

  function linesOf(quoteId: number) {
    const known = acceptedLines.get(quoteId);
    if (known) return known;
    const row = acceptedStmt.get(quoteId);
    let names: string[] = [];
    try {
      if (row) names = acceptedLineNames(readVersion(row.body, row.sha256), row.option_key, JSON.parse(row.addon_keys));
    } catch {
      names = [];
    }
    const lines = { names, draft: row?.draft ?? "" };
    acceptedLines.set(quoteId, lines);
    return lines;
  }

  /** Every property at the same address as this one (itself included). */
  function siblings(p: PropertyRow): PropertyRow[] {
    if (!p.address_key) return [p];
    const key = placeKey(p);
    return sameAddress.all(p.address_key).filter((s) => placeKey(s) === key);
  }

  /** The completed visits and done jobs on these properties, each on its business day. */
  function historyOf(propertyIds: readonly number[], settings: DueSettings): ServiceEvent[] {
    const visits = visitsDone.all(ids(propertyIds), now().toISOString());
    const jobs = jobsDone.all(ids(propertyIds));
    return [
      ...visits.map((v): ServiceEvent => ({ day: v.day, kind: "visit", presets: [] })),
      ...jobs.map((j): ServiceEvent => {
        const lines = linesOf(j.quote_id);
        return {
          day: dayAt(j.done_at, settings.timeZone),
          kind: "job",
          presets: presetsOf(lines.names, lines.draft, settings.presetNames),
        };
      }),
    ].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  }

  /** A place's flues with their dues: one row each, or one for the place itself when it has history but no flue. */
  function duesAt(all: readonly PropertyRow[], own: readonly PropertyRow[], settings: DueSettings) {
    const history = historyOf(
      all.map((p) => p.id),
      settings,
    );
    const list = flues.ofProperties(own.map((p) => p.id));
    const rows: FlueDueOf[] = list.map((f) => ({
      flue: f,
      due: nextDue(
        { lastServiceDay: f.last_service_day, dueOverride: f.due_override, cadenceMonths: f.cadence_months },
        history,
        settings.cadences,
      ),
    }));
    if (rows.length === 0 && history.length > 0) {
      const none = { lastServiceDay: null, dueOverride: null, cadenceMonths: null };
      rows.push({ flue: null, due: nextDue(none, history, settings.cadences) });
    }
    return { history, rows };
  }

  function contactsOf(group: readonly number[]) {
    const contacts = customers.contactsOf(group).filter((c) => c.key !== null);
    const of = (kind: string) =>
      contacts.filter((c) => c.kind === kind).map((c) => ({ value: c.value, key: c.key ?? "" }));
    return { emails: of("email"), phones: of("phone") };
  }

  return {
    historyOf,
    /** A customer's places (their properties grouped by address), each with its flues' dues, in the order owned. */
    placesOf(customerId: number, settings: DueSettings): Place[] {
      const own = customers.propertiesOf(customers.group(customerId));
      const byKey = new Map<string, PropertyRow[]>();
      for (const p of own) byKey.set(placeKey(p), [...(byKey.get(placeKey(p)) ?? []), p]);
      return [...byKey].map(([key, properties]) => {
        const all = properties[0]?.address_key ? siblings(properties[0]) : properties;
        const { history, rows } = duesAt(all, properties, settings);
        const nextVisit = bookedAtPlace.get(ids(all.map((s) => s.id)), now().toISOString()) ?? null;
        return { key, properties, flues: rows, history, nextVisit };
      });
    },
    /**
     * The flues due between two business days (inclusive), one page of properties at a time in id order: call again
     * with `after` set to `next` until it is null (the reminders' batches, so the event loop is never held long).
     * A place with a visit booked after now is left out: that visit is its reminder (decision 0055).
     */
    dueBetween(
      from: Day,
      to: Day,
      settings: DueSettings,
      { after = 0, limit = 500 }: { after?: number; limit?: number } = {},
    ): { rows: FlueDue[]; next: number | null } {
      const page = propertiesAfter.all(after, limit);
      const rows: FlueDue[] = [];
      const at = now().toISOString();
      for (const p of page) {
        const all = siblings(p);
        // The place's newest property speaks for it: its owner now, once per chimney.
        if ((all.at(-1)?.id ?? p.id) !== p.id || p.customer_id === null) continue;
        // Its next visit is booked: no reminder for any flue there until it has been.
        if (bookedAtPlace.get(ids(all.map((s) => s.id)), at) !== undefined) continue;
        // Every flue at the address counts, whoever's row it was entered on: the chimney is the same.
        const { rows: dues } = duesAt(all, all, settings);
        const customerId = customers.root(p.customer_id);
        const group = customers.group(customerId);
        const customer = customers.get(customerId);
        const hasFutureVisit = futureVisit.get(ids(group), at, ids(group), at) !== undefined;
        const hasOpenRequest = openRequest.get(ids(group)) !== undefined;
        for (const d of dues) {
          if (!d.due || d.due.day < from || d.due.day > to) continue;
          rows.push({
            flueId: d.flue?.id ?? null,
            propertyId: d.flue?.property_id ?? p.id,
            customerId,
            displayName: customer?.display_name ?? "",
            street: p.street,
            town: p.town,
            appliance: d.flue?.appliance ?? null,
            due: d.due,
            ...contactsOf(group),
            hasFutureVisit,
            hasOpenRequest,
          });
        }
      }
      return { rows, next: page.length === limit ? (page.at(-1)?.id ?? null) : null };
    },
  };
}

export type FlueDues = ReturnType<typeof createFlueDues>;
