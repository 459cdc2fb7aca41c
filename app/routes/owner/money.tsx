// /owner/money: the owner's books on a phone (decision 0043). What is owed now (deposits accepted and unpaid,
// invoices unpaid), what is pending now (bank payments not yet settled), what was paid in a month of the business's
// calendar, then each open deposit and invoice with its state and the month's payments. A check, cash or Zelle is
// recorded in two taps: "Record a payment" opens the row's form (<details>, no script), a method's button saves it.
// A payment the homeowner's bank disputes is shown as disputed (held, neither paid nor owed) until the bank decides.
import { data, redirect } from "react-router";
import type { Route } from "./+types/money";
import { field, notFound, plainAnswer, requireOwner, unknownIntent } from "./guard.server";
import { BAD_MONTH } from "./messages";
import { loadBooks } from "./money.server";
import { Figure, METHODS, OpenRow, PaymentRow, type RecordRefusal } from "./money-rows";
import { Card, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { dayAt, monthDays } from "~/lib/business-day";
import { cn } from "~/lib/cn";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import {
  askedMonth,
  monthFigures,
  monthLabel,
  monthNeighbours,
  netCents,
  openItems,
  type BookEntry,
  type BookItem,
} from "../../../server/books/books.ts";
import { methodLabel } from "../../../server/books/books-csv.ts";
import { dollarsInput, formatCents, parseDollars } from "../../../server/quotes/money.ts";
import { dayText } from "../../../server/quotes/quote-view.ts";

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
      disputed: figures.disputedCents > 0 ? formatCents(figures.disputedCents) : null,
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
    disputed: i.disputedCents > 0 ? formatCents(i.disputedCents) : null,
    owed: formatCents(i.owedCents),
    // The form is offered only when a record could take something (owed, less what is clearing or disputed).
    owedInput: i.recordableCents > 0 ? dollarsInput(i.recordableCents) : null,
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
    net: formatCents(netCents(p)),
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

type ActionResult = RecordRefusal;

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
  if (item.recordableCents <= 0)
    return refuse(
      item.owedCents <= 0
        ? `Nothing is owed on ${item.document} any more. Nothing was recorded.`
        : `Nothing more can be recorded on ${item.document} now: a payment on it is clearing or disputed. Nothing was recorded.`,
      409,
    );
  const over = overLimit(typed, TEXT_LIMITS.quote.amountReceived);
  if (over) return refuse(over);
  const cents = parseDollars(typed);
  if (cents === null || cents <= 0)
    return refuse(`Type the amount received, e.g. ${dollarsInput(item.owedCents)}. Nothing was recorded.`);
  if (cents > item.recordableCents)
    return refuse(
      `${formatCents(cents)} is more than the ${formatCents(item.recordableCents)} owed on ${item.document}. Nothing was recorded.`,
    );
  const day = today(args.context);
  try {
    await record(args.context, item, cents, method, day);
  } catch (error) {
    const { QuoteRefusal } = args.context.quotes;
    const { PaymentRefusal } = args.context.payments;
    const { InvoiceRefusal } = args.context.payments.invoices;
    if (error instanceof QuoteRefusal || error instanceof InvoiceRefusal || error instanceof PaymentRefusal)
      return refuse(`${error.message} Nothing was recorded.`, error.status);
    if (item.kind !== "invoice") throw error;
    // The invoices' own refusal, whatever its kind: said in our words, its text kept for the log only.
    console.error(error);
    return refuse(`The payment on ${item.document} could not be recorded. Nothing was recorded.`, 409);
  }
  const done = new URLSearchParams({ recorded: item.document, method, cents: String(cents) });
  return redirect(`/owner/money?${done.toString()}`, { status: 303, headers: { "Cache-Control": "no-store" } });
}

// The checks above read the books before a wait (closing the homeowner's open checkout pages at Stripe): each record
// checks what is owed again, and writes, in one IMMEDIATE transaction of its own, so no other record and no payment
// from Stripe's events can pass between its check and its write.
async function record(
  context: Route.ActionArgs["context"],
  item: BookItem,
  cents: number,
  method: Method,
  day: string,
) {
  if (item.kind === "deposit") {
    // The deposit's own path (server/quotes/quote-sending.ts): its refusals, its quote event.
    await context.payments.closeDepositCheckouts(item.quoteId);
    context.quotes.recordPayment(item.quoteId, { cents, method, receivedOn: day, note: "" });
    return;
  }
  // The invoice's own path (server/invoices/record-invoice-payment.ts): its refusals, its reminders stopped when paid.
  await context.payments.invoices.closeCheckouts(item.id);
  context.payments.invoices.recordPayment(item.id, { cents, method, receivedOn: day });
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
        <dl className={cn("grid grid-cols-1 sm:gap-4", figures.disputed ? "sm:grid-cols-4" : "sm:grid-cols-3")}>
          <Figure label="Owed" value={figures.owed} note="Now: deposits and invoices" />
          <Figure label="Pending" value={figures.pending} note="Now: bank payments clearing" />
          {figures.disputed && <Figure label="Disputed" value={figures.disputed} note="Now: held by the bank" />}
          <Figure label="Paid" value={figures.paid} note={`In ${month.label}, less refunds and disputes`} />
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
              <PaymentRow key={p.id} payment={p} />
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
