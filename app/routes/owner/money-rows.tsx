// The Money page's pieces (app/routes/owner/money.tsx): the figures, an open deposit's or invoice's row with its
// two-tap "Record a payment" (a native <details>, no script), and a payment's row, each with its state in words.
import type { Route } from "./+types/money";
import { Badge, Button, CsrfField } from "./ui";
import { cn } from "~/lib/cn";
import { TEXT_LIMITS } from "~/lib/text-limits";
import type { BookEntry, ItemState } from "../../../server/books/books.ts";

/** The three ways the owner is paid by hand; card and bank payments come from the site alone. */
export const METHODS = ["check", "cash", "zelle"] as const;

/** A record refused: its words, the row it is said beside, and what was typed. */
export type RecordRefusal = { error: string; key: string; amount: string };

type LoaderData = Route.ComponentProps["loaderData"];

const STATE_LABELS: Record<ItemState, string> = {
  owed: "Owed",
  sent: "Sent, unpaid",
  "partly paid": "Partly paid",
  pending: "Pending",
  disputed: "Disputed",
  paid: "Paid",
};
const STATE_TONES: Record<ItemState, string> = {
  owed: "bg-ember-400 text-soot-950",
  sent: "bg-sky-100 text-soot-950",
  "partly paid": "bg-ember-300 text-soot-950",
  pending: "bg-mortar-200 text-soot-950",
  disputed: "bg-ember-300 text-soot-950",
  paid: "bg-green-100 text-green-900",
};
const PAYMENT_LABELS: Record<BookEntry["state"], string> = {
  paid: "Paid",
  pending: "Pending",
  failed: "Failed",
  refunded: "Refunded",
  disputed: "Disputed",
  lost: "Dispute lost",
};
const PAYMENT_TONES: Record<BookEntry["state"], string> = {
  paid: "bg-green-100 text-green-900",
  pending: "bg-mortar-200 text-soot-950",
  failed: "bg-brick-100 text-brick-900",
  refunded: "bg-mortar-200 text-soot-800",
  disputed: "bg-ember-300 text-soot-950",
  lost: "bg-brick-100 text-brick-900",
};
/** What a dispute means for the books, under the payment. */
const PAYMENT_NOTES: Partial<Record<BookEntry["state"], string>> = {
  disputed: "The homeowner's bank disputes it and holds the money until it decides: not counted as paid.",
  lost: "The bank decided the dispute for the homeowner: the money went back.",
};

export function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-mortar-200 py-2 last:border-b-0 sm:flex-col sm:items-start sm:border-b-0 sm:py-0">
      <dt>
        <span className="font-semibold">{label}</span>
        <span className="block text-sm text-soot-800">{note}</span>
      </dt>
      <dd className="font-serif text-2xl font-bold tabular-nums sm:mt-1 sm:text-3xl">{value}</dd>
    </div>
  );
}

const input =
  "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-lg tabular-nums";

export function OpenRow({
  item,
  csrf,
  today,
  failed,
}: {
  item: LoaderData["open"][number];
  csrf: string;
  today: string;
  failed: RecordRefusal | null;
}) {
  const error = failed?.key === item.key ? failed : null;
  const what = item.kind === "deposit" ? "Deposit" : "Invoice";
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">{item.customer}</p>
          <p className="text-sm text-soot-800">
            {what} {item.document} · since {item.since}
          </p>
        </div>
        <Badge tone={STATE_TONES[item.state]}>{STATE_LABELS[item.state]}</Badge>
      </div>
      <p className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-serif text-2xl font-bold tabular-nums">{item.owed}</span>
        <span className="text-sm text-soot-800">
          owed of {item.total}
          {item.paid && <>, {item.paid} paid</>}
          {item.pending && <>, {item.pending} pending</>}
          {item.disputed && <>, {item.disputed} disputed</>}
        </span>
      </p>
      {item.owedInput && (
        <details className="group mt-2" open={error !== null}>
          <summary
            className={cn(
              "inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border-2 border-mortar-300 bg-white px-4 font-semibold",
              "[&::-webkit-details-marker]:hidden",
            )}
          >
            <span aria-hidden="true" className="transition-transform group-open:rotate-90">
              ›
            </span>
            Record a payment
            <span className="sr-only"> from {item.customer}</span>
          </summary>
          <form method="post" className="mt-3 rounded-lg bg-mortar-50 p-3">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="record" />
            <input type="hidden" name="document" value={item.key} />
            <label className="block">
              <span className="text-sm font-semibold">Amount received ($), {today}</span>
              <input
                name="amount"
                inputMode="decimal"
                required
                autoComplete="off"
                maxLength={TEXT_LIMITS.quote.amountReceived.max}
                defaultValue={error ? error.amount : item.owedInput}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${item.key}-error` : undefined}
                className={input}
              />
            </label>
            {error && (
              <p id={`${item.key}-error`} className="mt-2 font-semibold text-brick-800">
                {error.error}
              </p>
            )}
            <p className="mt-3 text-sm font-semibold">Paid by</p>
            <div className="mt-1 grid grid-cols-3 gap-2">
              {METHODS.map((m) => (
                <Button key={m} name="method" value={m} variant={m === "check" ? "primary" : "dark"} className="px-2">
                  {m === "zelle" ? "Zelle" : m === "check" ? "Check" : "Cash"}
                </Button>
              ))}
            </div>
          </form>
        </details>
      )}
    </li>
  );
}

/** One payment of the month, in whatever state it is: the amount, its state, and what a dispute means for it. */
export function PaymentRow({ payment: p }: { payment: LoaderData["payments"][number] }) {
  const note = PAYMENT_NOTES[p.state];
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">{p.customer}</p>
          <p className="text-sm text-soot-800">
            {p.day} · {p.method} · {p.kind === "deposit" ? "Deposit" : "Invoice"} {p.document}
            {p.refunded && <>, {p.refunded} refunded</>}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className={cn("font-serif text-xl font-bold tabular-nums", note && "text-soot-800 line-through")}>
            {p.amount}
          </p>
          <Badge tone={PAYMENT_TONES[p.state]}>{PAYMENT_LABELS[p.state]}</Badge>
        </div>
      </div>
      {note && (
        <p className="mt-1 text-sm">
          {note} Net {p.net}.
        </p>
      )}
    </li>
  );
}
