// What a sent quote freezes of the findings its lines were made from (issue 66, decision 0054): for each such line,
// the finding's number as its report prints it ("from finding 3") and the photo the homeowner's page shows beside
// it. Reads only: a preview and a send freeze the same thing.
import { findingNumbers } from "../../app/lib/finding-quote.ts";
import { sha256Hex } from "../documents/canonical-json.ts";
import type { Draft, FindingRef } from "./document.ts";
import type { QuoteContext } from "./quote-context.ts";

/** The findings a quote's draft has lines for (a line removed in the editor no longer counts), by finding id. */
export function quotedFindings(ctx: QuoteContext, quoteId: number, draft: Draft): Map<number, string> {
  const lineIds = new Set(draft.options.flatMap((o) => o.lines.map((l) => l.id)));
  for (const a of draft.addons) lineIds.add(a.id);
  const found = new Map<number, string>();
  for (const link of ctx.store.reportQuoteLines.lines(quoteId))
    if (lineIds.has(link.line_id)) found.set(link.finding_id, link.line_id);
  return found;
}

/**
 * What a version freezes on each line made from a finding: the finding's number on its report and the photo shown
 * beside it (the first of the finding's photos the quote holds a copy of). Reads only.
 */
export function findingRefs(ctx: QuoteContext, quoteId: number, draft: Draft): Map<string, FindingRef> {
  const { store, quotes } = ctx;
  const refs = new Map<string, FindingRef>();
  const quoted = quotedFindings(ctx, quoteId, draft);
  // Most quotes are made by hand: one indexed read, nothing more.
  if (quoted.size === 0) return refs;
  const onQuote = new Map(quotes.photos(quoteId).map((p) => [p.sha256, p]));
  const byReport = new Map<number, Map<number, number>>();
  for (const [findingId, lineId] of quoted) {
    const finding = store.reports.finding(findingId);
    const report = finding ? store.reports.get(finding.report_id) : undefined;
    if (!finding || !report) continue;
    let numbers = byReport.get(report.id);
    if (!numbers) {
      const flues = report.property_id === null ? [] : store.flues.ofProperties([report.property_id]);
      numbers = findingNumbers(
        store.reports.findings(report.id),
        flues.map((f) => f.id),
      );
      byReport.set(report.id, numbers);
    }
    const number = numbers.get(findingId);
    if (number === undefined) continue;
    const photo = store.reportPhotos.ofFinding(findingId).flatMap((p) => {
      const page = p.stored_at ? store.reportPhotos.bytes(p, "page") : null;
      const held = page ? onQuote.get(sha256Hex(page)) : undefined;
      return held ? [{ sha256: held.sha256, width: held.width, height: held.height }] : [];
    })[0];
    refs.set(lineId, { number, photo: photo ?? null });
  }
  return refs;
}
