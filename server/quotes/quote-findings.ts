// A quote made from a condition report's findings (issue 66, decisions 0032 and 0054): the lines the owner chose are
// added to his request's draft (a new draft when it has none) from his presets, each remembering its finding
// (quote_line_findings) and the report version it was made from; each finding he left out keeps his reason
// (quote_finding_skips); the finding's photo is copied onto the quote so the homeowner's page shows it beside the
// line. Sending freezes, on each such line, the finding's number as the report prints it and that photo, so the
// homeowner's page reads "from finding 3" from the frozen version alone. Amounts stay the preset's integer cents,
// totalled by quoteTotals like every other line.
import { randomInt } from "node:crypto";
import { sha256Hex } from "../documents/canonical-json.ts";
import type { QuoteRow } from "../store/quotes.ts";
import { MAX_LINES } from "./document.ts";
import { quotedFindings } from "./quote-finding-refs.ts";
import { draftOf, row, type QuoteContext } from "./quote-context.ts";
import { draftFor, saveDraft } from "./quote-drafts.ts";
import { QuoteRefusal } from "./quote-refusal.ts";
import { lineFromPreset } from "./quote-words.ts";

/** A finding to quote: its preset, the report version it was made from (null while unsent), its photo's copies. */
export type FindingLine = {
  findingId: number;
  preset: string;
  versionId: number | null;
  photo: { jpeg: Buffer; preview: Buffer; width: number; height: number } | null;
};

export type FindingSkip = { findingId: number; reason: string };

function newId(): string {
  return randomInt(36 ** 6, 36 ** 7).toString(36);
}

/** The request's draft quote (one never sent), the newest; null when it has none. */
export function requestDraft(ctx: QuoteContext, estimateId: number): QuoteRow | null {
  return (
    ctx.quotes
      .forEstimate(estimateId)
      .filter((q) => q.status === "draft")
      .at(-1) ?? null
  );
}

/**
 * Adds the chosen findings' lines to the request's draft (made when it has none) and keeps the reasons of those left
 * out, in one IMMEDIATE transaction: all of it or none. A finding already on the draft is not added twice. Returns
 * the quote and how many lines were added.
 */
export function addFindingLines(
  ctx: QuoteContext,
  estimateId: number,
  lines: readonly FindingLine[],
  skips: readonly FindingSkip[],
): { quoteId: number; added: number } {
  const { db, quotes, store } = ctx;
  const presets = ctx.words().presets;
  return db
    .transaction(() => {
      const q = requestDraft(ctx, estimateId) ?? draftFor(ctx, estimateId, { origin: "report" });
      const draft = draftOf(row(ctx, q.id));
      const already = quotedFindings(ctx, q.id, draft);
      const first = draft.options[0];
      if (!first) throw new QuoteRefusal(409, "This draft has no option to add lines to.");
      let added = 0;
      for (const line of lines) {
        if (already.has(line.findingId)) continue;
        const preset = presets.find((p) => p.key === line.preset);
        if (!preset) throw new QuoteRefusal(400, "That quote line is no longer in your presets.", "preset");
        if (first.lines.length >= MAX_LINES)
          throw new QuoteRefusal(409, `A quote takes at most ${MAX_LINES} lines an option.`);
        const lineId = newId();
        first.lines.push(lineFromPreset(preset, lineId));
        store.reportQuoteLines.link(q.id, lineId, line.findingId, line.versionId);
        store.reportQuoteLines.unskip(q.id, line.findingId);
        if (line.photo) quotes.addPhoto(q.id, { sha256: sha256Hex(line.photo.jpeg), ...line.photo });
        added += 1;
      }
      for (const skip of skips)
        if (!already.has(skip.findingId)) store.reportQuoteLines.skip(q.id, skip.findingId, skip.reason);
      saveDraft(ctx, q.id, draft);
      quotes.addEvent(q.id, null, "lines from findings", `${added} from the condition report`);
      return { quoteId: q.id, added };
    })
    .immediate();
}
