// What the homeowner's job page shows, as strings: the business and the accepted quote as its frozen version names
// them (its choice through the quote's own views), the work days with their windows, and "On my way" when it went
// today. The deposit and the invoice come from server/payments/ and server/invoices/, read by the route.
import { dayLabel, windowLabel, yearIn } from "../../app/lib/visit-labels.ts";
import type { AcceptedQuote } from "../payments/payments-context.ts";
import { documentBusiness, type ChoiceView } from "../quotes/quote-view.ts";
import type { JobDayRow, JobRow, OnMyWayRow } from "../store/jobs.ts";
import { dayAt, type Day } from "../time/wall-time.ts";

export type JobPageView = {
  business: { name: string; address: string; phone: string; email: string };
  customer: { name: string; town: string | null };
  reference: string;
  work: string;
  total: string | null;
  done: boolean;
  days: { label: string; window: string; today: boolean; past: boolean; onMyWay: string | null }[];
};

export function jobPageView(
  job: JobRow,
  { version }: AcceptedQuote,
  choice: ChoiceView | null,
  days: readonly JobDayRow[],
  onMyWay: readonly OnMyWayRow[],
  { today, now }: { today: Day; now: Date },
): JobPageView {
  const thisYear = yearIn(now, version.timeZone);
  const sentToday = onMyWay.some((r) => r.day === today);
  // A done job's days end on the day it was done (Job done cancels the later ones; one left from before that is not
  // work either, as the owner's feed and Visits say).
  const doneDay = job.status === "done" && job.done_at ? dayAt(job.done_at, version.timeZone) : null;
  return {
    business: documentBusiness(version),
    customer: { name: version.customer.name, town: version.customer.town },
    reference: version.reference,
    work: choice ? [choice.optionName, ...choice.addonNames].filter(Boolean).join(" + ") : "",
    total: choice?.total ?? null,
    done: job.status === "done",
    days: days
      .filter((d) => doneDay === null || d.day <= doneDay)
      .map((d) => ({
        label: dayLabel(d.day, { long: true, thisYear }),
        window: windowLabel(d),
        today: d.day === today,
        past: d.day < today,
        onMyWay: d.day === today && sentToday ? `On my way — arriving ${windowLabel(d)}` : null,
      })),
  };
}
