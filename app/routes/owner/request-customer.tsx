// On the request screen: the customer this request is on, and "Looks like an existing customer" when its phone,
// e-mail or address meets another's. The owner decides on the customer's page (merge, or "Not the same person").
import type { RequestCustomerData } from "./request-customer.server";
import { Card } from "./ui";

export function RequestCustomer({ customer }: { customer: RequestCustomerData }) {
  if (!customer) return null;
  const looks = customer.looksLike;
  return (
    <Card className={looks.length > 0 ? "mb-4 border-ember-500" : "mb-4"}>
      <p>
        <span className="font-semibold">Customer: </span>
        <a href={`/owner/customers/${customer.id}`} className="font-semibold underline underline-offset-4">
          {customer.name}
        </a>
        <span className="text-soot-800">
          {" "}
          ({customer.requests === 1 ? "this is their first request" : `${customer.requests} requests`})
        </span>
      </p>
      {looks.length > 0 && (
        <>
          <h2 className="mt-3 font-serif text-lg font-bold">Looks like an existing customer</h2>
          <ul className="mt-1 space-y-1">
            {looks.map((l) => (
              <li key={l.id}>
                <a href={`/owner/customers/${l.id}`} className="font-semibold underline underline-offset-4">
                  {l.name}
                </a>{" "}
                ({l.requests === 1 ? "1 request" : `${l.requests} requests`}): {l.reasons.join(" · ")}
              </li>
            ))}
          </ul>
          <a
            href={`/owner/customers/${customer.id}#looks-like`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brick-800 underline underline-offset-4"
          >
            Merge or keep apart
          </a>
        </>
      )}
    </Card>
  );
}
