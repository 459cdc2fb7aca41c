// Whether a customer has something under way that a marketing e-mail must not talk over (decision 0052): an estimate
// visit booked or a work day scheduled after now, or a request still open. The same questions the flues' dues ask in
// a batch (store/flue-dues.ts), asked for one customer in the transaction that claims a send.
import type { Db } from "../db/database.ts";

export type Activity = { futureVisit: boolean; openRequest: boolean };

export function createCustomerActivity(db: Db) {
  const ids = (list: readonly number[]) => JSON.stringify(list);
  const futureVisit = db.prepare<[string, string, string, string], unknown>(
    `SELECT 1 FROM visits v JOIN estimates e ON e.id = v.estimate_id
       WHERE e.customer_id IN (SELECT value FROM json_each(?)) AND v.status = 'booked' AND v.starts_at > ?
     UNION ALL
     SELECT 1 FROM job_days d JOIN jobs j ON j.id = d.job_id JOIN quotes q ON q.id = j.quote_id
       JOIN estimates e ON e.id = q.estimate_id
       WHERE e.customer_id IN (SELECT value FROM json_each(?)) AND d.status = 'scheduled' AND d.starts_at > ?
     LIMIT 1`,
  );
  const openRequest = db.prepare<[string], unknown>(
    `SELECT 1 FROM estimates WHERE customer_id IN (SELECT value FROM json_each(?)) AND spam = 0
       AND status IN ('new', 'contacted', 'scheduled', 'quoted') LIMIT 1`,
  );
  return {
    /** `group` is the customer's whole merge group (store/customers.ts group). */
    of(group: readonly number[], at: Date): Activity {
      const list = ids(group);
      const iso = at.toISOString();
      return {
        futureVisit: futureVisit.get(list, iso, list, iso) !== undefined,
        openRequest: openRequest.get(list) !== undefined,
      };
    },
  };
}

export type CustomerActivity = ReturnType<typeof createCustomerActivity>;
