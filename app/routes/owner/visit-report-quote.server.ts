// The report page's "Make the quote from these findings" (decision 0054), its server side: what the form shows (the
// request's draft quote, if any, and the findings to decide on) and the one POST that makes the quote, read from the
// form the same way with or without script. Refusals come back as words at their fields.
import type { AppLoadContext } from "react-router";
import { idParam } from "./guard.server";
import { typedText } from "~/lib/text-limits";
import type { FindingChoice } from "~/lib/finding-quote";
import type { ReportContext, VisitReport } from "../../../server/reports/report-draft.ts";
import { checkQuoteChoices, quoteFromFindings, type QuoteFromFindings } from "../../../server/reports/report-quote.ts";

/** The form's findings, the request's draft quote, and the findings its quotes already have lines for. */
export function quoteFormView(app: AppLoadContext, ctx: ReportContext, v: VisitReport): QuoteFromFindings {
  const { quotes } = app;
  const draft = quotes.requestDraft(v.visit.estimate_id);
  const presets = quotes.words().presets.map((p) => ({ key: p.key, name: p.name }));
  return quoteFromFindings(ctx, v, presets, {
    quoteId: draft?.id ?? null,
    ...quotes.findingsOfRequest(v.visit.estimate_id),
  });
}

export type QuoteAnswer =
  { to: string } | { status: number; problems: Record<string, string>; posted?: FindingChoice[] };

/** The POST: the findings' lines on the request's draft, the reasons kept; where to go next, or the problems. */
export function makeQuoteFromFindings(
  app: AppLoadContext,
  ctx: ReportContext,
  v: VisitReport,
  form: FormData | null,
): QuoteAnswer {
  const view = quoteFormView(app, ctx, v);
  const posted = (form?.getAll("finding") ?? []).slice(0, 200).map((x) => (typeof x === "string" ? idParam(x) : null));
  if (posted.some((id) => id === null))
    return { status: 400, problems: { findings: "Reload the page and try again." } };
  const ids = posted.filter((id): id is number => id !== null);
  const choices: FindingChoice[] = ids.map((findingId) => ({
    findingId,
    quote: form?.get(`quote-${findingId}`) === "on",
    preset: typedText(form?.get(`preset-${findingId}`)).slice(0, 60),
    reason: typedText(form?.get(`reason-${findingId}`)).slice(0, 1000),
  }));
  const checked = checkQuoteChoices(ctx, v, view, ids, choices);
  if (!checked.ok) return { status: checked.status, problems: checked.problems, posted: choices };
  try {
    const made = app.quotes.addFindingLines(v.visit.estimate_id, checked.lines, checked.skips);
    return { to: `/owner/quotes/${made.quoteId}?done=findings` };
  } catch (error) {
    if (error instanceof app.quotes.QuoteRefusal)
      return { status: error.status, problems: { findings: error.message }, posted: choices };
    throw error;
  }
}
