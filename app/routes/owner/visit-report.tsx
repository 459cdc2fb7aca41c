// /owner/visits/<id>/report: the chimney condition report the owner records at an estimate visit, on his phone
// (decision 0054). The field island holds the scope, each flue's parts and Send, and keeps what he types and
// photographs on the phone until the server has it; without script, the same forms post here. A flue can be added
// on the spot; photos a lost phone never sent can be let go.
import { data, redirect } from "react-router";
import type { Route } from "./+types/visit-report";
import { boxText, field, idParam, requireOwner, unknownIntent } from "./guard.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { AddFlueForm } from "./report-flue-form";
import { ReportVersionsCard } from "./report-versions";
import { afterSend, sendFromConsole, sentReportAction, sentReportView } from "./report-send.server";
import { SEND_DONE } from "./report-send-words";
import { ReportLastTime } from "./report-last-time";
import { ReportQuoteForm } from "./report-quote-form";
import { makeQuoteFromFindings, quoteFormView } from "./visit-report-quote.server";
import { findingInput, reportContext, scopeInput, visitOf } from "./visit-report.server";
import { Island } from "~/islands/island";
import { ReportField } from "~/islands/report/report-field";
import type { RouteHandle } from "~/root";
import { business } from "~/content/business";
import { REPORT_LIMITS } from "~/content/condition-report";
import { draftKey } from "~/lib/report-field";
import type { FindingChoice } from "~/lib/finding-quote";
import { visitLabel } from "~/lib/visit-labels";
import { waitingWords } from "~/lib/report-photos";
import { saveFinding, saveScope } from "../../../server/reports/report-draft.ts";
import { reportFieldProps } from "../../../server/reports/report-view.ts";
import { lastTime, markTrend } from "../../../server/reports/report-history.ts";
import { APPLIANCES, FUELS, USE_LEVELS } from "../../../server/store/flues.ts";

export const handle: RouteHandle = { islands: true };

