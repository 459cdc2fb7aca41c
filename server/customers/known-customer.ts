// A request made for someone we already know (a booking link in their e-mail, Book next year) belongs on their
// customer. Intake gives every stored request a customer of its own (decision 0051), right for a stranger's form but
// not here: the request is put on the known customer and property, and the customer and property intake made for it
// alone are removed. Called inside the caller's transaction, so nobody ever sees the one made for it.
import type { EstimateStore } from "../requests/estimate-store.ts";

export function putOnKnownCustomer(
  store: EstimateStore,
  requestId: number,
  home: { customerId: number; propertyId: number | null },
): void {
  const made = store.customers.bySource("request", String(requestId));
  store.customers.linkRequest(requestId, home.customerId, home.propertyId);
  if (!made || made.id === home.customerId) return;
  store.db
    .prepare("DELETE FROM properties WHERE source = 'request' AND source_id = ? AND id <> ?")
    .run(String(requestId), home.propertyId ?? -1);
  store.db
    .prepare("DELETE FROM customers WHERE id = ? AND source = 'request' AND source_id = ?")
    .run(made.id, String(requestId));
}
