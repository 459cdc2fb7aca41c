// Erasure and the retention purge. Deleting leaves no copy: secure_delete zeroes the rows, and the write-ahead
// log, which may still hold them, is folded into the file and truncated. An accepted quote is a contract and stays,
// detached from its request, for 10 years after its acceptance (decision 0033); the rest of the request goes.
import type { Db } from "../db/database.ts";
import { ESTIMATE_COLUMNS, type StoredEstimate } from "./types.ts";
import { createImportErasure } from "./import-erasure.ts";

export function createRetentionStore(db: Db) {
  const idsByEmail = db.prepare<[string], { id: number }>("SELECT id FROM estimates WHERE email = ? COLLATE NOCASE");
  const deleteMailTo = db.prepare("DELETE FROM outbox WHERE recipient = ? COLLATE NOCASE");
  const deleteEstimate = db.prepare("DELETE FROM estimates WHERE id = ?");
  // The one change an accepted quote allows (migration 10's trigger): losing its request.
  const detachContracts = db.prepare(
    "UPDATE quotes SET estimate_id = NULL WHERE estimate_id = ? AND status = 'accepted'",
  );
  // A checkout session's address opens Stripe's page with the homeowner's e-mail filled in: it goes, and a session
  // still open is closed here (Pay makes a new one). The payment, its provider's ids and amounts stay with the
  // contract for the books (decision 0040's addendum); Stripe's event ids hold nothing personal and stay.
  const forgetCheckouts = db.prepare(
    `UPDATE checkout_sessions SET url = '', state = CASE state WHEN 'open' THEN 'expired' ELSE state END
     WHERE quote_id IN (SELECT id FROM quotes WHERE estimate_id = ?)`,
  );
  // A job's photos go with the request (their files follow: JobPhotoStore.sweep), except a pair the homeowner
  // consented to that is on the site: it and its consent stay until the owner takes it off (decision 0046).
  const jobsOf = "SELECT j.id FROM jobs j JOIN quotes q ON q.id = j.quote_id WHERE q.estimate_id = ?";
  const forgetPairsOffSite = db.prepare(
    `DELETE FROM job_photo_pairs WHERE state = 'taken-off' AND job_id IN (${jobsOf})`,
  );
  const forgetJobPhotos = db.prepare(
    `DELETE FROM job_photos WHERE job_id IN (${jobsOf}) AND id NOT IN
       (SELECT before_id FROM job_photo_pairs UNION SELECT after_id FROM job_photo_pairs)`,
  );
  // A sent condition report is kept 14 years (decision 0054): detached like a contract; so is one an accepted quote
  // was made from (its lines and "not quoted because" name the findings, and a contract never changes: migration 22's
  // triggers), less its photos no sent version shows and, unsent, its findings the contract does not name. An unsent
  // draft no contract names goes with its request.
  const contractFindings = `SELECT f.id FROM report_findings f
     WHERE f.report_id = condition_reports.id AND (
       f.id IN (SELECT l.finding_id FROM quote_line_findings l JOIN quotes q ON q.id = l.quote_id WHERE q.status = 'accepted')
       OR f.id IN (SELECT s.finding_id FROM quote_finding_skips s JOIN quotes q ON q.id = s.quote_id
                   WHERE q.status = 'accepted'))`;
  const detachSentReports = db.prepare(
    `UPDATE condition_reports SET estimate_id = NULL
     WHERE estimate_id = ? AND (current_version IS NOT NULL OR EXISTS (${contractFindings}))`,
  );
  const contractNamed = (table: string) =>
    `SELECT x.finding_id FROM ${table} x JOIN quotes q ON q.id = x.quote_id WHERE q.status = 'accepted'`;
  const forgetUnsentFindings = db.prepare(
    `DELETE FROM report_findings
     WHERE report_id IN (SELECT id FROM condition_reports WHERE estimate_id = ? AND current_version IS NULL)
       AND id NOT IN (${contractNamed("quote_line_findings")}) AND id NOT IN (${contractNamed("quote_finding_skips")})`,
  );
  const forgetUnsentPhotos = db.prepare(
    `DELETE FROM report_photos WHERE report_id IN (SELECT id FROM condition_reports WHERE estimate_id = ?)
       AND id NOT IN (SELECT photo_id FROM report_version_photos)`,
  );
  // The customer record the request made (decision 0051) goes with it when nothing else holds it: the property made
  // for the request once no request points at it (its flues follow), then the customer the requests made once it has no
  // request, no property and no merged record pointing at it (its contacts follow). The e-mail goes from every customer.
  const forgetRequestProperty = db.prepare(
    `DELETE FROM properties WHERE source = 'request' AND source_id = ?
       AND NOT EXISTS (SELECT 1 FROM estimates e WHERE e.property_id = properties.id)`,
  );
  const emailContacts = db.prepare<[string, string], { id: number }>(
    "SELECT id FROM customer_contacts WHERE kind = 'email' AND (key = lower(trim(?)) OR value = trim(?) COLLATE NOCASE)",
  );
  const imports = createImportErasure(db);
  const forgetEmailContacts = db.prepare(
    "DELETE FROM customer_contacts WHERE kind = 'email' AND (key = lower(trim(?)) OR value = trim(?) COLLATE NOCASE)",
  );
  const forgetBareCustomers = db.prepare(
    `DELETE FROM customers WHERE source = 'request' AND merged_into IS NULL
       AND NOT EXISTS (SELECT 1 FROM estimates e WHERE e.customer_id = customers.id)
       AND NOT EXISTS (SELECT 1 FROM properties p WHERE p.customer_id = customers.id)
       AND NOT EXISTS (SELECT 1 FROM customers m WHERE m.merged_into = customers.id)`,
  );
  const remove = (id: number) => {
    forgetUnsentFindings.run(id);
    forgetUnsentPhotos.run(id);
    detachSentReports.run(id);
    forgetPairsOffSite.run(id);
    forgetJobPhotos.run(id);
    forgetCheckouts.run(id);
    detachContracts.run(id);
    deleteEstimate.run(id);
    forgetRequestProperty.run(String(id));
  };
  const olderThan = db.prepare<[string], StoredEstimate>(
    `SELECT ${ESTIMATE_COLUMNS} FROM estimates WHERE received_at < ? ORDER BY id`,
  );

  function checkpoint() {
    db.pragma("wal_checkpoint(TRUNCATE)");
  }

  return {
    checkpoint,
    /** Removes every request from this address, with its notes and e-mails; returns how many requests went. */
    erase(email: string): number {
      const removed = db.transaction(() => {
        const ids = idsByEmail.all(email);
        deleteMailTo.run(email);
        for (const { id } of ids) remove(id);
        // The imports' memory of the address: the contacts they added with it, waiting dry runs, their summaries.
        const contacts = emailContacts.all(email, email).map((c) => c.id);
        imports.erase({ customers: [], contacts, flues: [], hashes: [], words: [email] });
        forgetEmailContacts.run(email, email);
        forgetBareCustomers.run();
        return ids.length;
      })();
      checkpoint();
      return removed;
    },
    /** One request and what hangs off it, as `erase` removes it (its contracts detached): in the caller's transaction. */
    eraseRequest(id: number): void {
      remove(id);
    },
    /** The e-mails queued or kept to this address: in the caller's transaction. */
    forgetMailTo(email: string): void {
      deleteMailTo.run(email);
    },
    /** Requests received before `before`: listed, or (unless `dryRun`) deleted with their notes and e-mails. */
    purge(before: Date, { dryRun = false }: { dryRun?: boolean } = {}): StoredEstimate[] {
      const old = olderThan.all(before.toISOString());
      if (!dryRun && old.length > 0) {
        db.transaction(() => {
          for (const lead of old) remove(lead.id);
          forgetBareCustomers.run();
        })();
        checkpoint();
      }
      return old;
    },
  };
}
