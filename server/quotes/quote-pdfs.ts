// A quote's PDFs: as sent and as accepted, made from the frozen version and kept once, and the worker that draws
// them (server/documents/pdf-in-worker.ts, with this folder's pdf-worker.ts).
import { sha256Hex } from "../documents/canonical-json.ts";
import { createPdfMaker, type PdfMaker } from "../documents/pdf-in-worker.ts";
import type { QuoteRow, VersionRow } from "../store/quotes.ts";
import { readVersion, type QuoteVersion } from "./document.ts";
import type * as PdfModuleType from "./pdf.ts";
import type { PdfInput } from "./pdf.ts";
import { choiceOf } from "./quote-view.ts";
import { row, type QuoteContext } from "./quote-context.ts";
import { find } from "./quote-link.ts";
import { QuoteRefusal } from "./quote-refusal.ts";

export type QuotePdfMaker = PdfMaker<PdfInput>;

/** Quote PDFs drawn in a worker thread, started on the first one. */
export function createQuotePdfMaker(): QuotePdfMaker {
  return createPdfMaker<PdfInput>({
    script: {
      compiled: new URL("./pdf-worker.js", import.meta.url),
      source: new URL("./pdf-worker.ts", import.meta.url),
    },
    message: (input) => ({ ...input, photos: [...input.photos] }),
  });
}

type PdfModule = typeof PdfModuleType;
let pdfModule: Promise<PdfModule> | null = null;
/** pdfkit is loaded on the first PDF (about 30 MB), not at start: a site that sends no quotes never pays for it. */
const loadPdf = () => (pdfModule ??= import("./pdf.ts"));

/** Makes and stores a PDF after the transaction that needed it, off the request's path; failures are logged. */
export function keepPdfLater(ctx: QuoteContext, quoteId: number, versionNumber: number, kind: "sent" | "accepted") {
  const { quotes } = ctx;
  const failed = (error: unknown) =>
    console.error(`A quote's PDF was not made: ${error instanceof Error ? error.message : String(error)}`);
  setImmediate(() => {
    try {
      const q = quotes.get(quoteId);
      const v = q ? quotes.version(q.id, versionNumber) : undefined;
      if (q && v) pdf(ctx, q, v, kind).catch(failed);
    } catch (error) {
      failed(error);
    }
  });
}

function photoMap({ quotes }: QuoteContext, quoteId: number, version: QuoteVersion): Map<string, Buffer> {
  const map = new Map<string, Buffer>();
  for (const p of version.photos) {
    const bytes = quotes.photo(quoteId, p.sha256, "preview");
    if (bytes) map.set(p.sha256, bytes);
  }
  return map;
}

/**
 * A version's PDF as sent, or as accepted: made from the frozen version and stored when its e-mail is composed,
 * then always the same bytes. A download (a GET) reads the stored one, or makes the same bytes without storing them:
 * a GET writes nothing.
 */
export async function pdf(
  ctx: QuoteContext,
  q: QuoteRow,
  versionRow: VersionRow,
  kind: "sent" | "accepted",
  { keep = true }: { keep?: boolean } = {},
): Promise<Buffer> {
  const { quotes, pdfs } = ctx;
  const stored = quotes.document(versionRow.id, kind);
  if (stored) return stored.pdf;
  const version = readVersion(versionRow.body, versionRow.sha256);
  const acceptance = kind === "accepted" ? quotes.acceptance(q.id) : undefined;
  if (kind === "accepted" && !acceptance) throw new QuoteRefusal(404, "");
  const draw = pdfs
    ? (input: PdfInput) => pdfs.make(input)
    : async (input: PdfInput) => (await loadPdf()).quotePdf(input);
  const bytes = await draw({
    version,
    sha256: versionRow.sha256,
    photos: photoMap(ctx, q.id, version),
    ...(acceptance
      ? {
          acceptance: {
            name: acceptance.name,
            at: acceptance.at,
            method: acceptance.method,
            choice: choiceOf(version, acceptance.option_key, JSON.parse(acceptance.addon_keys) as string[]) ?? {
              option: 0,
              addons: [],
            },
            ip: acceptance.ip,
            userAgent: acceptance.user_agent,
            linkHash: acceptance.link_hash,
            consentVersion: acceptance.consent_version,
            pamphletAcknowledged: acceptance.pamphlet_acknowledged === 1,
            recordSha256: acceptance.record_sha256,
          },
        }
      : {}),
  });
  if (!keep) return bytes;
  quotes.addDocument(q.id, versionRow.id, kind, bytes, sha256Hex(bytes));
  return quotes.document(versionRow.id, kind)?.pdf ?? bytes;
}

/** The PDF a link may download: the accepted one once accepted, else the current version's. */
export async function pdfForLink(
  ctx: QuoteContext,
  token: string | undefined,
): Promise<{ pdf: Buffer; name: string } | null> {
  const found = find(ctx, token);
  if (!found) return null;
  const { quote: q, current } = found;
  const kind = q.status === "accepted" ? "accepted" : "sent";
  return {
    pdf: await pdf(ctx, q, current.row, kind, { keep: false }),
    name: `${q.reference}-v${current.version.version}${kind === "accepted" ? "-accepted" : ""}.pdf`,
  };
}

/** The owner's PDF of any version (the accepted one when it is the accepted version). */
export async function pdfForOwner(
  ctx: QuoteContext,
  quoteId: number,
  versionNumber: number,
): Promise<{ pdf: Buffer; name: string }> {
  const { quotes } = ctx;
  const q = row(ctx, quoteId);
  const v = quotes.version(q.id, versionNumber);
  if (!v) throw new QuoteRefusal(404, "There is no such version.");
  const accepted = quotes.acceptance(q.id)?.version_id === v.id;
  return {
    pdf: await pdf(ctx, q, v, accepted ? "accepted" : "sent", { keep: false }),
    name: `${q.reference}-v${v.version}${accepted ? "-accepted" : ""}.pdf`,
  };
}
