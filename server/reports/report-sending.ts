// Sending a condition report (decision 0054): the draft, checked once more (its scope, every part's rules, every
// photo on the server), is frozen as the next version: its canonical JSON snapshot and SHA-256, its PDF drawn from the
// snapshot in the PDF worker and the PDF's hash, the photos it shows, all in one transaction, after which the database
// refuses any change. Its e-mail is queued in the same transaction, once per version (the outbox's key). A correction
// is the next version and needs its reason; a send with nothing changed since the last version is that version.
// Sends of one report are one at a time in this process, and a send that arrives while one is running gets its
// answer: 50 taps at once make one version.
import type { FindingsWords } from "../../app/content/findings.ts";
import { REPORT_LIMITS } from "../../app/content/condition-report.ts";
import type { ReportWords } from "../../app/content/report-words.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { ReportRow } from "../store/condition-reports.ts";
import type { VisitReport } from "./report-draft.ts";
import { sendRefusals } from "./report-readiness.ts";
import type { ReportPdfInput } from "./report-pdf.ts";
import { pdfPhotos } from "./report-pdfs.ts";
import { buildSnapshot, snapshotBytes, type ReportSnapshot } from "./report-snapshot.ts";
import { sha256Hex } from "../documents/canonical-json.ts";

export type SendContext = {
  store: EstimateStore;
  now: () => Date;
  timeZone: string;
  words: () => FindingsWords;
  pageWords: () => ReportWords;
  business: () => ReportSnapshot["business"];
  /** Whether e-mail is set up: the report's e-mail is queued only then. */
  mail: boolean;
  /** Draws a PDF (in the worker thread on the server). */
  draw: (input: ReportPdfInput) => Promise<Buffer>;
};

export type SendInput = {
  /** Why a correction is sent; ignored for the first version. */
  reason: string;
  /** The photo ids the phone holds for this report: one the server lacks stops the send. */
  photoIds: readonly string[];
};

export type SendOutcome =
  | { ok: true; version: number; emailed: boolean; already: boolean }
  | { ok: false; blockers: string[]; problems: { reason?: string } };

export const SEND_WORDS = {
  reason: "Say what you corrected: the homeowner reads it with the new version.",
  reasonLong: `What you corrected: at most ${REPORT_LIMITS.reason} characters.`,
  changed: "The report changed while it was being sent. Press Send again.",
  noRequest: "This report's request was erased: it cannot be sent.",
} as const;

class Changed extends Error {}

/** Lets the event loop run between a send's steps, so other requests are answered while a report is frozen. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Reports being sent in this process, by id: a send that finds one running waits for it and shares its answer. */
const running = new Map<number, Promise<SendOutcome>>();

export function sendReport(ctx: SendContext, v: VisitReport, input: SendInput): Promise<SendOutcome> {
  const reportId = v.report?.id;
  if (reportId === undefined) return Promise.resolve(refused(blockersOf(ctx, v, undefined, input)));
  const current = running.get(reportId);
  if (current) return current.then((o) => (o.ok ? { ...o, already: true } : o));
  const sending = sendOnce(ctx, v, reportId, input).finally(() => running.delete(reportId));
  running.set(reportId, sending);
  return sending;
}

const refused = (blockers: string[], problems: { reason?: string } = {}): SendOutcome => ({
  ok: false,
  blockers,
  problems,
});

function blockersOf(ctx: SendContext, v: VisitReport, report: ReportRow | undefined, input: SendInput): string[] {
  const { store } = ctx;
  return sendRefusals(
    {
      report,
      findings: report ? store.reports.findings(report.id) : [],
      photos: report ? store.reportPhotos.ofReport(report.id) : [],
      flues: v.flues,
      words: ctx.words(),
    },
    input.photoIds,
  );
}

async function sendOnce(ctx: SendContext, v: VisitReport, reportId: number, input: SendInput): Promise<SendOutcome> {
  const { store } = ctx;
  const report = store.reports.get(reportId);
  const blockers = blockersOf(ctx, v, report, input);
  if (!report || blockers.length > 0) return refused(blockers);
  const last = store.reportVersions.versions(report.id).at(-1);
  if (last && last.rev === report.rev) return { ok: true, version: last.version, emailed: false, already: true };
  const reason = last ? input.reason.trim() : null;
  if (reason === "") return refused([], { reason: SEND_WORDS.reason });
  if (reason && reason.length > REPORT_LIMITS.reason) return refused([], { reason: SEND_WORDS.reasonLong });
  const lead = report.estimate_id === null ? undefined : store.get(report.estimate_id);
  if (!lead) return refused([SEND_WORDS.noRequest]);
  await turn();

  const sentAt = ctx.now().toISOString();
  const snapshot = buildSnapshot({
    report,
    findings: store.reports.findings(report.id),
    photos: store.reportPhotos.ofReport(report.id).filter((p) => p.stored_at !== null),
    flues: v.flues,
    words: ctx.words(),
    page: ctx.pageWords().page,
    business: ctx.business(),
    customer: { name: lead.name, street: v.visit.street, town: v.visit.town },
    visitDay: v.visit.day,
    version: (last?.version ?? 0) + 1,
    reason,
    sentAt,
    timeZone: ctx.timeZone,
  });
  await turn();
  const { body, sha256 } = snapshotBytes(snapshot);
  const pdf = await ctx.draw({ snapshot, sha256, photos: await pdfPhotos(store.reportPhotos, report.id, snapshot) });
  const shown = new Set(snapshot.findings.map((f) => f.findingId));
  const photoIds = store.reportPhotos
    .ofReport(report.id)
    .filter((p) => p.stored_at !== null && shown.has(p.finding_id))
    .map((p) => p.id);
  try {
    // The commit's fsync (a PDF of a few MB in the WAL) on libuv's thread pool, not the event loop
    // (server/db/durable-commit.ts); the answer waits for it, and the outbox sends nothing before it.
    return await store.durable.commit(() =>
      store.reports.transaction(() => {
        // Nothing may have changed while the PDF was drawn: the version is the draft it shows.
        const now = store.reports.get(report.id);
        const lastNow = store.reportVersions.versions(report.id).at(-1);
        if (now?.rev !== report.rev || lastNow?.version !== last?.version) throw new Changed();
        const { version } = store.reportVersions.freeze({
          reportId: report.id,
          snapshot: body,
          sha256,
          pdf,
          pdfSha256: sha256Hex(pdf),
          reason,
          rev: report.rev,
          photoIds,
          sentAt,
        });
        const emailed =
          ctx.mail && report.estimate_id !== null
            ? store.enqueue(report.estimate_id, "report-sent", lead.email, {
                key: `report-sent:${report.id}:${version}`,
              })
            : false;
        return { ok: true as const, version, emailed, already: false };
      }),
    );
  } catch (error) {
    if (error instanceof Changed) return refused([SEND_WORDS.changed]);
    throw error;
  }
}
