// Whether a homeowner has something under way that a marketing e-mail must not talk over (decision 0052): an
// estimate visit booked or a work day scheduled after now, or a request still open. Asked for the customer's whole
// merge group and for every customer who shares one of their e-mails or phones: a homeowner who writes in by
// themselves gets a customer of their own until the owner merges the two (decision 0051), and must not get a
// reminder meanwhile. Asked in the transaction that claims a send.
import type { Db } from "../db/database.ts";

export type Activity = { futureVisit: boolean; openRequest: boolean };

export function createCustomerActivity(db: Db) {
  // The customers concerned: the group, and whoever holds one of the group's e-mail or phone keys.
  const whose = `(SELECT value FROM json_each(@group)
      UNION SELECT c.customer_id FROM customer_contacts c
        WHERE c.key IS NOT NULL AND c.key IN (SELECT value FROM json_each(@keys)))`;
  const futureVisit = db.prepare<{ group: string; keys: string; at: string }, unknown>(
    `SELECT 1 FROM visits v JOIN estimates e ON e.id = v.estimate_id
       WHERE e.customer_id IN ${whose} AND v.status = 'booked' AND v.starts_at > @at
     UNION ALL
     SELECT 1 FROM job_days d JOIN jobs j ON j.id = d.job_id JOIN quotes q ON q.id = j.quote_id
       JOIN estimates e ON e.id = q.estimate_id
       WHERE e.customer_id IN ${whose} AND d.status = 'scheduled' AND d.starts_at > @at
     LIMIT 1`,
  );
  const openRequest = db.prepare<{ group: string; keys: string }, unknown>(
    `SELECT 1 FROM estimates WHERE customer_id IN ${whose} AND spam = 0
       AND status IN ('new', 'contacted', 'scheduled', 'quoted') LIMIT 1`,
  );
  return {
    /** `group` is the customer's merge group (store/customers.ts group); `keys` their e-mail and phone keys. */
    of(group: readonly number[], keys: readonly string[], at: Date): Activity {
      const args = { group: JSON.stringify(group), keys: JSON.stringify(keys) };
      return {
        futureVisit: futureVisit.get({ ...args, at: at.toISOString() }) !== undefined,
        openRequest: openRequest.get(args) !== undefined,
      };
    },
  };
}

export type CustomerActivity = ReturnType<typeof createCustomerActivity>;
