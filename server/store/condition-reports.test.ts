// Condition reports in the store (migration 22, decision 0054): the schema's lists are the code's, a visit has one
// report however often it is opened, the schema refuses a Watch without its trigger and day, photos are one row per
// phone id (named first or stored first, never twice, at most 3 a finding), and a sent version can be neither
// changed nor deleted: a correction is version 2 with its reason, and its photos stay.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { MIGRATIONS } from "../db/migrations.ts";
import { FINDING_STATES, REPORT_PARTS, ROOF_ACCESS, WEATHER } from "../../app/content/condition-report.ts";
import { seedVisitIn, type SeededVisit } from "../../tests/support/seed-report.ts";
import type { ReportPhotoCopies } from "./report-photos.ts";

let dir: string;
let store: EstimateStore;
let seeded: SeededVisit;
const clock = new Date("2027-03-16T15:00:00Z");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "reports-"));
  store = openEstimateStore({ dataDir: dir, now: () => clock });
  seeded = seedVisitIn(store);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const hex = (c: string) => c.repeat(64);
const copies = (c = "a"): ReportPhotoCopies => ({
  uploadSha256: hex(c),
  sha256: hex("e"),
  bytesIn: 10,
  width: 4,
  height: 3,
  evidence: Buffer.from("evidence"),
  page: Buffer.from("page"),
  pdf: Buffer.from("pdf"),
  thumb: Buffer.from("thumb"),
});
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function openReport() {
  return store.reports.open({ id: seeded.visitId, estimate_id: seeded.estimateId }, seeded.propertyId);
}

function savedRepair(reportId: number) {
  const finding = store.reports.ensureFinding(reportId, seeded.flueIds[0] ?? null, "crown");
  store.reports.saveFinding(finding, {
    state: "repair",
    doNotUse: false,
    defect: "cracked",
    note: "Cracks right across.",
    worseIf: "",
    recheckDay: null,
    notInspectedWhy: "",
  });
  return finding;
}

function freeze(reportId: number, photoIds: number[], reason: string | null = null) {
  return store.reportVersions.freeze({
    reportId,
    snapshot: '{"v":1}',
    sha256: hex("1"),
    pdf: Buffer.from("%PDF"),
    pdfSha256: hex("2"),
    reason,
    rev: store.reports.get(reportId)?.rev ?? 0,
    photoIds,
    linkHash: `${hex("3").slice(0, 60)}${photoIds.length}${reason ? "r" : "f"}00`.slice(0, 64),
  });
}

describe("the schema", () => {
  const sql = MIGRATIONS.find((m) => m.version === 22)?.up ?? "";
  const listAfter = (column: string) => {
    const match = new RegExp(
      `${column} (?:TEXT NOT NULL |TEXT )?CHECK \\((?:${column} IS NULL OR )?${column} IN \\(([^)]*)\\)`,
    ).exec(sql);
    return [...(match?.[1] ?? "").matchAll(/'([^']+)'/g)].map((m) => m[1]);
  };
  it("lists the parts, states, weather and roof access the code knows, in its order", () => {
    expect(listAfter("part")).toEqual([...REPORT_PARTS]);
    expect(listAfter("state")).toEqual([...FINDING_STATES]);
    expect(listAfter("weather")).toEqual([...WEATHER]);
    expect(listAfter("roof_access")).toEqual([...ROOF_ACCESS]);
  });
});

