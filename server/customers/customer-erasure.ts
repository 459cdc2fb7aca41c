// Erasing a customer (issue 65, item 7; decision 0052's "Erasing a customer"): the person goes everywhere, in one
// transaction. Their merge group's records, e-mails, phones and notes; their places with their flues; every request on
// them or from one of their e-mails, as the console's Erase removes a request (its message, photos, notes, visits and
// e-mails; a job's photos except a consented pair on the site; decision 0033); their reminders' and campaigns'
// addresses and words. What the books need stays: an accepted quote is a contract, detached from its request with its
// invoices and payments, and kept its 10 years (longer than Illinois' 3½ years for records of receipts). Each e-mail and
// phone stays on the suppression list as its keyed hash alone, so an erased person is never mailed again, even when a
// later import brings them back. Then the deleted rows are zeroed and the write-ahead log folded in (secure_delete).
import { emailKey, phoneKey } from "./contact-keys.ts";
import { addressKeys, type AddressKind } from "../marketing/address-keys.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import { createImportErasure } from "../store/import-erasure.ts";

/** What erasing a customer removes and keeps, counted for the owner before he confirms. */
export type ErasurePreview = {
  /** Their requests (on them, or from one of their e-mails): removed with all that hangs off them. */
  requests: number;
  /** Their records: the customer, those merged into them, and any other holding one of their e-mails. */
  customers: number;
  /** Their places (each with its flues). */
  places: number;
  /** Their different e-mails and phones: removed, each kept as a hash on the do-not-mail list. */
  addresses: number;
  /** Accepted quotes (contracts) on those requests: kept with their invoices and payments. */
  contracts: number;
  /** Before-and-after pairs of their jobs on the site with their consent: kept until the owner takes them off. */
  photosOnSite: number;
  /** Condition reports kept, detached: sent to them (decision 0054), or a signed quote was made from (its findings). */
  reportsKept: number;
};

const json = (values: readonly (number | string)[]) => JSON.stringify(values);

