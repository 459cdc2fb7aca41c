// /owner/invoices/<id>: one invoice on one screen, made for a phone (decision 0042). A draft takes change-order lines
// and is sent in one tap (its number given then, its version frozen, the homeowner's e-mail queued); a sent invoice
// shows its state, its lines and figures (invoiceMoney's, as on the homeowner's page and the PDF), every payment,
// "Record a payment" (check, cash or Zelle; the owed amount and today's business day by default; offered only while
// something can be paid, never more than that: server/invoices/record-invoice-payment.ts) and its PDF.
import { data, redirect } from "react-router";
import type { Route } from "./+types/invoice";
import { field, idParam, notFound, requireOwner, unknownIntent } from "./guard.server";
import { Button, Card, consoleButton, CsrfField, LimitedBox, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { dollarsInput, formatCents, parseDollars, parseQuantity } from "../../../server/quotes/money.ts";
import { STATE_LABEL } from "../../../server/invoices/invoice-figures.ts";
import { linesView, paymentsView } from "../../../server/invoices/invoice-page.ts";
import { payableCents } from "../../../server/invoices/invoice-checkout.ts";
import { invoiceSettledWords } from "../../../server/invoices/record-invoice-payment.ts";
import { dayText } from "../../../server/quotes/quote-view.ts";
import { OWNER_METHODS } from "../../../server/store/invoices.ts";

const LIMIT = TEXT_LIMITS.invoice;

const DONE = {
  added: "Line added.",
  removed: "Line removed.",
  sent: "Sent. The homeowner's e-mail goes out now, with the link to see and pay it.",
  "sent-no-mail":
    "Sent: the invoice is frozen with its number. E-mail is not set up on this server, so nothing was e-mailed.",
  recorded: "Payment recorded.",
  paused: "Reminders paused.",
  resumed: "Reminders resumed.",
} as const;

/** `at`: the form the refusal is said in, beside its field (a payment's amount); else at the top. */
type ActionResult = { error: string; typed?: Record<string, string>; at?: "record" };

function loadInvoice(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = idParam(args.params.id);
  const invoice = id === null ? undefined : args.context.payments.invoices.get(id);
  if (!invoice) notFound();
  return invoice;
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const invoice = loadInvoice(args);
  const { payments, quotes } = args.context;
  const f = payments.invoices.figures(invoice);
  const quote = quotes.details(invoice.quote_id);
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    csrf: owner.csrf,
    done: done !== null && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
    id: invoice.id,
    label: f.label,
    state: f.state,
    stateLabel: STATE_LABEL[f.state],
    quoteId: invoice.quote_id,
    quoteReference: quote.quote.reference,
    customer: f.version?.customer.name ?? quote.current?.version.customer.name ?? "",
    sentDay: f.version ? dayText(f.version.sentDay) : null,
    lines: linesView(f).map((l, i) => ({ ...l, removable: f.version === null && f.lines[i]?.kind === "change" })),
    total: formatCents(f.money.total),
    paid: formatCents(f.money.paid),
    pending: f.money.pending > 0 ? formatCents(f.money.pending) : null,
    owed: formatCents(f.money.owed),
    disputed: f.money.disputed > 0 ? formatCents(f.money.disputed) : null,
    payments: paymentsView(f),
    // What a record could take now (owed, less what is clearing or disputed); when nothing, why, and no form.
    owedInput: payableCents(f) > 0 ? dollarsInput(payableCents(f)) : null,
    why: f.version && payableCents(f) <= 0 ? invoiceSettledWords(f) : null,
    today: dayAt(args.context.now(), business.timeZone),
    paused: invoice.reminders_paused === 1,
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const invoice = loadInvoice(args);
  const { invoices } = args.context.payments;
  const form = owner.form ?? new FormData();
  const intent = field(form, "intent", 40);
  const back = (done: keyof typeof DONE) =>
    redirect(`/owner/invoices/${invoice.id}?done=${done}`, { headers: { "Cache-Control": "no-store" } });
  const refused = (status: number, error: string, typed?: Record<string, string>) =>
    data<ActionResult>({ error, ...(typed ? { typed } : {}) }, { status });
  try {
    if (intent === "add") {
      const typed = {
        description: field(form, "description", 10_000),
        quantity: field(form, "quantity", 10_000),
        price: field(form, "price", 10_000),
      };
      const over =
        overLimit(typed.description, LIMIT.description) ??
        overLimit(typed.quantity, LIMIT.quantity) ??
        overLimit(typed.price, LIMIT.price);
      if (over) return refused(400, over, typed);
      if (!typed.description) return refused(400, "Description: say what the change was.", typed);
      const quantity = parseQuantity(typed.quantity || "1");
      if (quantity === null) return refused(400, "Quantity: a number such as 1 or 2.5.", typed);
      const unitPrice = parseDollars(typed.price);
      if (unitPrice === null) return refused(400, "Unit price: dollars and cents, such as 150 or -25.00.", typed);
      invoices.addLine(invoice.id, { description: typed.description, quantity, unitPrice });
      return back("added");
    }
    if (intent === "remove") {
      invoices.removeLine(invoice.id, Number(field(form, "line", 4)));
      return back("removed");
    }
    if (intent === "delete") {
      invoices.deleteDraft(invoice.id);
      return redirect(`/owner/quotes/${invoice.quote_id}`, { headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "send") {
      // A deposit checkout page still open could be paid after the invoice asks for the deposit: closed first.
      await args.context.payments.closeDepositCheckouts(invoice.quote_id);
      const { mailed } = invoices.send(invoice.id);
      return back(mailed ? "sent" : "sent-no-mail");
    }
    if (intent === "record") {
      const typed = { amount: field(form, "amount", 10_000), note: field(form, "note", 10_000) };
      const refuse = (status: number, error: string) =>
        data<ActionResult>({ error: `${error} Nothing was recorded.`, typed, at: "record" }, { status });
      const over = overLimit(typed.amount, LIMIT.amount) ?? overLimit(typed.note, LIMIT.note);
      if (over) return refuse(400, over);
      const cents = parseDollars(typed.amount);
      if (cents === null || cents <= 0) return refuse(400, "Amount: type the amount received, e.g. 550.");
      const method = OWNER_METHODS.find((m) => m === field(form, "method", 10));
      if (!method) return refuse(400, "How: choose check, cash or Zelle.");
      const day = field(form, "receivedOn", 10);
      try {
        // The homeowner's open checkout page is closed at Stripe first; the record checks and writes in one
        // transaction.
        await invoices.closeCheckouts(invoice.id);
        invoices.recordPayment(invoice.id, {
          cents,
          method,
          receivedOn: day || dayAt(args.context.now(), business.timeZone),
          note: typed.note,
        });
      } catch (error) {
        if (error instanceof invoices.InvoiceRefusal || error instanceof args.context.payments.PaymentRefusal)
          return refuse(error.status, error.message);
        throw error;
      }
      return back("recorded");
    }
    if (intent === "pause" || intent === "resume") {
      invoices.pause(invoice.id, intent === "pause");
      return back(intent === "pause" ? "paused" : "resumed");
    }
    unknownIntent();
  } catch (error) {
    if (error instanceof invoices.InvoiceRefusal || error instanceof args.context.payments.PaymentRefusal)
      return refused(error.status, error.message);
    throw error;
  }
}

export const meta = () => [{ title: "Invoice | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? "font-bold" : undefined}>{label}</dt>
      <dd className={strong ? "text-right font-bold tabular-nums" : "text-right tabular-nums"}>{value}</dd>
    </>
  );
}

export default function InvoiceScreen({ loaderData: d, actionData }: Route.ComponentProps) {
  const typed = actionData?.typed ?? {};
  const recordError = actionData?.at === "record" ? actionData.error : null;
  const draft = d.state === "draft";
  return (
    <>
      <p className="mb-3">
        <a href={`/owner/quotes/${d.quoteId}`} className="font-semibold text-brick-800 underline underline-offset-4">
          ← Quote {d.quoteReference}
        </a>
      </p>
      {d.done && !actionData && <Notice>{DONE[d.done]}</Notice>}
      {/* A payment refused is said beside its amount; when no form is offered any more (paid meanwhile), here. */}
      {actionData?.error && (actionData.at === undefined || d.owedInput === null) && (
        <Notice tone="warn">{actionData.error}</Notice>
      )}
      <PageTitle sub={`${d.customer}${d.sentDay ? `, sent ${d.sentDay}` : ""}`}>
        {d.label ? `Invoice ${d.label}` : "Invoice (draft)"}
      </PageTitle>
      <p className="mb-4">
        <span className="rounded-full bg-soot-950 px-3 py-1 font-semibold text-mortar-50" aria-label="State">
          {d.stateLabel}
        </span>
      </p>

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Lines</h2>
        <ul className="mt-2 divide-y divide-mortar-200">
          {d.lines.map((l, i) => (
            <li key={i} className="flex items-start justify-between gap-3 py-2">
              <span>
                {l.description}
                <span className="block text-sm text-soot-800">
                  {l.quantity} × {l.unitPrice}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{l.amount}</span>
                {l.removable && (
                  <form method="post">
                    <CsrfField token={d.csrf} />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="line" value={i} />
                    <Button variant="quiet" aria-label={`Remove ${l.description}`}>
                      Remove
                    </Button>
                  </form>
                )}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-2 gap-1 border-t border-mortar-300 pt-3">
          <Figure label="Total" value={d.total} strong />
          {!draft && <Figure label="Paid" value={d.paid} />}
          {d.pending && <Figure label="Pending bank payment" value={d.pending} />}
          {d.disputed && <Figure label="Disputed by the bank" value={d.disputed} />}
          {!draft && <Figure label="Owed" value={d.owed} strong />}
        </dl>
      </Card>

      {draft && (
        <>
          <Card className="mb-4">
            <h2 className="font-serif text-xl font-bold">Add a change order</h2>
            <form method="post" className="mt-2 grid grid-cols-2 gap-2">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="add" />
              <LimitedBox
                limit={LIMIT.description}
                name="description"
                required
                defaultValue={typed.description}
                className="col-span-2"
              />
              <LimitedBox
                limit={LIMIT.quantity}
                name="quantity"
                inputMode="decimal"
                defaultValue={typed.quantity ?? "1"}
              />
              <LimitedBox
                limit={LIMIT.price}
                unit=" ($)"
                name="price"
                inputMode="decimal"
                required
                defaultValue={typed.price}
              />
              <Button variant="quiet" className="col-span-2">
                Add the line
              </Button>
            </form>
          </Card>
          <form method="post" className="mb-3">
            <CsrfField token={d.csrf} />
            <input type="hidden" name="intent" value="send" />
            <Button className="w-full">Send the invoice</Button>
          </form>
          <form method="post" className="mb-4">
            <CsrfField token={d.csrf} />
            <input type="hidden" name="intent" value="delete" />
            <Button variant="quiet" className="w-full">
              Delete the draft
            </Button>
          </form>
        </>
      )}

      {!draft && (
        <>
          <p className="mb-4">
            <a className={consoleButton("quiet")} href={`/owner/invoices/${d.id}/pdf`}>
              The PDF
            </a>
          </p>
          <Card className="mb-4">
            <h2 className="font-serif text-xl font-bold">Payments</h2>
            {d.payments.length === 0 ? (
              <p className="mt-2">None yet.</p>
            ) : (
              <ul className="mt-2 space-y-1" aria-label="Payments">
                {d.payments.map((p, i) => (
                  <li key={i}>
                    {p.day}: {p.amount} by {p.method}, <strong>{p.state}</strong>
                  </li>
                ))}
              </ul>
            )}
            {d.owedInput === null ? (
              <p className="mt-3 font-semibold">{d.why}</p>
            ) : (
              <form method="post" className="mt-3 grid grid-cols-2 gap-2">
                <CsrfField token={d.csrf} />
                <input type="hidden" name="intent" value="record" />
                <LimitedBox
                  limit={LIMIT.amount}
                  unit=" ($)"
                  name="amount"
                  inputMode="decimal"
                  required
                  defaultValue={typed.amount ?? d.owedInput}
                  aria-invalid={recordError ? true : undefined}
                  aria-describedby={recordError ? "record-error" : undefined}
                />
                <label className="block">
                  <span className="text-sm font-semibold">How</span>
                  <select name="method" className={input}>
                    <option value="check">Check</option>
                    <option value="cash">Cash</option>
                    <option value="zelle">Zelle</option>
                  </select>
                </label>
                {recordError && (
                  <p id="record-error" role="alert" className="col-span-2 font-semibold text-brick-800">
                    {recordError}
                  </p>
                )}
                <label className="col-span-2 block">
                  <span className="text-sm font-semibold">Received on</span>
                  <input type="date" name="receivedOn" defaultValue={d.today} className={input} />
                </label>
                <LimitedBox limit={LIMIT.note} name="note" defaultValue={typed.note} className="col-span-2" />
                <Button className="col-span-2">Record a payment</Button>
              </form>
            )}
          </Card>
          {d.state !== "paid" && (
            <form method="post" className="mb-4">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value={d.paused ? "resume" : "pause"} />
              <Button variant="quiet" className="w-full">
                {d.paused ? "Resume the reminders" : "Pause the reminders"}
              </Button>
            </form>
          )}
        </>
      )}
    </>
  );
}