describe("a report and its findings", () => {
  it("is one per visit, however often it is opened", () => {
    const first = openReport();
    const second = openReport();
    expect(second.id).toBe(first.id);
    expect(store.reports.forVisit(seeded.visitId)?.property_id).toBe(seeded.propertyId);
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM condition_reports").get()).toEqual({ n: 1 });
  });

  it("raises its rev with each save, and a finding's part is one row per flue", () => {
    const report = openReport();
    const a = store.reports.ensureFinding(report.id, seeded.flueIds[0] ?? null, "crown");
    const b = store.reports.ensureFinding(report.id, seeded.flueIds[0] ?? null, "crown");
    expect(b.id).toBe(a.id);
    expect(a.state).toBeNull();
    savedRepair(report.id);
    expect(store.reports.get(report.id)?.rev).toBe(1);
    expect(store.reports.finding(a.id)).toMatchObject({ state: "repair", defect: "cracked", rev: 1 });
  });

  it("refuses a Watch without what makes it worse or a day, and Do not use on a Good part", () => {
    const report = openReport();
    const finding = store.reports.ensureFinding(report.id, seeded.flueIds[0] ?? null, "mortar");
    const fields = {
      state: "watch" as const,
      doNotUse: false,
      defect: null,
      note: "",
      worseIf: "",
      recheckDay: "2028-03-01",
      notInspectedWhy: "",
    };
    expect(() => store.reports.saveFinding(finding, fields)).toThrow(/CHECK constraint failed/);
    expect(() => store.reports.saveFinding(finding, { ...fields, worseIf: "Water", recheckDay: null })).toThrow(
      /CHECK constraint failed/,
    );
    expect(() => store.reports.saveFinding(finding, { ...fields, state: "good", doNotUse: true })).toThrow(
      /CHECK constraint failed/,
    );
    expect(() => store.reports.saveFinding(finding, { ...fields, state: "not-inspected" })).toThrow(
      /CHECK constraint failed/,
    );
    store.reports.saveFinding(finding, { ...fields, worseIf: "Another winter of water getting in" });
    expect(store.reports.finding(finding.id)?.state).toBe("watch");
  });
});

describe("photos by the phone's id", () => {
  it("are named by a saved finding, then filled once by their upload", () => {
    const report = openReport();
    const finding = savedRepair(report.id);
    expect(store.reportPhotos.name(report.id, finding.id, id(1))).toBe("named");
    expect(store.reportPhotos.name(report.id, finding.id, id(1))).toBe("known");
    expect(store.reportPhotos.waiting(report.id).map((p) => p.client_id)).toEqual([id(1)]);
    const stored = store.reportPhotos.store(report.id, finding.id, id(1), copies());
    expect(stored.kind).toBe("stored");
    const again = store.reportPhotos.store(report.id, finding.id, id(1), copies("b"));
    expect(again).toMatchObject({ kind: "already", row: { upload_sha256: hex("a") } });
    expect(store.reportPhotos.waiting(report.id)).toEqual([]);
    expect(store.reportPhotos.ofReport(report.id)).toHaveLength(1);
    expect(store.reportPhotos.bytes(stored.kind === "stored" ? stored.row : { id: 0 }, "thumb")?.toString()).toBe(
      "thumb",
    );
  });

  it("are at most 3 a finding, and an id is never moved to another finding", () => {
    const report = openReport();
    const finding = savedRepair(report.id);
    for (const n of [1, 2, 3])
      expect(store.reportPhotos.store(report.id, finding.id, id(n), copies()).kind).toBe("stored");
    expect(store.reportPhotos.store(report.id, finding.id, id(4), copies()).kind).toBe("full");
    expect(store.reportPhotos.name(report.id, finding.id, id(5))).toBe("full");
    const other = store.reports.ensureFinding(report.id, seeded.flueIds[0] ?? null, "cap");
    expect(store.reportPhotos.store(report.id, other.id, id(1), copies()).kind).toBe("elsewhere");
    expect(store.reportPhotos.name(report.id, other.id, id(1))).toBe("elsewhere");
    expect(() =>
      store.db
        .prepare("INSERT INTO report_photos (client_id, report_id, finding_id, named_at) VALUES (?, ?, ?, ?)")
        .run(id(9), report.id, finding.id, clock.toISOString()),
    ).toThrow(/at most 3 photos/);
  });

  it("never change once stored", () => {
    const report = openReport();
    const finding = savedRepair(report.id);
    store.reportPhotos.store(report.id, finding.id, id(1), copies());
    expect(() => store.db.prepare("UPDATE report_photos SET width = 1 WHERE client_id = ?").run(id(1))).toThrow(
      /never changes/,
    );
    // Its copies are rows of their own (migration 24), as unchangeable as the photo.
    const photoId = store.reportPhotos.byClientId(id(1))?.id;
    expect(
      store.db.prepare("SELECT size FROM report_photo_copies WHERE photo_id = ? ORDER BY size").pluck().all(photoId),
    ).toEqual(["page", "pdf", "thumb"]);
    expect(() => store.db.prepare("UPDATE report_photo_copies SET bytes = x'00'").run()).toThrow(/never changes/);
  });
});