export function createCustomerErasure(store: EstimateStore) {
  const { db } = store;
  const requestsStmt = db.prepare<
    [{ group: string; emails: string }],
    { id: number; name: string; email: string; phone: string }
  >(
    `SELECT id, name, email, phone FROM estimates
     WHERE customer_id IN (SELECT value FROM json_each(@group))
        OR lower(trim(email)) IN (SELECT value FROM json_each(@emails))
     ORDER BY id`,
  );
  const contractsStmt = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM quotes
     WHERE status = 'accepted' AND estimate_id IN (SELECT value FROM json_each(?))`,
  );
  const onSiteStmt = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM job_photo_pairs p JOIN jobs j ON j.id = p.job_id JOIN quotes q ON q.id = j.quote_id
     WHERE p.state != 'taken-off' AND q.estimate_id IN (SELECT value FROM json_each(?))`,
  );
  const reportsKeptStmt = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM condition_reports r WHERE r.estimate_id IN (SELECT value FROM json_each(?))
       AND (r.current_version IS NOT NULL OR EXISTS (
         SELECT 1 FROM report_findings f JOIN (SELECT finding_id, quote_id FROM quote_line_findings
           UNION ALL SELECT finding_id, quote_id FROM quote_finding_skips) x ON x.finding_id = f.id
         JOIN quotes q ON q.id = x.quote_id WHERE f.report_id = r.id AND q.status = 'accepted'))`,
  );
  const unmergeStmt = db.prepare(
    "UPDATE customers SET merged_into = NULL WHERE id IN (SELECT value FROM json_each(?))",
  );
  const deletePlacesStmt = db.prepare("DELETE FROM properties WHERE customer_id IN (SELECT value FROM json_each(?))");
  const deleteCustomersStmt = db.prepare("DELETE FROM customers WHERE id IN (SELECT value FROM json_each(?))");

  const fluesStmt = db.prepare<[string], { id: number }>(
    `SELECT id FROM flues WHERE property_id IN
       (SELECT id FROM properties WHERE customer_id IN (SELECT value FROM json_each(?)))`,
  );
  const imports = createImportErasure(db);

  const sameEmailStmt = db.prepare<[string], { customer_id: number }>(
    `SELECT DISTINCT customer_id FROM customer_contacts
     WHERE kind = 'email' AND key IN (SELECT value FROM json_each(?))`,
  );

  const emailsOf = (ids: readonly number[]) => [
    ...new Set(
      store.customers
        .contactsOf(ids)
        .filter((c) => c.kind === "email")
        .flatMap((c) => c.key ?? []),
    ),
  ];

  /**
   * Who goes: the customer's whole merge group, and every record holding one of their e-mails with its group (a
   * homeowner who wrote in again has a record of their own until the owner merges, decision 0051; the console's Erase
   * by e-mail removes their requests too). Not by phone: a landline is a household's, and may be another's now.
   */
  function scope(customerId: number) {
    const own = store.customers.group(customerId);
    const ids = new Set(own);
    for (const { customer_id } of sameEmailStmt.all(json(emailsOf(own)))) {
      for (const id of store.customers.group(customer_id)) ids.add(id);
    }
    const group = [...ids];
    const contacts = store.customers.contactsOf(group);
    const emails = emailsOf(group);
    const requests = requestsStmt.all({ group: json(group), emails: json(emails) });
    return { group, contacts, emails, requests, ids: json(requests.map((r) => r.id)) };
  }

  function preview(customerId: number): ErasurePreview | null {
    if (!store.customers.get(customerId)) return null;
    const { group, contacts, requests, ids } = scope(customerId);
    return {
      customers: group.length,
      requests: requests.length,
      places: store.customers.propertiesOf(group).length,
      addresses: new Set(contacts.map((c) => `${c.kind} ${c.key ?? c.value}`)).size,
      contracts: contractsStmt.get(ids)?.n ?? 0,
      photosOnSite: onSiteStmt.get(ids)?.n ?? 0,
      reportsKept: reportsKeptStmt.get(ids)?.n ?? 0,
    };
  }

  const eraseNow = db.transaction((customerId: number): ErasurePreview | null => {
    if (!store.customers.get(customerId)) return null;
    const counted = preview(customerId);
    if (!counted) return null;
    const { group, contacts, emails, requests } = scope(customerId);
    // Never mailed again: every address of theirs, the customer's and the requests' own, kept as its keyed hash.
    const list = store.marketing.suppressions;
    const keys = addressKeys(list.secret());
    const hashes = new Map<string, AddressKind>();
    const keep = (kind: AddressKind, key: string | null | undefined) => {
      if (key) hashes.set(keys.hash(kind, key), kind);
    };
    for (const c of contacts) keep(c.kind, c.key);
    for (const r of requests) {
      keep("email", emailKey(r.email));
      keep("phone", phoneKey(r.phone)?.e164);
    }
    for (const [hash, kind] of hashes) list.add(hash, kind, "erasure");
    // The imports' memory of them: change rows, waiting dry runs, and their words in the batches' summaries.
    imports.erase({
      customers: group,
      contacts: contacts.map((c) => c.id),
      flues: fluesStmt.all(json(group)).map((r) => r.id),
      hashes: [...hashes.keys()],
      words: [
        ...group.map((id) => store.customers.get(id)?.display_name ?? ""),
        ...contacts.flatMap((c) => [c.value, c.key ?? "", phoneKey(c.value)?.e164.slice(2) ?? ""]),
        ...store.customers.propertiesOf(group).map((p) => p.street),
        ...requests.flatMap((r) => [r.name, r.email, r.phone]),
      ],
    });
    for (const id of group) store.marketing.sends.erase(id);
    for (const r of requests) store.eraseRequest(r.id);
    for (const e of new Set([...emails, ...requests.map((r) => r.email)])) store.forgetMailTo(e);
    deletePlacesStmt.run(json(group));
    unmergeStmt.run(json(group));
    deleteCustomersStmt.run(json(group));
    return counted;
  });

  return {
    /** What erasing this customer removes and keeps; null for no such customer. */
    preview,
    /**
     * Erases the customer and their merge group; what went and what stayed, or null for no such customer (erased
     * already: a second press changes nothing). The search index is rebuilt without them and the file's free pages and
     * the write-ahead log are cleared, so no copy of them is left in the database file.
     */
    erase(customerId: number): ErasurePreview | null {
      const done = eraseNow(customerId);
      if (done) {
        // A contentless FTS5 index keeps a deleted row's words until its segments are merged: merged now.
        db.prepare("INSERT INTO customer_search (customer_search) VALUES ('optimize')").run();
        store.checkpoint();
      }
      return done;
    },
  };
}

export type CustomerErasure = ReturnType<typeof createCustomerErasure>;
