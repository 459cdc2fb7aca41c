// The homeowner's condition report page as data (decision 0054): the version the link opens (or a later one of the
// same report, asked for with ?v=), its frozen snapshot and hash, and whether a newer version exists, with when and
// why it was sent. Everything the page prints comes from the snapshot: a sent version reads the same for ever.
import type { EstimateStore } from "../requests/estimate-store.ts";
import { instantText } from "../time/wall-time.ts";
import { chosenVersion, versionOf, type FoundReport } from "./report-link.ts";
import type { ReportSnapshot } from "./report-snapshot.ts";

export type ReportPage = {
  snapshot: ReportSnapshot;
  sha256: string;
  /** The version shown, and the one the link was sent with. */
  shown: number;
  linkVersion: number;
  sentAt: string;
  /** The newest version, when it is newer than the one shown. */
  newer: { version: number; sentAt: string; reason: string | null } | null;
};

export function reportPage(store: EstimateStore, found: FoundReport, asked: string | null): ReportPage | null {
  const shown = chosenVersion(found, asked);
  const frozen = versionOf(store, found, shown);
  if (!frozen) return null;
  const { snapshot } = frozen;
  const newest = found.versions.at(-1);
  return {
    snapshot,
    sha256: frozen.row.sha256,
    shown,
    linkVersion: found.linkVersion,
    sentAt: instantText(snapshot.sentAt, snapshot.timeZone),
    newer:
      newest && newest.version > shown
        ? {
            version: newest.version,
            sentAt: instantText(newest.sent_at, snapshot.timeZone),
            reason: newest.reason,
          }
        : null,
  };
}

/** The PDF of the version a request asks for: the stored bytes, never drawn again. */
export function reportPdfFile(
  store: EstimateStore,
  found: FoundReport,
  asked: string | null,
): { pdf: Buffer; name: string } | null {
  const shown = chosenVersion(found, asked);
  const row = store.reportVersions.version(found.reportId, shown);
  const document = row ? store.reportVersions.document(row.id) : undefined;
  return document ? { pdf: document.pdf, name: `chimney-condition-report-v${shown}.pdf` } : null;
}

/** A photo a sent version of this report shows, as served: "<sha256>" the 1600 px copy, "<sha256>-small" 480 px. */
export function reportPhotoBytes(store: EstimateStore, found: FoundReport, param: string | undefined): Buffer | null {
  const match = /^([0-9a-f]{64})(-small)?$/.exec(param ?? "");
  const row = match ? store.reportSends.sentPhoto(found.reportId, match[1] ?? "") : undefined;
  return row ? store.reportPhotos.bytes(row, match?.[2] ? "thumb" : "page") : null;
}
