// What the console's Jobs list shows of each job (server/jobs/job-list.ts): who, what, where it stands, its next work
// day, and what is owed. The money is the books' (money.server.ts: the deposits and sent invoices with invoiceMoney's
// figures, as Money and its CSV show them), printed with formatCents, never added up here.
import type { AppLoadContext } from "react-router";
import { dayLabel, windowLabel, yearIn } from "~/lib/visit-labels";
import { business } from "~/content/business";
import { loadBooks } from "./money.server";
import type { BookItem } from "../../../server/books/books.ts";
import type { JobListEntry, JobStage } from "../../../server/jobs/jobs.ts";
import { formatCents } from "../../../server/quotes/money.ts";

export type JobCard = {
  id: number;
  stage: JobStage;
  name: string;
  /** "Crown rebuild · Normal · Q-7KX2PM". */
  what: string;
  /** "Next: Thu, Dec 3, 10 am–12 pm", "No work days yet", "Done Thursday, December 3". */
  when: string;
  owed: string;
};

/** How many done jobs the list shows before "Show all". */
export const DONE_SHOWN = 20;

/** What is owed on a job's quote, in the books' own figures: the sent invoice's, else the deposit's. */
export function owedText(items: readonly BookItem[], invoiceDraft: boolean): string {
  const invoice = items.find((i) => i.kind === "invoice");
  const deposit = items.find((i) => i.kind === "deposit");
  const clearing = (item: BookItem) => (item.pendingCents > 0 ? `, ${formatCents(item.pendingCents)} clearing` : "");
  if (invoice) {
    return invoice.owedCents > 0
      ? `Owed ${formatCents(invoice.owedCents)} on invoice ${invoice.document}${clearing(invoice)}`
      : `Invoice ${invoice.document} paid in full`;
  }
  if (invoiceDraft) return "Invoice not sent yet";
  if (deposit && deposit.owedCents > 0) return `Deposit owed ${formatCents(deposit.owedCents)}${clearing(deposit)}`;
  if (deposit)
    return deposit.pendingCents > 0 ? `Deposit ${formatCents(deposit.pendingCents)} clearing` : "Deposit paid";
  return "Nothing owed yet";
}

function whenText(entry: JobListEntry, today: string, thisYear: number): string {
  if (entry.stage === "done")
    return entry.doneDay ? `Done ${dayLabel(entry.doneDay, { long: true, thisYear })}` : "Done";
  if (!entry.next) return entry.days === 0 ? "No work days yet" : "No day ahead: mark it done or add a day";
  const day = entry.next.day === today ? "today" : dayLabel(entry.next.day, { thisYear });
  return `Next: ${day}, ${windowLabel(entry.next)}`;
}

/** Every job as the list shows it, in its three groups; the done ones cut to DONE_SHOWN unless all are asked for. */
export function jobCards(context: AppLoadContext, allDone: boolean) {
  const { jobs, payments } = context;
  const list = jobs.list();
  const today = jobs.today();
  const thisYear = yearIn(context.now(), business.timeZone);
  const { books } = loadBooks(context);
  const card = (entry: JobListEntry): JobCard => {
    const invoice = payments.invoices.forQuote(entry.quoteId);
    return {
      id: entry.id,
      stage: entry.stage,
      name: entry.name || "Customer",
      what: [entry.work, entry.town, entry.reference].filter(Boolean).join(" · "),
      when: whenText(entry, today, thisYear),
      owed: owedText(
        books.items.filter((i) => i.quoteId === entry.quoteId),
        invoice !== undefined && invoice.number === null,
      ),
    };
  };
  return {
    active: list.active.map(card),
    unscheduled: list.unscheduled.map(card),
    done: (allDone ? list.done : list.done.slice(0, DONE_SHOWN)).map(card),
    doneCount: list.done.length,
  };
}
