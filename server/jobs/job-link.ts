// The homeowner's side of a job: the link to their page (only its hash kept), the job a link opens (failed lookups
// limited per address, as the quote's), the page's strings, a fresh link to the job's sent invoice, and the outbox's
// composers, which put a fresh job link into each kept mail and check the reminder as it goes.
import { linkTokenHash, newLinkToken } from "../documents/secret-links.ts";
import { acceptedQuote, type AcceptedQuote } from "../payments/payments-context.ts";
import { choiceOf, choiceView, type ChoiceView } from "../quotes/quote-view.ts";
import type { MailKind, OutboxItem } from "../requests/estimate-store.ts";
import type { Mail } from "../requests/lead-mail.ts";
import { withManageLink } from "../booking/visit-mail.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import type { JobRow } from "../store/jobs.ts";
import { accepted, linkFor, today, type JobContext } from "./job-context.ts";
import { workDayReminderMail } from "./job-mail.ts";
import { jobPageView, type JobPageView } from "./job-page.ts";

/** The accepted quote behind a job, its choice as the quote's own views print it. */
export function quoteOf(ctx: JobContext, job: JobRow): { accepted: AcceptedQuote; choice: ChoiceView | null } {
  const a = accepted(ctx, job);
  const c = choiceOf(a.version, a.acceptance.option_key, JSON.parse(a.acceptance.addon_keys) as string[]);
  return { accepted: a, choice: c ? choiceView(a.version, c) : null };
}

/** The homeowner's page, as strings (the deposit and invoice are the payments service's). */
export function page(ctx: JobContext, job: JobRow): JobPageView {
  const { accepted: a, choice } = quoteOf(ctx, job);
  return jobPageView(job, a, choice, ctx.jobs.days(job.id), ctx.jobs.onMyWay(job.id), {
    today: today(ctx),
    now: ctx.now(),
  });
}

/** The job a link opens, null for an unknown one, "limited" when this address failed too often (as quotes). */
export function lookup(ctx: JobContext, token: string | undefined, ip: string | null): JobRow | null | "limited" {
  return ctx.lookups.lookup(ip, () => {
    const hash = linkTokenHash(token);
    const job = hash ? ctx.jobs.byLink(hash) : undefined;
    return job && acceptedQuote({ store: ctx.store }, job.quote_id) ? job : null;
  });
}

/** A fresh token for the job's sent invoice (its Pay and "See the invoice" go through a POST). */
export function invoiceToken({ store }: JobContext, invoice: InvoiceRow): string {
  const { token, hash } = newLinkToken();
  store.invoices.addLink(invoice.id, hash);
  return token;
}

/** The outbox's composers: the job page's fresh link put in, and the reminder checked as it goes. */
export function jobComposers(ctx: JobContext) {
  const { jobs } = ctx;
  /** A kept job mail with a fresh job page link; its key names the job ("job-day:<job>:…"). */
  const withJobLink = (item: OutboxItem, stored: Mail | null): Mail | null => {
    const job = jobs.get(Number(item.dedupe.split(":")[1]));
    return stored && job ? withManageLink(stored, linkFor(ctx, job.id)) : null;
  };
  return {
    "job-day": withJobLink,
    "job-on-my-way": withJobLink,
    "job-reminder": (item: OutboxItem): Mail | "withdrawn" | null => {
      const [, , id, day] = item.dedupe.split(":");
      const row = jobs.day(Number(id));
      if (!row) return null;
      // Moved or removed since it was queued, or sent for this day already: once per day value.
      if (row.status !== "scheduled" || row.day !== day || !jobs.markReminded(row.id, row.day)) return "withdrawn";
      return workDayReminderMail(row, linkFor(ctx, row.job_id));
    },
  } satisfies Partial<Record<MailKind, (item: OutboxItem, stored: Mail | null) => Mail | "withdrawn" | null>>;
}
