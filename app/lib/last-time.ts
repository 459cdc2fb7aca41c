// Next year's visit (issue 66, decision 0054): the order last time's findings are listed in on the new report. A
// Watch whose day to look again has come (today or before) is listed first, the longest overdue first: that is what
// the owner came back to check. Then the rest in the report's order, flue by flue and part by part. Pure.
import { REPORT_PARTS, type FindingState, type ReportPart } from "~/content/condition-report";

export type LastTimeKey = {
  flueIndex: number;
  part: ReportPart;
  state: FindingState;
  recheckDay: string | null;
};

/** Whether a Watch's day to look again has come by `today` (a business day, YYYY-MM-DD). */
export function recheckDue(item: Pick<LastTimeKey, "state" | "recheckDay">, today: string): boolean {
  return item.state === "watch" && item.recheckDay !== null && item.recheckDay <= today;
}

export function lastTimeOrder<T extends LastTimeKey>(items: readonly T[], today: string): T[] {
  const place = (i: T) => i.flueIndex * 100 + REPORT_PARTS.indexOf(i.part);
  return [...items].sort((a, b) => {
    const dueA = recheckDue(a, today);
    const dueB = recheckDue(b, today);
    if (dueA !== dueB) return dueA ? -1 : 1;
    if (dueA && dueB && a.recheckDay !== b.recheckDay) return (a.recheckDay ?? "") < (b.recheckDay ?? "") ? -1 : 1;
    return place(a) - place(b);
  });
}

export const TRENDS = ["better", "same", "worse"] as const;
export type Trend = (typeof TRENDS)[number];
export const TREND_LABELS: Record<Trend, string> = { better: "Better", same: "Same", worse: "Worse" };
