// /owner/money: the owner's books on a phone (decision 0043). What is owed now (deposits accepted and unpaid,
// invoices unpaid), what is pending now (bank payments not yet settled), what was paid in a month of the business's
// calendar, then each open deposit and invoice with its state and the month's payments. A check, cash or Zelle is
// recorded in two taps: "Record a payment" opens the row's form (<details>, no script), a method's button saves it.
import { data, redirect } from "react-router";
import type { Route } from "./+types/money";
import { field, notFound, plainAnswer, requireOwner, unknownIntent } from "./guard.server";
import { BAD_MONTH } from "./messages";
import { loadBooks } from "./money.server";
import { Badge, Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { dayAt, monthDays } from "~/lib/business-day";
import { cn } from "~/lib/cn";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import {
  askedMonth,
  monthFigures,
  monthLabel,
  monthNeighbours,
  openItems,
  type BookEntry,
  type BookItem,
  type ItemState,
} from "../../../server/books/books.ts";
import { methodLabel } from "../../../server/books/books-csv.ts";
import { dollarsInput, formatCents, parseDollars } from "../../../server/quotes/money.ts";
import { dayText } from "../../../server/quotes/quote-view.ts";

/** The three ways the owner is paid by hand; card and bank payments come from the site alone. */
const METHODS = ["check", "cash", "zelle"] as const;
type Method = (typeof METHODS)[number];
const DOCUMENT = /^(deposit|invoice)-([1-9]\d{0,11})$/;

const today = (context: Route.LoaderArgs["context"]) => dayAt(context.now(), business.timeZone);

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const url = new URL(args.request.url);
  const day = today(args.context);
  const month = askedMonth(url.searchParams.get("month"), day);
  if (month === null) throw plainAnswer(400, BAD_MONTH);
  const { books } = loadBooks(args.context);
  const figures = monthFigures(books, month);
  const { first, last } = monthDays(month);
  return {
    csrf: owner.csrf,
    today: dayText(day),
    month: { label: monthLabel(month), first, last, ...monthNeighbours(month, day) },
    figures: {
      owed: formatCents(figures.owedCents),
      pending: formatCents(figures.pendingCents),
      paid: formatCents(figures.paidCents),
    },
    open: openItems(books).map(itemView),
    payments: figures.payments.map(paymentView),
    recorded: recordedMessage(url.searchParams, books.payments, day),
  };
}

function itemView(i: BookItem) {
  return {
    key: i.key,
    kind: i.kind,
    document: i.document,
    customer: i.customerName,
    state: i.state,
    total: formatCents(i.totalCents),
    paid: i.paidCents > 0 ? formatCents(i.paidCents) : null,
    pending: i.pendingCents > 0 ? formatCents(i.pendingCents) : null,
    owed: formatCents(i.owedCents),
    owedInput: i.owedCents > 0 ? dollarsInput(i.owedCents) : null,
    since: dayText(i.since),
  };
}

function paymentView(p: BookEntry, index: number) {
  return {
    id: `${p.day}-${p.document}-${index}`,
    day: dayText(p.day),
    kind: p.kind,
    document: p.document,
    customer: p.customerName,
    method: methodLabel(p.method),
    amount: formatCents(p.cents),
    refunded: p.refundedCents > 0 && p.state !== "refunded" ? formatCents(p.refundedCents) : null,
    state: p.state,
  };
}

/**
 * The flash after a recording, made from the books, not from the address: a payment of that amount, by that method,
 * on that document, recorded today must be there, or nothing is said (never "Recorded" when nothing was).
 */
function recordedMessage(params: URLSearchParams, payments: readonly BookEntry[], day: string): string | null {
  const document = params.get("recorded");
  const cents = Number(params.get("cents"));
  const method = params.get("method");
  if (!document || !Number.isSafeInteger(cents) || cents <= 0) return null;
  const found = payments.find(
    (p) => p.document === document && p.cents === cents && p.method === method && p.day === day,
  );
  return found ? `Recorded: ${formatCents(cents)} by ${methodLabel(found.method)} from ${found.customerName}.` : null;
}

