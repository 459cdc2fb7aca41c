// A request made from a marketing e-mail's booking link, kept on the customer it was for (decision 0052). Every stored
// request gets a new customer of its own at intake (server/customers/intake.ts, decision 0051), which is right for a
// stranger's form but not here: we know who tapped. So, in one transaction, the request is stored as any other (the
// owner's alert queued with it), then put on the customer and property, and the customer intake made for it alone
// (with its own property, contacts and suggestions) is removed before anyone could see it.
import type { EstimateStore, NewEstimate } from "../requests/estimate-store.ts";

export function keepOnCustomer(
  store: EstimateStore,
  request: NewEstimate,
  home: { customerId: number; propertyId: number | null },
  notifyTo: string | null,
): number {
  const db = store.db;
  const removeProperty = db.prepare("DELETE FROM properties WHERE source = 'request' AND source_id = ? AND id <> ?");
  const removeCustomer = db.prepare("DELETE FROM customers WHERE id = ? AND source = 'request' AND source_id = ?");
  return db
    .transaction(() => {
      const saved = store.save(request, { notifyTo, confirm: false });
      if (saved.duplicate) return saved.id;
      const made = store.customers.bySource("request", String(saved.id));
      store.customers.linkRequest(saved.id, home.customerId, home.propertyId);
      if (made && made.id !== home.customerId) {
        removeProperty.run(String(saved.id), home.propertyId ?? -1);
        removeCustomer.run(made.id, String(saved.id));
      }
      return saved.id;
    })
    .immediate();
}
