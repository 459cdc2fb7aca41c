// The owner's side of sending a condition report (decision 0054): the send's context from the request's (the PDF
// worker, the words, whether mail is set up), the actions on sent versions (open one as the homeowner sees it, which
// makes a fresh link; stop every link), and what the visit's report page and the customer's page show of the versions:
// when each went, why a correction, the PDF's size, and what became of its e-mail.
import { redirect, type AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { instantText } from "../../../server/time/wall-time.ts";
import { readReportWords } from "../../../server/reports/report-page-words.ts";
import { attachesPdf } from "../../../server/reports/report-pdfs.ts";
import { newReportLink } from "../../../server/reports/report-link.ts";
import { sendReport, type SendContext, type SendOutcome } from "../../../server/reports/report-sending.ts";
import type { VisitReport } from "../../../server/reports/report-draft.ts";
import type { ReportSnapshot } from "../../../server/reports/report-snapshot.ts";
import { boxText, field, idParam, plainAnswer } from "./guard.server";
import { reportContext } from "./visit-report.server";

/** The business as a sent report prints it (its letterhead). */
function snapshotBusiness(): ReportSnapshot["business"] {
  const a = business.address;
  const town = `${a.locality}, ${a.region}${a.postalCode ? ` ${a.postalCode}` : ""}`;
  return {
    name: business.name,
    address: a.street ? `${a.street}, ${town}` : town,
    phone: business.phone,
    email: business.email,
  };
}

export function sendContext(context: AppLoadContext): SendContext {
  const repoDir = context.publisher?.repoDir ?? process.cwd();
  return {
    store: context.estimates,
    now: context.now,
    timeZone: business.timeZone,
    words: reportContext(context).words,
    pageWords: () => readReportWords(repoDir),
    business: snapshotBusiness,
    // The outbox runs only when mail is set up; then the owner's alerts have an address (server/start.ts).
    mail: context.notifyTo !== null,
    draw: (input) => context.reportPdfs.make(input),
  };
}

/** Where a send lands the owner: the report page, saying what happened. */
export function afterSend(visitId: number, sent: Extract<SendOutcome, { ok: true }>, mail: boolean): string {
  const done = sent.already ? "already" : mail && sent.emailed ? "sent" : "kept";
  return `/owner/visits/${visitId}/report?done=${done}&version=${sent.version}`;
}

/** The owner's actions on a sent report: null when `intent` is not one of them. */
export function sentReportAction(
  context: AppLoadContext,
  reportId: number | undefined,
  visitId: number,
  intent: string,
  form: FormData | null,
): Response | null {
  const { estimates: store } = context;
  if (intent !== "open-version" && intent !== "revoke-links") return null;
  if (reportId === undefined) throw plainAnswer(409, "This report has not been sent yet.");
  if (intent === "revoke-links") {
    store.reportVersions.revokeAll(reportId);
    return redirect(`/owner/visits/${visitId}/report?done=revoked`, { headers: { "Cache-Control": "no-store" } });
  }
  const version = idParam(field(form, "version", 6));
  const row = version === null ? undefined : store.reportVersions.version(reportId, version);
  if (!row) throw plainAnswer(404, "There is no such version of this report.");
  const url = newReportLink(store, context.siteOrigin, row.id);
  // The homeowner's own page, by a link made now: what they see, and a link to copy and send.
  return redirect(new URL(url).pathname, { status: 303, headers: { "Cache-Control": "no-store" } });
}

export type SentVersionView = {
  version: number;
  sentAt: string;
  reason: string | null;
  pdfKb: number;
  attached: boolean;
  mail: string;
};

export type SentReportView = {
  reportId: number;
  visitId: number | null;
  visitDay: string;
  place: string;
  changedSinceSent: boolean;
  versions: SentVersionView[];
};

function mailState(context: AppLoadContext, estimateId: number | null, key: string): string {
  const row = estimateId === null ? undefined : context.estimates.deliveries(estimateId).find((d) => d.dedupe === key);
  const z = business.timeZone;
  if (!row) return "Not e-mailed";
  if (row.sent_at) return `E-mailed to ${row.recipient}, ${instantText(row.sent_at, z)}`;
  if (row.cancelled_at) return "Not e-mailed: a correction replaced it first";
  if (row.failed_at) return `E-mail failed: ${row.last_error ?? "the mail server refused it"}`;
  return `E-mail to ${row.recipient} waiting to go`;
}

/** A sent report's versions as the console lists them, newest first; null for a report never sent. */
export function sentReportView(context: AppLoadContext, reportId: number): SentReportView | null {
  const { estimates: store } = context;
  const report = store.reports.get(reportId);
  const heads = report ? store.reportVersions.versions(reportId) : [];
  const last = heads.at(-1);
  if (!report || !last) return null;
  const visit = report.visit_id === null ? undefined : store.visits.get(report.visit_id);
  return {
    reportId,
    visitId: report.visit_id,
    visitDay: visit?.day ?? "",
    place: visit ? [visit.street, visit.town].filter(Boolean).join(", ") : "",
    changedSinceSent: report.rev > last.rev,
    versions: heads
      .map((h) => {
        const bytes = store.reportSends.pdfBytes(h.id);
        return {
          version: h.version,
          sentAt: instantText(h.sent_at, business.timeZone),
          reason: h.reason,
          pdfKb: Math.ceil(bytes / 1024),
          attached: attachesPdf(bytes),
          mail: mailState(context, report.estimate_id, `report-sent:${reportId}:${h.version}`),
        };
      })
      .reverse(),
  };
}

/** The sent reports on a customer's requests (their whole group, as the customer's page reads it), newest first. */
export function customerReports(context: AppLoadContext, customerId: number): SentReportView[] {
  const { estimates: store } = context;
  const requests = store.customerHistory.of(store.customers.group(customerId)).requests.map((r) => r.id);
  return store.reportSends.ofRequests(requests).flatMap((id) => sentReportView(context, id) ?? []);
}

/**
 * Sends the visit's report, with what went wrong said in words: a PDF the worker could not draw, or any other
 * failure, leaves nothing sent and asks for Send again.
 */
export async function sendFromConsole(
  context: AppLoadContext,
  v: VisitReport,
  form: FormData | null,
  photoIds: readonly string[],
): Promise<SendOutcome> {
  try {
    return await sendReport(sendContext(context), v, { reason: boxText(form, "reason"), photoIds });
  } catch (error) {
    console.error(`A condition report was not sent: ${error instanceof Error ? error.message : String(error)}`);
    return {
      ok: false,
      blockers: ["The report could not be made just now, so nothing was sent. Press Send again in a minute."],
      problems: {},
    };
  }
}
