// Every customer as a CSV a spreadsheet opens right (decision 0051): the BOM and the house's quoting and formula guard
// (server/requests/csv.ts), one row per surviving customer (a merged one is in its survivor's row), phones written
// "(309) 828-1234" so they stay text, and each ZIP code as ="06103" so its leading zero stays: a formula of our own
// making, from digits only, never from what anyone typed. Built a batch at a time, giving the event loop back between.
import type { Db } from "../db/database.ts";
import { csvCell, UTF8_BOM } from "../requests/csv.ts";
import type { FlueDues, DueSettings } from "../store/flue-dues.ts";
import { phoneLabel } from "./contact-keys.ts";

export const CUSTOMER_CSV_COLUMNS = [
  "Customer",
  "Name",
  "Kind",
  "E-mail",
  "Other e-mails",
  "Phone",
  "Other phones",
  "Street",
  "Town",
  "State",
  "ZIP",
  "Other properties",
  "Requests",
  "Last request",
  "Next due",
  "Notes",
  "On file since",
  "Source",
  "Source ID",
] as const;

type Row = {
  id: number;
  display_name: string;
  kind: string;
  notes: string;
  created_at: string;
  merged_into: number | null;
  source: string;
  source_id: string | null;
};
type Contact = { customer_id: number; kind: string; value: string; key: string | null; extension: string | null };
type Property = { customer_id: number; street: string; street2: string; town: string; state: string; zip: string };

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A ZIP code a spreadsheet keeps as text; anything else as it was typed (and guarded). */
export function zipCell(zip: string): string {
  return /^\d{5}(-\d{4})?$/.test(zip) ? `"=""${zip}"""` : csvCell(zip);
}

export async function customersCsv(
  db: Db,
  dues: FlueDues,
  settings: DueSettings,
  dayOf: (iso: string) => string,
): Promise<string> {
  const customers = db.prepare<[], Row>("SELECT * FROM customers ORDER BY id").all();
  const parent = new Map(customers.map((c) => [c.id, c.merged_into]));
  const rootOf = (id: number) => {
    let current = id;
    for (let hops = 0; hops < 64; hops++) {
      const next = parent.get(current) ?? null;
      if (next === null) return current;
      current = next;
    }
    return current;
  };
  const byRoot = <T extends { customer_id: number | null }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows)
      if (r.customer_id !== null) map.set(rootOf(r.customer_id), [...(map.get(rootOf(r.customer_id)) ?? []), r]);
    return map;
  };
  const contacts = byRoot(db.prepare<[], Contact>("SELECT * FROM customer_contacts ORDER BY id").all());
  const properties = byRoot(db.prepare<[], Property>("SELECT * FROM properties ORDER BY id").all());
  const requests = byRoot(
    db
      .prepare<[], { customer_id: number; n: number; last: string }>(
        "SELECT customer_id, count(*) AS n, max(received_at) AS last FROM estimates WHERE customer_id IS NOT NULL GROUP BY customer_id",
      )
      .all(),
  );
  const nextDue = new Map<number, string>();
  for (let after: number | null = 0; after !== null;) {
    const page = dues.dueBetween("0000-01-01", "9999-12-31", settings, { after, limit: 200 });
    for (const r of page.rows) {
      const had = nextDue.get(r.customerId);
      if (had === undefined || r.due.day < had) nextDue.set(r.customerId, r.due.day);
    }
    after = page.next;
    await yieldToEventLoop();
  }
  const lines = [CUSTOMER_CSV_COLUMNS.map(csvCell).join(",")];
  for (const c of customers) {
    if (c.merged_into !== null) continue;
    const mine = contacts.get(c.id) ?? [];
    const emails = [...new Set(mine.filter((m) => m.kind === "email").map((m) => m.value))];
    const phones = [
      ...new Set(
        mine
          .filter((m) => m.kind === "phone")
          .map((m) => (m.key ? phoneLabel({ e164: m.key, extension: m.extension }) : m.value)),
      ),
    ];
    const places = (properties.get(c.id) ?? []).filter((p) => p.street || p.town);
    const [home, ...others] = [...places.filter((p) => p.street), ...places.filter((p) => !p.street)];
    const figures = requests.get(c.id) ?? [];
    const last = figures.reduce<string | null>((a, f) => (a === null || f.last > a ? f.last : a), null);
    const cells = [
      csvCell(c.id),
      csvCell(c.display_name),
      csvCell(c.kind),
      csvCell(emails[0] ?? ""),
      csvCell(emails.slice(1).join("; ")),
      csvCell(phones[0] ?? ""),
      csvCell(phones.slice(1).join("; ")),
      csvCell([home?.street, home?.street2].filter(Boolean).join(" ")),
      csvCell(home?.town ?? ""),
      csvCell(home?.state ?? ""),
      zipCell(home?.zip ?? ""),
      csvCell(others.map((p) => [p.street, p.town, p.zip].filter(Boolean).join(", ")).join("; ")),
      csvCell(figures.reduce((n, f) => n + f.n, 0)),
      csvCell(last ? dayOf(last) : ""),
      csvCell(nextDue.get(c.id) ?? ""),
      csvCell(c.notes),
      csvCell(dayOf(c.created_at)),
      csvCell(c.source),
      csvCell(c.source_id ?? ""),
    ];
    lines.push(cells.join(","));
  }
  return UTF8_BOM + lines.join("\r\n") + "\r\n";
}
