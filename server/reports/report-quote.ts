// "Make the quote from these findings" on a visit's condition report (issue 66, decision 0054): which findings the
// owner decides on (every Repair now, quoted unless he says why not; every Watch, quoted if he ticks it), the line
// each suggests through the words library's map from part and defect to his presets, and the one POST that puts the
// chosen lines on the request's draft quote (made when there is none) with the reasons for those left out. Only this
// visit's findings: a form naming another report's finding is refused whole.
import {
  choiceProblems,
  findingNumbers,
  isQuoteCandidate,
  QUOTE_FINDING_WORDS,
  suggestedPreset,
  type FindingChoice,
} from "../../app/lib/finding-quote.ts";
import { dayText } from "../quotes/quote-view.ts";
import type { FindingLine, FindingSkip } from "../quotes/quote-findings.ts";
import type { ReportContext, VisitReport } from "./report-draft.ts";
import { flueLabel } from "./report-view.ts";

/** One finding the owner decides on, as the form shows it. */
export type QuoteItem = {
  findingId: number;
  number: number;
  title: string;
  state: "repair" | "watch";
  stateLabel: string;
  doNotUse: boolean;
  /** The id the phone gave its first stored photo (the console's thumbnail), if any. */
  photo: string | null;
  /** The preset the map suggests, or "" when the defect suggests none. */
  preset: string;
  /** Ticked when the page opens: Repair now with a suggested line, unless a reason was kept for leaving it out. */
  quote: boolean;
  /** The reason kept for leaving it out, else for a Watch what the owner usually says. */
  reason: string;
};

export type QuoteFromFindings = {
  /** The request's draft quote, when it has one: the lines are added to it. */
  quoteId: number | null;
  items: QuoteItem[];
  /** Findings already on a live quote of the request: their number and title, and the quote. */
  onQuote: { number: number; title: string; quoteId: number; reference: string }[];
  presets: { key: string; name: string }[];
};

/** What the quote side tells this step: the request's draft, the findings its live quotes have, the reasons kept. */
export type DraftFindings = {
  quoteId: number | null;
  quoted: ReadonlyMap<number, { quoteId: number; reference: string }>;
  skipped: ReadonlyMap<number, string>;
};

/** The findings the quote is made from, with what the page opens with. Reads only. */
export function quoteFromFindings(
  ctx: ReportContext,
  v: VisitReport,
  presets: readonly { key: string; name: string }[],
  onDraft: DraftFindings,
): QuoteFromFindings {
  const report = v.report;
  const empty = { quoteId: onDraft.quoteId, items: [], onQuote: [], presets: [...presets] };
  if (!report) return empty;
  const words = ctx.words();
  const keys = new Set(presets.map((p) => p.key));
  const findings = ctx.stores.reports.findings(report.id);
  const numbers = findingNumbers(
    findings,
    v.flues.map((f) => f.id),
  );
  const flueName = (id: number | null) => {
    const i = v.flues.findIndex((f) => f.id === id);
    const flue = v.flues[i];
    return flue ? flueLabel(flue.label, i) : "";
  };
  const items: QuoteItem[] = [];
  const onQuote: QuoteFromFindings["onQuote"] = [];
  for (const f of findings) {
    const number = numbers.get(f.id);
    if (number === undefined || !isQuoteCandidate(f.state)) continue;
    const part = words.parts[f.part];
    const defect = part.defects.find((d) => d.key === f.defect);
    const title = [
      `${part.name}: ${defect?.name ?? words.states[f.state].label}`,
      v.flues.length > 1 ? flueName(f.flue_id) : "",
    ]
      .filter(Boolean)
      .join(" · ");
    const on = onDraft.quoted.get(f.id);
    if (on) {
      onQuote.push({ number, title, ...on });
      continue;
    }
    const kept = onDraft.skipped.get(f.id);
    const watching =
      f.state === "watch" && f.recheck_day
        ? `We are watching it; we look at it again by ${dayText(f.recheck_day)}.`
        : "";
    const photo = ctx.stores.reportPhotos.ofFinding(f.id).find((p) => p.stored_at !== null);
    const preset = suggestedPreset(words, f.part, f.defect, keys) ?? "";
    items.push({
      findingId: f.id,
      number,
      title,
      state: f.state,
      stateLabel: words.states[f.state].label,
      doNotUse: f.do_not_use === 1,
      photo: photo?.client_id ?? null,
      preset,
      // A Repair now whose defect suggests no line (work outside the services) opens unticked: the owner says why.
      quote: f.state === "repair" && kept === undefined && preset !== "",
      reason: kept ?? watching,
    });
  }
  items.sort((a, b) => a.number - b.number);
  onQuote.sort((a, b) => a.number - b.number);
  return { ...empty, items, onQuote };
}

export type QuoteMade =
  | { ok: true; lines: readonly FindingLine[]; skips: readonly FindingSkip[] }
  | { ok: false; status: 400; problems: Record<string, string> };

/**
 * The owner's choices checked against this visit's findings: the lines to add (each with its finding's photo and
 * the report version it was made from) and the reasons to keep, or the problems at their fields.
 */
export function checkQuoteChoices(
  ctx: ReportContext,
  v: VisitReport,
  view: QuoteFromFindings,
  postedIds: readonly number[],
  choices: readonly FindingChoice[],
): QuoteMade {
  const report = v.report;
  const own = new Set(view.items.map((i) => i.findingId));
  // A finding of another report (or one already on the quote, or not to be quoted) is refused whole: nothing is made.
  if (!report || postedIds.some((id) => !own.has(id)))
    return { ok: false, status: 400, problems: { findings: QUOTE_FINDING_WORDS.foreign } };
  const decided = choices.filter((c) => own.has(c.findingId));
  const problems = choiceProblems(decided, new Set(view.presets.map((p) => p.key)));
  if (decided.length > 0 && !decided.some((c) => c.quote) && view.onQuote.length === 0)
    problems.findings = QUOTE_FINDING_WORDS.none;
  if (Object.keys(problems).length > 0) return { ok: false, status: 400, problems };
  const sent = ctx.stores.reportVersions.versions(report.id).at(-1);
  const lines: FindingLine[] = decided
    .filter((c) => c.quote)
    .map((c) => {
      const photo = ctx.stores.reportPhotos.ofFinding(c.findingId).find((p) => p.stored_at !== null);
      const page = photo ? ctx.stores.reportPhotos.bytes(photo, "page") : null;
      const thumb = photo ? ctx.stores.reportPhotos.bytes(photo, "thumb") : null;
      return {
        findingId: c.findingId,
        preset: c.preset,
        versionId: sent?.id ?? null,
        photo:
          photo && page && thumb
            ? { jpeg: page, preview: thumb, width: photo.width ?? 1, height: photo.height ?? 1 }
            : null,
      };
    });
  const skips = decided.filter((c) => !c.quote).map((c) => ({ findingId: c.findingId, reason: c.reason.trim() }));
  return { ok: true, lines, skips };
}