export const meta = () => [{ title: "Money | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

type ActionResult = { error: string; key: string; amount: string };

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const form = owner.form ?? new FormData();
  if (field(form, "intent", 80) !== "record") unknownIntent();
  const match = DOCUMENT.exec(field(form, "document", 40));
  if (!match) notFound();
  const { books } = loadBooks(args.context);
  const item = books.items.find((i) => i.key === match[0]);
  // A document that is not in the books (a forged or an old id) is refused before anything is read from the form.
  if (!item) notFound();
  const typed = field(form, "amount", 1000);
  const refuse = (error: string, status = 400) =>
    data<ActionResult>({ error, key: item.key, amount: typed }, { status });
  const method = METHODS.find((m) => m === field(form, "method", 40));
  if (!method) return refuse("Tap Check, Cash or Zelle to say how it was paid. Nothing was recorded.");
  if (item.owedCents <= 0) return refuse(`Nothing is owed on ${item.document} any more. Nothing was recorded.`, 409);
  const over = overLimit(typed, TEXT_LIMITS.quote.amountReceived);
  if (over) return refuse(over);
  const cents = parseDollars(typed);
  if (cents === null || cents <= 0)
    return refuse(`Type the amount received, e.g. ${dollarsInput(item.owedCents)}. Nothing was recorded.`);
  if (cents > item.owedCents)
    return refuse(
      `${formatCents(cents)} is more than the ${formatCents(item.owedCents)} owed on ${item.document}. Nothing was recorded.`,
    );
  const day = today(args.context);
  try {
    record(args.context, item, cents, method, day);
  } catch (error) {
    const { QuoteRefusal } = args.context.quotes;
    const { InvoiceRefusal } = args.context.payments.invoices;
    if (error instanceof QuoteRefusal || error instanceof InvoiceRefusal)
      return refuse(`${error.message} Nothing was recorded.`, 409);
    if (item.kind !== "invoice") throw error;
    // The invoices' own refusal, whatever its kind: said in our words, its text kept for the log only.
    console.error(error);
    return refuse(`The payment on ${item.document} could not be recorded. Nothing was recorded.`, 409);
  }
  const done = new URLSearchParams({ recorded: item.document, method, cents: String(cents) });
  return redirect(`/owner/money?${done.toString()}`, { status: 303, headers: { "Cache-Control": "no-store" } });
}

// The check and the recording run in one turn of the event loop (better-sqlite3 is synchronous), so no other post
// can record against the same document between them.
function record(context: Route.ActionArgs["context"], item: BookItem, cents: number, method: Method, day: string) {
  if (item.kind === "deposit") {
    // The deposit's own path (server/quotes/quote-sending.ts): its refusals, its quote event.
    context.quotes.recordPayment(item.quoteId, { cents, method, receivedOn: day, note: "" });
    return;
  }
  // The invoice's own path (server/invoices/record-invoice-payment.ts): its refusals, its reminders stopped when paid.
  context.payments.invoices.recordPayment(item.id, { cents, method, receivedOn: day });
}

const STATE_LABELS: Record<ItemState, string> = {
  owed: "Owed",
  sent: "Sent, unpaid",
  "partly paid": "Partly paid",
  pending: "Pending",
  paid: "Paid",
};
const STATE_TONES: Record<ItemState, string> = {
  owed: "bg-ember-400 text-soot-950",
  sent: "bg-sky-100 text-soot-950",
  "partly paid": "bg-ember-300 text-soot-950",
  pending: "bg-mortar-200 text-soot-950",
  paid: "bg-green-100 text-green-900",
};
const PAYMENT_LABELS: Record<BookEntry["state"], string> = {
  paid: "Paid",
  pending: "Pending",
  failed: "Failed",
  refunded: "Refunded",
};
const PAYMENT_TONES: Record<BookEntry["state"], string> = {
  paid: "bg-green-100 text-green-900",
  pending: "bg-mortar-200 text-soot-950",
  failed: "bg-brick-100 text-brick-900",
  refunded: "bg-mortar-200 text-soot-800",
};

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
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

function OpenRow({
  item,
  csrf,
  today,
  failed,
}: {
  item: ReturnType<typeof itemView>;
  csrf: string;
  today: string;
  failed: ActionResult | null;
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

export default function Money({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, month, figures, open, payments, recorded, today } = loaderData;
  const failed = actionData ?? null;
  const csv = (of: string) => `/owner/money.csv?of=${of}&from=${month.first}&to=${month.last}`;
  const link = "inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold underline underline-offset-4";
  return (
    <>
      <PageTitle sub="Deposits and invoices: what is owed, and what came in.">Money</PageTitle>
      {recorded && <Notice>{recorded}</Notice>}
      {/* A refusal for a row no longer open (paid meanwhile) has no form to show it beside. */}
      {failed && !open.some((i) => i.key === failed.key && i.owedInput) && <Notice tone="warn">{failed.error}</Notice>}

      <nav aria-label="Month" className="mb-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        {month.previous ? (
          <a href={`/owner/money?month=${month.previous}`} className={cn(link, "justify-self-start")} rel="prev">
            <span aria-hidden="true">←</span> Earlier
          </a>
        ) : (
          <span />
        )}
        <h2 className="font-serif text-xl font-bold">{month.label}</h2>
        {month.next ? (
          <a href={`/owner/money?month=${month.next}`} className={cn(link, "justify-self-end")} rel="next">
            Later <span aria-hidden="true">→</span>
          </a>
        ) : (
          <span />
        )}
      </nav>

      <Card className="mb-5">
        <dl className="grid grid-cols-1 sm:grid-cols-3 sm:gap-4">
          <Figure label="Owed" value={figures.owed} note="Now: deposits and invoices" />
          <Figure label="Pending" value={figures.pending} note="Now: bank payments clearing" />
          <Figure label="Paid" value={figures.paid} note={`In ${month.label}, less refunds`} />
        </dl>
      </Card>

      <Card className="mb-5">
        <h2 id="owed" className="font-serif text-xl font-bold">
          Owed and pending
        </h2>
        {open.length === 0 ? (
          <p className="mt-2">Nothing is owed. Every accepted deposit and invoice is paid.</p>
        ) : (
          <ul aria-labelledby="owed" className="divide-y divide-mortar-200">
            {open.map((item) => (
              <OpenRow key={item.key} item={item} csrf={csrf} today={today} failed={failed} />
            ))}
          </ul>
        )}
      </Card>

      <Card className="mb-5">
        <h2 id="payments" className="font-serif text-xl font-bold">
          Payments in {month.label}
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2">No payments in {month.label}.</p>
        ) : (
          <ul aria-labelledby="payments" className="divide-y divide-mortar-200">
            {payments.map((p) => (
              <li key={p.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{p.customer}</p>
                  <p className="text-sm text-soot-800">
                    {p.day} · {p.method} · {p.kind === "deposit" ? "Deposit" : "Invoice"} {p.document}
                    {p.refunded && <>, {p.refunded} refunded</>}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-serif text-xl font-bold tabular-nums">{p.amount}</p>
                  <Badge tone={PAYMENT_TONES[p.state]}>{PAYMENT_LABELS[p.state]}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card>
        <h2 className="font-serif text-xl font-bold">For your accountant</h2>
        <p className="mt-1 text-sm text-soot-800">
          Spreadsheet files (CSV) of {month.label}: one row per payment, or per invoice sent.
        </p>
        <p className="mt-2 flex flex-col gap-1 sm:flex-row sm:gap-4">
          <a href={csv("payments")} className={link}>
            Download payments (CSV)
          </a>
          <a href={csv("invoices")} className={link}>
            Download invoices (CSV)
          </a>
        </p>
      </Card>
    </>
  );
}
