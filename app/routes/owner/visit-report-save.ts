// POST /owner/visits/<id>/report/save: the field island's writes (decision 0054), answered in JSON so the phone can
// mark what the server has: a finding, the scope, a photo taken off, and the check before sending (which names every
// photo the phone holds, and is refused while the server lacks one). The page's own forms post to the page and
// get the same rules (visit-report.tsx). A GET shows nothing.
import type { Route } from "./+types/visit-report-save";
import { field, notFound, requireOwner, unknownIntent } from "./guard.server";
import { findingInput, namedPhotos, reportContext, scopeInput, visitOf } from "./visit-report.server";
import { removePhoto, saveFinding, saveScope } from "../../../server/reports/report-draft.ts";
import { sendRefusals } from "../../../server/reports/report-readiness.ts";
import { afterSend, sendFromConsole } from "./report-send.server";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  notFound();
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const form = owner.form;
  const intent = field(form, "intent", 20);
  if (!["finding", "scope", "remove-photo", "check", "send"].includes(intent)) unknownIntent();
  const context = reportContext(args.context);
  const v = visitOf(context, args.params.id);
  if (intent === "finding") {
    const saved = saveFinding(context, v, findingInput(form));
    return saved.ok ? json(200, saved) : json(400, saved);
  }
  if (intent === "scope") {
    const saved = saveScope(context, v, scopeInput(form));
    return saved.ok ? json(200, saved) : json(400, saved);
  }
  if (intent === "remove-photo") {
    const outcome = removePhoto(context, v, field(form, "photo", 64));
    if (outcome === "sent") return json(409, { error: "This photo is in a report already sent: it is kept." });
    return json(200, { ok: true });
  }
  if (intent === "send") {
    // Sending (decision 0054): the version frozen with its PDF, its e-mail queued; the phone then opens the page.
    const sent = await sendFromConsole(args.context, v, form, namedPhotos(form));
    if (!sent.ok) return json(409, sent);
    const next = afterSend(v.visit.id, sent, args.context.notifyTo !== null);
    return json(200, { ok: true, version: sent.version, next });
  }
  const { stores } = context;
  const report = v.report;
  const blockers = sendRefusals(
    {
      report,
      findings: report ? stores.reports.findings(report.id) : [],
      photos: report ? stores.reportPhotos.ofReport(report.id) : [],
      flues: v.flues,
      words: context.words(),
    },
    namedPhotos(form),
  );
  return json(200, { blockers });
}
