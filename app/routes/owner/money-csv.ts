// GET /owner/money.csv?of=payments|invoices&from=YYYY-MM-DD&to=YYYY-MM-DD: the accountant's files (decision 0043),
// this month by default. Data, not a page: without a session it is a plain 401.
import type { Route } from "./+types/money-csv";
import { notFound, plainAnswer, requireOwner } from "./guard.server";
import { BAD_RANGE } from "./messages";
import { loadBooks } from "./money.server";
import { business } from "~/content/business";
import { dayAt, monthDays, monthOf } from "~/lib/business-day";
import { invoicesCsv, paymentsCsv } from "../../../server/books/books-csv.ts";
import { isDay } from "../../../server/time/wall-time.ts";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const params = new URL(args.request.url).searchParams;
  const of = params.get("of") ?? "payments";
  if (of !== "payments" && of !== "invoices") notFound();
  const today = dayAt(args.context.now(), business.timeZone);
  const month = monthDays(monthOf(today));
  const from = params.get("from") ?? month.first;
  const to = params.get("to") ?? month.last;
  if (!isDay(from) || !isDay(to) || from > to) throw plainAnswer(400, BAD_RANGE);
  const { books, contracts, invoices } = loadBooks(args.context);
  const csv =
    of === "payments"
      ? paymentsCsv(books, from, to)
      : invoicesCsv(invoices, new Map(contracts.map((c) => [c.quote_id, c.reference])), from, to);
  args.context.owner.audit.log("CSV downloaded", { detail: `money: ${of}`, ip: args.context.clientIp });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${of}-${from}-to-${to}-made-${today}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