const DONE = {
  saved: "Saved.",
  flue: "Flue added.",
  forgotten: "The photos that never arrived were let go.",
  ...SEND_DONE,
  trend: "Saved: compared with last time.",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const context = reportContext(args.context);
  const v = visitOf(context, args.params.id);
  // A report he may send (never sent, or changed since): its PDF's thread starts now, not at his Send (decision 0057).
  if (v.report && context.stores.reportVersions.versions(v.report.id).at(-1)?.rev !== v.report.rev)
    args.context.reportPdfs.warm();
  const url = new URL(args.request.url);
  const lead = args.context.estimates.get(v.visit.estimate_id);
  let field = null;
  let wordsProblem: string | null = null;
  let history = null;
  try {
    field = reportFieldProps(context, v, owner.csrf);
    history = { lastTime: lastTime(context, v), quote: quoteFormView(args.context, context, v) };
  } catch (error) {
    if (!(error instanceof Error && error.name === "ContentError")) throw error;
    wordsProblem = error.message;
  }
  const done = url.searchParams.get("done") ?? "";
  return {
    csrf: owner.csrf,
    field,
    wordsProblem,
    history,
    estimateId: v.visit.estimate_id,
    name: lead?.name ?? "",
    place: [v.visit.street, v.visit.town].filter(Boolean).join(", "),
    when: visitLabel(v.visit, business.timeZone),
    noProperty: v.propertyId === null,
    hasFlues: v.flues.length > 0,
    serverWaiting: v.report ? context.stores.reportPhotos.waiting(v.report.id).length : 0,
    sentReport: v.report ? sentReportView(args.context, v.report.id) : null,
    done: done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const form = owner.form;
  const intent = field(form, "intent", 20);
  const context = reportContext(args.context);
  const v = visitOf(context, args.params.id);
  const base = `/owner/visits/${v.visit.id}/report`;
  const back = (done: string) => redirect(`${base}?done=${done}`, { headers: { "Cache-Control": "no-store" } });
  if (intent === "finding") {
    const input = findingInput(form);
    const saved = saveFinding(context, v, input);
    if (saved.ok) return back("saved");
    const at = draftKey(v.visit.id, input.flueId, input.part as Parameters<typeof draftKey>[2]);
    return data({ problems: saved.problems as Record<string, string>, problemsAt: at }, { status: 400 });
  }
  if (intent === "scope") {
    const saved = saveScope(context, v, scopeInput(form));
    if (saved.ok) return back("saved");
    return data({ problems: saved.problems as Record<string, string>, problemsAt: "scope" }, { status: 400 });
  }
  if (intent === "add-flue") {
    const label = boxText(form, "label");
    const appliance = APPLIANCES.find((a) => a === field(form, "appliance", 20));
    const fuel = FUELS.find((f) => f === field(form, "fuel", 20));
    const useLevel = USE_LEVELS.find((u) => u === field(form, "useLevel", 20));
    if (v.propertyId === null) return data({ flueError: "This request has no property yet." }, { status: 409 });
    if (label.length > REPORT_LIMITS.flueLabel || !appliance || !fuel || !useLevel)
      return data(
        { flueError: "Choose what it is, its fuel and how much it is used; keep the name short." },
        { status: 400 },
      );
    context.stores.flues.add(v.propertyId, { label, appliance, fuel, useLevel });
    return back("flue");
  }
  if (intent === "quote") {
    const made = makeQuoteFromFindings(args.context, context, v, form);
    if ("to" in made) return redirect(made.to, { headers: { "Cache-Control": "no-store" } });
    return data({ quoteProblems: made.problems, quotePosted: made.posted }, { status: made.status });
  }
  if (intent === "trend") {
    const input = { flueId: idParam(field(form, "flue", 12)) ?? 0, part: field(form, "part", 40) };
    const marked = markTrend(context, v, { ...input, trend: field(form, "trend", 10) });
    if (marked.ok)
      return redirect(`${base}?done=trend#last-${input.flueId}-${input.part}`, {
        headers: { "Cache-Control": "no-store" },
      });
    return data({ trendProblem: { key: `${input.flueId}-${input.part}`, text: marked.problem } }, { status: 400 });
  }
  if (intent === "forget-waiting") {
    if (v.report) context.stores.reportPhotos.forgetWaiting(v.report.id);
    return back("forgotten");
  }
  const onSent = sentReportAction(args.context, v.report?.id, v.visit.id, intent, form);
  if (onSent) return onSent;
  if (intent !== "send") unknownIntent();
  // The page's own Send (no script): the phone's photos are not named, the server's are all it checks.
  const sent = await sendFromConsole(args.context, v, form, []);
  if (!sent.ok) return data({ blockers: [...sent.blockers, ...Object.values(sent.problems)] }, { status: 409 });
  return redirect(afterSend(v.visit.id, sent, args.context.notifyTo !== null), {
    headers: { "Cache-Control": "no-store" },
  });
}

export const meta = () => [
  { title: "Condition report | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function VisitReport({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, field: props, estimateId, name, place, when, hasFlues } = loaderData;
  const answer = actionData as
    | {
        problems?: Record<string, string>;
        problemsAt?: string;
        flueError?: string;
        blockers?: string[];
        quoteProblems?: Record<string, string>;
        quotePosted?: FindingChoice[];
        trendProblem?: { key: string; text: string };
      }
    | undefined;
  const history = loaderData.history;
  const base = props?.base ?? "";
  return (
    <>
      <a
        href={`/owner/requests/${estimateId}`}
        className="inline-flex min-h-11 items-center underline underline-offset-4"
      >
        ← Request
      </a>
      <PageTitle sub={[name, place, when].filter(Boolean).join(" · ")}>Chimney condition report</PageTitle>
      {loaderData.done && <Notice>{loaderData.done}</Notice>}
      {loaderData.wordsProblem && (
        <Notice tone="warn">
          The report&apos;s words could not be read ({loaderData.wordsProblem}). Fix them in Site → Condition report
          words.
        </Notice>
      )}
      {loaderData.noProperty && (
        <Notice tone="warn">
          This request has no property yet, so the report has nowhere to go. Link it to a customer and an address first.
        </Notice>
      )}
      {answer?.blockers && <Notice tone="warn">Not ready to send: {answer.blockers.join(" ")}</Notice>}
      {props && !loaderData.noProperty && (
        <>
          {!hasFlues && <AddFlueForm csrf={csrf} action={base} first error={answer?.flueError} />}
          {history && (
            <ReportLastTime csrf={csrf} base={base} items={history.lastTime} problem={answer?.trendProblem} />
          )}
          <Island
            name="ReportField"
            id="report"
            component={ReportField}
            props={{
              ...props,
              ...(answer?.problems ? { problems: answer.problems, problemsAt: answer.problemsAt } : {}),
            }}
          />
          {hasFlues && <AddFlueForm csrf={csrf} action={base} first={false} error={answer?.flueError} />}
          {history && (
            <ReportQuoteForm
              csrf={csrf}
              base={base}
              view={history.quote}
              problems={answer?.quoteProblems}
              posted={answer?.quotePosted}
            />
          )}
        </>
      )}
      {loaderData.sentReport && <ReportVersionsCard csrf={csrf} report={loaderData.sentReport} />}
      {loaderData.serverWaiting > 0 && (
        <Card className="mt-5">
          <h2 className="font-serif text-xl font-bold">Photos the server is waiting for</h2>
          <p className="mt-1">
            {waitingWords(loaderData.serverWaiting)}: a phone saved {loaderData.serverWaiting === 1 ? "it" : "them"}{" "}
            with a part but has not sent {loaderData.serverWaiting === 1 ? "it" : "them"} yet. Open this page on that
            phone where there is signal. If that phone is lost or its browser was cleared, let them go.
          </p>
          <form method="post" action={base} className="mt-3">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="forget-waiting" />
            <Button type="submit" variant="quiet">
              Let them go
            </Button>
          </form>
        </Card>
      )}
    </>
  );
}
