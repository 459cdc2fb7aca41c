// A request made from a marketing e-mail's booking link, kept on the customer it was for (decision 0052). Every stored
// request gets a new customer of its own at intake (server/customers/intake.ts, decision 0051), which is right for a
// stranger's form but not here: we know who tapped. So, in one transaction, the request is stored as any other (the
// owner's alert queued with it), then put on the customer and property, and the customer intake made for it alone
// (with its own property, contacts and suggestions) is removed before anyone could see it.
import { putOnKnownCustomer } from "../customers/known-customer.ts";
import type { EstimateStore, NewEstimate } from "../requests/estimate-store.ts";

export function keepOnCustomer(
  store: EstimateStore,
  request: NewEstimate,
  home: { customerId: number; propertyId: number | null },
  notifyTo: string | null,
): number {
  return store.db
    .transaction(() => {
      const saved = store.save(request, { notifyTo, confirm: false });
      if (!saved.duplicate) putOnKnownCustomer(store, saved.id, home);
      return saved.id;
    })
    .immediate();
}
