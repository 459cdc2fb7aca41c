// An accepted quote's follow-on cards: its job, its invoice and the deposits received (on the site and by hand).
import type { Route } from "./+types/quote";
import type { RawFields } from "./quote-form.server";
import { Button, Card, consoleButton, CsrfField } from "./ui";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { dayText } from "../../../server/quotes/quote-view.ts";

type LoaderData = Route.ComponentProps["loaderData"];

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";
const LIMIT = TEXT_LIMITS.quote;

/** The job: open it, or make it. */
export function JobCard({ d }: { d: LoaderData }) {
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Job</h2>
      {d.jobId ? (
        <p className="mt-2">
          <a className={consoleButton("dark")} href={`/owner/jobs/${d.jobId}`}>
            Open the job
          </a>
        </p>
      ) : (
        <form method="post" className="mt-2">
          <CsrfField token={d.csrf} />
          <input type="hidden" name="intent" value="job" />
          <p className="mb-2">Then set the work days; the homeowner gets each one in their calendar.</p>
          <Button className="w-full">Make the job</Button>
        </form>
      )}
    </Card>
  );
}

/** The invoice: open it, or make the draft. */
export function InvoiceCard({ d }: { d: LoaderData }) {
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Invoice</h2>
      {d.invoice ? (
        <p className="mt-2">
          <a className={consoleButton("dark")} href={`/owner/invoices/${d.invoice.id}`}>
            Open the invoice ({d.invoice.label}: {d.invoice.state})
          </a>
        </p>
      ) : (
        <form method="post" className="mt-2">
          <CsrfField token={d.csrf} />
          <input type="hidden" name="intent" value="invoice" />
          <p className="mb-2">The accepted lines, less the deposit paid; add change orders before you send it.</p>
          <Button className="w-full">Make the invoice</Button>
        </form>
      )}
    </Card>
  );
}

/**
 * The deposit: what it asked, what came in (on the site and by hand), and the form to record one by hand, offered
 * only while something is owed; otherwise the words say why. A refusal is said at the amount, with what was typed.
 */
export function DepositsCard({ d, raw, error }: { d: LoaderData; raw: RawFields; error: string | undefined }) {
  const { deposit } = d;
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Deposits received</h2>
      {deposit.asked && (
        <p className="mt-1 text-sm text-soot-800">
          Asked {deposit.asked} · owed {deposit.owed}
        </p>
      )}
      {d.onlinePayments.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="Paid on the site">
          {d.onlinePayments.map((p) => (
            <li key={`online-${p.id}`}>
              {p.amount} by {p.method} on the site: <strong>{p.state}</strong>
              {p.refunded ? `, ${p.refunded} refunded` : ""} ({p.at}; Stripe {p.reference})
            </li>
          ))}
        </ul>
      )}
      {d.payments.length > 0 && (
        <ul className="mt-2 space-y-1">
          {d.payments.map((p) => (
            <li key={p.id}>
              {p.amount} by {p.method}, {dayText(p.received_on)}
              {p.note ? ` (${p.note})` : ""}
            </li>
          ))}
        </ul>
      )}
      {deposit.owedInput === null ? (
        <p className="mt-3 font-semibold">{deposit.why}</p>
      ) : (
        <form method="post" className="mt-3 grid grid-cols-2 gap-2">
          <CsrfField token={d.csrf} />
          <input type="hidden" name="intent" value="deposit" />
          {deposit.payingOnline && (
            <p className="col-span-2 text-sm">
              The homeowner opened the payment page on the site. Recording a payment here closes it first.
            </p>
          )}
          <label className="block">
            <span className="text-sm font-semibold">Amount ($)</span>
            <input
              name="amount"
              inputMode="decimal"
              required
              maxLength={LIMIT.amountReceived.max}
              defaultValue={raw.amount ?? deposit.owedInput}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "deposit-error" : undefined}
              className={input}
            />
          </label>
          <label className="block">
            <span className="text-sm font-semibold">How</span>
            <select name="method" className={input}>
              <option>check</option>
              <option>card</option>
              <option>cash</option>
              <option>transfer</option>
            </select>
          </label>
          {error && (
            <p id="deposit-error" role="alert" className="col-span-2 font-semibold text-brick-800">
              {error}
            </p>
          )}
          <label className="col-span-2 block">
            <span className="text-sm font-semibold">Received on</span>
            <input type="date" name="receivedOn" className={input} />
          </label>
          <Button className="col-span-2">Record a deposit received</Button>
        </form>
      )}
    </Card>
  );
}
