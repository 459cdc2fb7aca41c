// Whether a homeowner has something under way that a marketing e-mail must not talk over (decision 0052): an
// estimate visit booked or a work day scheduled after now, or a request still open. Asked for the customer's whole
// merge group and for every customer who shares one of their e-mails or phones: a homeowner who writes in by
// themselves gets a customer of their own until the owner merges the two (decision 0051), and must not get a
// reminder meanwhile. Asked in the transaction that claims a send.
//
// One customer and one key a query, on their indexes: `IN (SELECT value FROM json_each(?))` and a UNION each make
// SQLite an ephemeral table, whose first page cache is one 88 KB allocation, a fresh mapping under the server's
// allocator settings (server/server-env.ts): six of them made a send's claim some 15 ms of the event loop on Node 24
// here instead of well under one (tools/bench-reminders.ts; server/customer-import/import-lookups.ts says the same).
import type { Db } from "../db/database.ts";

export type Activity = { futureVisit: boolean; openRequest: boolean };

export function createCustomerActivity(db: Db) {
  const holders = db.prepare<[string], { customer_id: number }>(
    "SELECT customer_id FROM customer_contacts WHERE kind IN ('email', 'phone') AND key = ?",
  );
  const visitAhead = db.prepare<[number, string], unknown>(
    `SELECT 1 FROM estimates e CROSS JOIN visits v ON v.estimate_id = e.id
     WHERE e.customer_id = ? AND v.status = 'booked' AND v.starts_at > ? LIMIT 1`,
  );
  const workDayAhead = db.prepare<[number, string], unknown>(
    `SELECT 1 FROM estimates e CROSS JOIN quotes q ON q.estimate_id = e.id CROSS JOIN jobs j ON j.quote_id = q.id
       CROSS JOIN job_days d ON d.job_id = j.id
     WHERE e.customer_id = ? AND d.status = 'scheduled' AND d.starts_at > ? LIMIT 1`,
  );
  const openRequest = db.prepare<[number], unknown>(
    `SELECT 1 FROM estimates WHERE customer_id = ? AND spam = 0
       AND status IN ('new', 'contacted', 'scheduled', 'quoted') LIMIT 1`,
  );
  return {
    /** `group` is the customer's merge group (store/customers.ts group); `keys` their e-mail and phone keys. */
    of(group: readonly number[], keys: readonly string[], at: Date): Activity {
      // The customers concerned: the group, and whoever holds one of the group's e-mail or phone keys.
      const whose = new Set(group);
      for (const key of new Set(keys)) for (const h of holders.all(key)) whose.add(h.customer_id);
      const after = at.toISOString();
      const ids = [...whose];
      return {
        futureVisit: ids.some(
          (id) => visitAhead.get(id, after) !== undefined || workDayAhead.get(id, after) !== undefined,
        ),
        openRequest: ids.some((id) => openRequest.get(id) !== undefined),
      };
    },
  };
}

export type CustomerActivity = ReturnType<typeof createCustomerActivity>;
