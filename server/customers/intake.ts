// Every estimate request on a customer (decision 0051). At intake, inside the transaction that stores the request
// (server/store/requests.ts runs it in a savepoint: a failure here is logged and the request is stored all the same),
// the request gets a customer of its own and a property of its own (the town it gave; the street once a visit is
// booked); when its keys meet an existing customer, a merge is suggested, never made. The back-fill gives requests
// stored before customers existed theirs: grouped only when the e-mail and the phone are both exactly the same.
import type { Db } from "../db/database.ts";
import type { CustomerLinks } from "../store/customer-links.ts";
import type { CustomerStore } from "../store/customers.ts";
import { emailKey, phoneKey } from "./contact-keys.ts";

export type IntakeLead = { name: string; email: string; phone: string; city: string | null };

type Unlinked = IntakeLead & { id: number; street: string | null; town: string | null };

export function createCustomerIntake(db: Db, customers: CustomerStore, links: CustomerLinks) {
  const placeStmt = db.prepare<[number], { street: string; town: string }>(
    "SELECT street, town FROM booking_places WHERE estimate_id = ?",
  );
  const unlinkedStmt = db.prepare<[number, number], Unlinked>(
    `SELECT e.id, e.name, e.email, e.phone, e.city, b.street, b.town FROM estimates e
       LEFT JOIN booking_places b ON b.estimate_id = e.id
     WHERE e.customer_id IS NULL AND e.spam = 0 AND e.id > ? ORDER BY e.id LIMIT ?`,
  );
  const linkedStmt = db.prepare<[number], { customer_id: number | null }>(
    "SELECT customer_id FROM estimates WHERE id = ?",
  );

  /** A new customer and property for one request, linked to it; returns the customer. */
  function newCustomerFor(estimateId: number, lead: IntakeLead, place?: { street: string; town: string }): number {
    const made = customers.create({
      displayName: lead.name.trim() || lead.email.trim(),
      source: "request",
      sourceId: String(estimateId),
      contacts: [
        { kind: "email", value: lead.email },
        { kind: "phone", value: lead.phone },
      ],
      properties: [
        {
          street: place?.street ?? "",
          town: place?.town || lead.city || "",
          source: "request",
          sourceId: String(estimateId),
        },
      ],
    });
    customers.linkRequest(estimateId, made.id, made.propertyIds[0] ?? null);
    return made.id;
  }

  /** Puts one more request on an existing customer (the back-fill's exact e-mail and phone), with its own property. */
  function addRequestTo(
    customerId: number,
    estimateId: number,
    lead: IntakeLead,
    place?: { street: string; town: string },
  ) {
    const propertyId = customers.addProperty(customerId, {
      street: place?.street ?? "",
      town: place?.town || lead.city || "",
      source: "request",
      sourceId: String(estimateId),
    });
    customers.linkRequest(estimateId, customerId, propertyId);
  }

  return {
    /** At intake: the request's own customer and property, and a suggestion for every customer its keys meet. */
    attach(estimateId: number, lead: IntakeLead): number {
      if (linkedStmt.get(estimateId)?.customer_id) return linkedStmt.get(estimateId)?.customer_id ?? 0;
      const id = newCustomerFor(estimateId, lead, placeStmt.get(estimateId));
      links.suggestFor(id);
      return id;
    },
    /**
     * Links every non-spam request that has no customer yet, oldest first, in batches: exactly the same e-mail and
     * phone join one customer; anything less is a customer each with suggestions. Idempotent: a linked request is
     * never looked at again.
     */
    backfill(batch = 200): { requests: number; customers: number } {
      const byExactKeys = new Map<string, number>();
      const made: number[] = [];
      let requests = 0;
      for (let after = 0; ;) {
        const page = unlinkedStmt.all(after, batch);
        if (page.length === 0) break;
        db.transaction(() => {
          for (const lead of page) {
            const place = lead.street ? { street: lead.street, town: lead.town ?? "" } : undefined;
            const email = emailKey(lead.email);
            const phone = phoneKey(lead.phone)?.e164 ?? null;
            const exact = email && phone ? `${email} ${phone}` : null;
            const existing = exact ? byExactKeys.get(exact) : undefined;
            if (existing !== undefined) addRequestTo(existing, lead.id, lead, place);
            else {
              const id = newCustomerFor(lead.id, lead, place);
              made.push(id);
              if (exact) byExactKeys.set(exact, id);
            }
            requests += 1;
          }
        })();
        after = page.at(-1)?.id ?? after;
      }
      for (let i = 0; i < made.length; i += batch) {
        db.transaction(() => {
          for (const id of made.slice(i, i + batch)) links.suggestFor(id);
        })();
      }
      customers.rekeyProperties();
      return { requests, customers: made.length };
    },
  };
}

export type CustomerIntake = ReturnType<typeof createCustomerIntake>;
