// The request screen's customer (decision 0051): whose record this request is on (its survivor, after a merge), how
// many requests that record holds, and the existing customers it looks like, for the owner to decide on their page.
import type { AppLoadContext } from "react-router";
import { REASON_WORDS } from "./customer-words";

export function requestCustomer(context: AppLoadContext, estimateId: number) {
  const { estimates } = context;
  const linked = estimates.db
    .prepare<[number], { customer_id: number | null }>("SELECT customer_id FROM estimates WHERE id = ?")
    .get(estimateId)?.customer_id;
  if (!linked) return null;
  const id = estimates.customers.root(linked);
  const [self] = estimates.customerSearch.summaries([id]);
  if (!self) return null;
  const suggestions = estimates.customerLinks.suggestionsFor(id);
  const others = new Map(
    estimates.customerSearch.summaries(suggestions.map((s) => (s.a === id ? s.b : s.a))).map((s) => [s.id, s]),
  );
  return {
    id,
    name: self.displayName,
    requests: self.requests,
    looksLike: suggestions.flatMap((s) => {
      const other = others.get(s.a === id ? s.b : s.a);
      return other
        ? [
            {
              id: other.id,
              name: other.displayName,
              requests: other.requests,
              reasons: s.reasons.map((r) => REASON_WORDS[r]),
            },
          ]
        : [];
    }),
  };
}

export type RequestCustomerData = ReturnType<typeof requestCustomer>;