describe("a sent version", () => {
  it("is frozen: the database refuses to change or delete it, its PDF, its photos or the report", () => {
    const report = openReport();
    const finding = savedRepair(report.id);
    const stored = store.reportPhotos.store(report.id, finding.id, id(1), copies());
    const photoId = stored.kind === "stored" ? stored.row.id : 0;
    const { versionId, version } = freeze(report.id, [photoId]);
    expect(version).toBe(1);
    expect(store.reports.get(report.id)).toMatchObject({ current_version: 1, first_sent_at: clock.toISOString() });
    const db = store.db;
    expect(() => db.prepare("UPDATE report_versions SET snapshot = '{}' WHERE id = ?").run(versionId)).toThrow(
      /never changes/,
    );
    expect(() => db.prepare("DELETE FROM report_versions WHERE id = ?").run(versionId)).toThrow(/kept 14 years/);
    expect(() => db.prepare("UPDATE report_documents SET pdf = x'00'").run()).toThrow(/never changes/);
    expect(() => db.prepare("DELETE FROM report_documents").run()).toThrow(/kept 14 years/);
    expect(() => db.prepare("DELETE FROM report_version_photos").run()).toThrow(/kept 14 years/);
    expect(store.reportVersions.photoIds(versionId)).toEqual([photoId]);
    expect(store.reportPhotos.remove(report.id, id(1))).toBe("sent");
    expect(() => db.prepare("DELETE FROM report_photos WHERE id = ?").run(photoId)).toThrow(/is kept/);
    expect(() => db.prepare("DELETE FROM report_photo_copies WHERE photo_id = ?").run(photoId)).toThrow(/is kept/);
    // Whichever of its rows the cascade reaches first refuses (its photos' copies, since migration 24, or its version).
    const kept = /kept 14 years|photo of a sent condition report is kept/;
    expect(() => db.prepare("DELETE FROM condition_reports WHERE id = ?").run(report.id)).toThrow(kept);
    expect(() => db.prepare("DELETE FROM estimates WHERE id = ?").run(seeded.estimateId)).toThrow(kept);
  });

  it("is corrected by version 2 with its reason, never without one, and only once every photo has arrived", () => {
    const report = openReport();
    const finding = savedRepair(report.id);
    freeze(report.id, []);
    expect(() => freeze(report.id, [])).toThrow(/CHECK constraint failed/);
    store.reportPhotos.name(report.id, finding.id, id(2));
    const waiting = store.reportPhotos.byClientId(id(2))?.id ?? 0;
    expect(() => freeze(report.id, [waiting], "The crown's photo was missing")).toThrow(/every photo/);
    expect(freeze(report.id, [], "The crown's note named the wrong side").version).toBe(2);
    expect(store.reportVersions.versions(report.id).map((v) => [v.version, v.reason])).toEqual([
      [1, null],
      [2, "The crown's note named the wrong side"],
    ]);
    expect(() =>
      store.db
        .prepare(
          `INSERT INTO report_versions (report_id, version, snapshot, sha256, pdf_sha256, reason, rev, sent_at)
           VALUES (?, 5, '{}', ?, ?, 'skip', 0, ?)`,
        )
        .run(report.id, hex("1"), hex("2"), clock.toISOString()),
    ).toThrow(/follows the one before it/);
  });

  it("is opened by its link until the link is rotated, and a PDF must be the one its version names", () => {
    const report = openReport();
    const { versionId } = freeze(report.id, []);
    const [link] = store.db.prepare<[], { token_hash: string }>("SELECT token_hash FROM report_links").all();
    expect(store.reportVersions.byLink(link?.token_hash ?? "")).toMatchObject({ version: 1, report_id: report.id });
    store.reportVersions.rotateLink(versionId, hex("9"));
    expect(store.reportVersions.byLink(link?.token_hash ?? "")).toBeUndefined();
    expect(store.reportVersions.byLink(hex("9"))?.version_id).toBe(versionId);
    expect(store.reportVersions.document(versionId)?.sha256).toBe(hex("2"));
  });

  it("outlives its request's erasure, detached; an unsent report goes with the request", () => {
    const sent = openReport();
    freeze(sent.id, []);
    const other = seedVisitIn(store, { day: "2027-03-17" });
    const draft = store.reports.open({ id: other.visitId, estimate_id: other.estimateId }, other.propertyId);
    savedRepair(draft.id);
    expect(store.erase("dana@example.com")).toBe(2);
    expect(store.reports.get(sent.id)).toMatchObject({ estimate_id: null, visit_id: null, current_version: 1 });
    expect(store.reports.get(draft.id)).toBeUndefined();
  });
});
