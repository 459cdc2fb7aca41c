// What happened in the owner console, when, and from which address: sign-ins (and failed attempts), sign-outs, and
// every change. Entries about one request go with it when it is erased; an erasure itself is logged without the
// address that was erased.
import type Database from "better-sqlite3";
import type { Clock } from "./secrets.ts";

export type AuditRow = {
  id: number;
  at: string;
  event: string;
  detail: string;
  ip: string | null;
  estimate_id: number | null;
};

export function openAuditLog(db: Database.Database, now: Clock = () => new Date()) {
  const insert = db.prepare("INSERT INTO owner_audit (at, event, detail, ip, estimate_id) VALUES (?, ?, ?, ?, ?)");
  const recent = db.prepare<[number], AuditRow>("SELECT * FROM owner_audit ORDER BY id DESC LIMIT ?");
  const forLead = db.prepare<[number], AuditRow>("SELECT * FROM owner_audit WHERE estimate_id = ? ORDER BY id");
  const firstStatus = db.prepare<[], { estimate_id: number; at: string }>(
    "SELECT estimate_id, min(at) AS at FROM owner_audit WHERE event = 'status' AND estimate_id IS NOT NULL GROUP BY estimate_id",
  );
  return {
    /** Each request's first status change made in the console (or by a one-tap link), by request id. */
    firstStatusChanges(): Map<number, string> {
      return new Map(firstStatus.all().map((r) => [r.estimate_id, r.at]));
    },
    log(
      event: string,
      {
        detail = "",
        ip = null,
        estimateId = null,
      }: { detail?: string; ip?: string | null; estimateId?: number | null } = {},
    ) {
      insert.run(now().toISOString(), event, detail.slice(0, 500), ip, estimateId);
    },
    recent(limit = 50): AuditRow[] {
      return recent.all(limit);
    },
    forLead(estimateId: number): AuditRow[] {
      return forLead.all(estimateId);
    },
  };
}

export type AuditLog = ReturnType<typeof openAuditLog>;
