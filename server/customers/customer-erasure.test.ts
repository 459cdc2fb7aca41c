// Erasing a customer (issue 65, item 7): the person goes everywhere — record, e-mails, phones, notes, places and
// flues, requests with their messages, the search index, the file's free pages — while the accepted contract stays
// detached with its frozen version and payments, and each e-mail and phone stays on the suppression list as its keyed
// hash, found by the very function an import's marketing gate hashes with (addressKeys(secret).hash over emailKey and
// phoneKey's E.164), whatever the spelling the import's file brings.
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { LEAD, quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { paidDeposit } from "../payments/payment.fixture.ts";
import { addressKeys } from "../marketing/address-keys.ts";
import { createSuppressionStore } from "../store/suppressions.ts";
import { emailKey, phoneKey } from "./contact-keys.ts";
import { createCustomerErasure } from "./customer-erasure.ts";
import { seedVisitIn } from "../../tests/support/seed-report.ts";
import type { ReportPhotoCopies } from "../store/report-photos.ts";
import { lineFromPreset } from "../quotes/quote-words.ts";
import { createPayments } from "../payments/payments.ts";
import { importDeps } from "../customer-import/import-deps.ts";
import { suppressionGate } from "../customer-import/import-marketing.ts";
import { dryRun, sha256 } from "../customer-import/dry-run.ts";
import { commitBatch } from "../customer-import/commit.ts";
import { undoBatch } from "../customer-import/undo.ts";
import type { ImportSummary } from "../customer-import/summary.ts";

let f: Fixture | undefined;
afterEach(() => f?.close());

const NOTE = "Side gate code 4417, beware of Biscuit";
const MESSAGE = "Please ring twice, the bell by the lilac hedge is broken";

it("removes the person everywhere, keeps the contract with its payment, and keeps their addresses as hashes alone", () => {
  const fx = (f = quoteFixture());
  const { store } = fx;
  const paid = paidDeposit(fx);
  const lead = store.get(paid.estimateId);
  if (!lead) throw new Error("seeded");
  const customerId = store.customers.root(
    (store.db.prepare("SELECT customer_id FROM estimates WHERE id = ?").get(paid.estimateId) as { customer_id: number })
      .customer_id,
  );
  // A second request of theirs, a note, a place with a flue; and a neighbour who stays.
  const second = store.save({
    ...LEAD,
    email: lead.email,
    message: MESSAGE,
  });
  store.db.prepare("UPDATE customers SET notes = ? WHERE id = ?").run(NOTE, customerId);
  const place = store.customers.addProperty(customerId, { street: "1207 Quillfeather Ln", town: "Normal" });
  store.flues.add(place, {
    label: "Living room",
    notes: "",
    appliance: "fireplace",
    fuel: "wood",
    useLevel: "regular",
  });
  const neighbour = store.customers.create({
    displayName: "Walter Neighbour",
    contacts: [{ kind: "email", value: "walter@example.com" }],
  });

  // An import had kept their phone off the marketing list before: the erasure makes the entry its own, so the import's
  // undo (which lifts only entries still the import's) cannot lift it.
  const early = createSuppressionStore(store.db, () => fx.clock.at);
  early.add(addressKeys(early.secret()).hash("phone", "+13095550177"), "phone", "import");

  const erasure = createCustomerErasure(store);
  const preview = erasure.preview(customerId);
  // Their second request came in on a record of its own (same e-mail, not merged yet): it goes too.
  expect(preview).toMatchObject({ customers: 2, requests: 2, contracts: 1, photosOnSite: 0, reportsKept: 0 });
  expect(preview?.places).toBeGreaterThanOrEqual(1);
  expect(preview?.addresses).toBe(2);
  const versionBefore = store.db.prepare("SELECT * FROM quote_versions WHERE quote_id = ?").all(paid.quoteId);

  expect(erasure.erase(customerId)).toMatchObject({ customers: 2, requests: 2, contracts: 1 });
  expect(store.db.prepare("SELECT count(*) AS n FROM customers").get()).toEqual({ n: 1 });
  // The person: no record, contact, place, flue, request or search hit left.
  expect(store.customers.get(customerId)).toBeUndefined();
  expect(store.db.prepare("SELECT count(*) AS n FROM customer_contacts WHERE customer_id = ?").get(customerId)).toEqual(
    { n: 0 },
  );
  expect(store.customers.property(place)).toBeUndefined();
  expect(store.db.prepare("SELECT count(*) AS n FROM flues WHERE property_id = ?").get(place)).toEqual({ n: 0 });
  expect(store.get(paid.estimateId)).toBeUndefined();
  expect(store.get(second.id)).toBeUndefined();
  for (const typed of ["Whitfield", "Quillfeather", lead.email, "555-0177"]) {
    expect(store.customerSearch.search(typed).map((c) => c.id)).toEqual([]);
  }
  // The books: the contract, its frozen version and its payment, detached, unchanged.
  expect(store.quotes.get(paid.quoteId)?.estimate_id).toBeNull();
  expect(store.db.prepare("SELECT * FROM quote_versions WHERE quote_id = ?").all(paid.quoteId)).toEqual(versionBefore);
  expect(store.payments.forQuote(paid.quoteId)).toEqual([paid.payment]);
  // The neighbour is untouched.
  expect(store.customers.get(neighbour.id)?.display_name).toBe("Walter Neighbour");
  // Their note, their message and their street (in the search index's words too) are in no page of the file or its
  // log, free or not: secure_delete, the index's segments merged, the log folded in.
  const bytes = Buffer.concat([
    readFileSync(store.file),
    existsSync(`${store.file}-wal`) ? readFileSync(`${store.file}-wal`) : Buffer.alloc(0),
  ]);
  for (const gone of [NOTE, MESSAGE, "Quillfeather", "quillfeather"]) expect(bytes.includes(gone), gone).toBe(false);

  // The suppression list, as an import's marketing gate reads it: its own store over the file, the same key function.
  const list = createSuppressionStore(store.db, () => fx.clock.at);
  const keys = addressKeys(list.secret());
  const typedBack = [` ${lead.email.toUpperCase()} `, lead.email];
  for (const typed of typedBack) expect(list.has(keys.hash("email", emailKey(typed) ?? ""))).toBe(true);
  for (const typed of ["309.555.0177", "+1 (309) 555-0177", "3095550177"]) {
    expect(list.has(keys.hash("phone", phoneKey(typed)?.e164 ?? ""))).toBe(true);
  }
  expect(list.counts()).toMatchObject({ erasure: 2, import: 0 });
  store.db.prepare("DELETE FROM suppressions WHERE source = 'import'").run();
  expect(list.counts()).toMatchObject({ erasure: 2 });
  const kept = JSON.stringify(store.db.prepare("SELECT * FROM suppressions").all());
  expect(kept).not.toContain(lead.email);
  expect(kept).not.toContain("5550177");
  // Erased already: a second press changes nothing.
  expect(erasure.erase(customerId)).toBeNull();
  expect(erasure.preview(customerId)).toBeNull();
});

it("erases a merged group whole, whichever of them is asked for", () => {
  const fx = (f = quoteFixture());
  const { store } = fx;
  const a = store.customers.create({
    displayName: "Ann O'Neil",
    contacts: [{ kind: "email", value: "ann@example.com" }],
  });
  const b = store.customers.create({ displayName: "A. O'Neil", contacts: [{ kind: "phone", value: "309-287-6620" }] });
  expect(store.customerLinks.merge(b.id, a.id)).toBe("merged");
  expect(createCustomerErasure(store).erase(b.id)).toMatchObject({ customers: 2, addresses: 2 });
  expect(store.customers.get(a.id)).toBeUndefined();
  expect(store.customers.get(b.id)).toBeUndefined();
  expect(store.db.prepare("SELECT count(*) AS n FROM customer_merges").get()).toEqual({ n: 0 });
  const list = createSuppressionStore(store.db, () => fx.clock.at);
  const keys = addressKeys(list.secret());
  expect(list.has(keys.hash("email", "ann@example.com"))).toBe(true);
  expect(list.has(keys.hash("phone", "+13092876620"))).toBe(true);
});

// The seams (issue 65 item 7, issue 66): what the features after the erasure keep of a person — an import's change
// rows, a waiting dry run's file and the batches' summaries; condition reports with their findings, photos and the
// quote made from them; a visit booked ahead; a campaign's ledger row and a reminder queued — all go with them, but
// the books (the accepted quote, its invoice and payments, and the report findings the contract names) and the hashed
// suppression entries stay, and the import's undo still works for everyone else without bringing the person back.
describe("the seams", () => {
  const EMAIL = "dwhitfield.home@example.com";
  const STREET = "1207 Quillfeather Ln";
  const REPORT_STREET = "88 Larkspur Ct";
  const IMPORT_NOTE = "Gate code 7781, dog named Pickle";
  const FINDING_NOTE = "Hairline cracks where the Marigold-side cap meets the crown";
  const OTHER_NOTE = "Efflorescence under the Periwinkle gutter";
  const CAMPAIGN_WORDS = "Hi Dana, the Hollyhock flue is due";
  const FILE = (rows: string[]) =>
    Buffer.from(
      [
        "Customer number,First name,Last name,Company,E-mail,Phone,Other phone,Street,Street line 2,City,State,ZIP,Last service day,Flue,Fuel,Notes",
        ...rows,
      ].join("\r\n"),
    );
  const DANA_ROW = `901,Dana,Whitfield,,${EMAIL},(309) 555-0199,,${STREET},,Normal,IL,61761,2025-10-14,fireplace,wood,"${IMPORT_NOTE}"`;
  const IRENE_ROW =
    "902,Irene,Castillo,,irene.castillo@example.com,(309) 827-5510,,1502 E Oakland Ave,,Bloomington,IL,61701,10/14/2025,fireplace,wood,";
  const copies = (marker: string): ReportPhotoCopies => ({
    uploadSha256: "a".repeat(64),
    sha256: "e".repeat(64),
    bytesIn: 10,
    width: 4,
    height: 3,
    evidence: Buffer.from(`${marker}-evidence`),
    page: Buffer.from(`${marker}-page`),
    pdf: Buffer.from(`${marker}-pdf`),
    thumb: Buffer.from(`${marker}-thumb`),
  });
  const finding = (store: Fixture["store"], reportId: number, part: "crown" | "flashing" | "cap", note: string) => {
    const row = store.reports.ensureFinding(reportId, null, part);
    store.reports.saveFinding(row, {
      state: "repair",
      doNotUse: false,
      defect: null,
      note,
      worseIf: "",
      recheckDay: null,
      notInspectedWhy: "",
    });
    return row;
  };

  it("removes them from imports, reports, visits booked ahead and campaigns; keeps the books and the hashes", async () => {
    const fx = (f = quoteFixture());
    const { store } = fx;
    const now = () => fx.clock.at;
    const lead = { name: "Dana Whitfield", email: EMAIL, phone: "(309) 555-0177" };

    // A request with its estimate visit and condition report: a finding quoted, one left out, one with a photo.
    const visit = seedVisitIn(store, { street: REPORT_STREET, lead });
    const customerId = store.customers.root(
      store.db
        .prepare<[number], { customer_id: number }>("SELECT customer_id FROM estimates WHERE id = ?")
        .get(visit.estimateId)?.customer_id ?? 0,
    );
    store.db.prepare("UPDATE customers SET notes = ? WHERE id = ?").run(NOTE, customerId);
    const report = store.reports.open({ id: visit.visitId, estimate_id: visit.estimateId }, visit.propertyId);
    const crown = finding(store, report.id, "crown", FINDING_NOTE);
    const flashing = finding(store, report.id, "flashing", "Flashing lifted at the back");
    const cap = finding(store, report.id, "cap", OTHER_NOTE);
    store.reportPhotos.name(report.id, cap.id, "00000000-0000-4000-8000-000000000001");
    store.reportPhotos.store(report.id, cap.id, "00000000-0000-4000-8000-000000000001", copies("Snapdragon"));
    const { id: quoteId } = fx.quotes.draftFor(visit.estimateId);
    const preset = fx.words.presets.find((p) => p.key === "crown-rebuild");
    if (!preset) throw new Error("no preset");
    fx.quotes.saveDraft(quoteId, {
      ...fx.quotes.details(quoteId).draft,
      options: [{ id: "o0", name: "", lines: [lineFromPreset(preset, "l1")] }],
    });
    store.reportQuoteLines.link(quoteId, "l1", crown.id, null);
    store.reportQuoteLines.skip(quoteId, flashing.id, "Dana's brother-in-law does the flashing");
    const paid = paidDeposit({ ...fx, draft: () => ({ estimateId: visit.estimateId, quoteId }) });
    const payments = createPayments({
      store,
      quotes: fx.quotes,
      client: null,
      now,
      siteUrl: "https://chimney.example",
      ownerAddress: () => "owner@example.com",
      mail: true,
    });
    const invoice = payments.invoices.make(quoteId);
    payments.invoices.send(invoice.id);
    payments.invoices.recordPayment(invoice.id, { cents: 100, method: "cash", receivedOn: "2026-12-01" });

    // A second estimate visit of theirs with a report of its own that no quote was made from, and its photo.
    const second = seedVisitIn(store, { street: STREET, lead, day: "2027-03-17" });
    const secondReport = store.reports.open({ id: second.visitId, estimate_id: second.estimateId }, second.propertyId);
    const rootOf = (estimateId: number) =>
      store.db
        .prepare<[number], { customer_id: number }>("SELECT customer_id FROM estimates WHERE id = ?")
        .get(estimateId)?.customer_id ?? 0;
    // The owner merged the record the second request made into theirs (decision 0051).
    expect(store.customerLinks.merge(rootOf(second.estimateId), customerId)).toBe("merged");
    const crack = finding(store, secondReport.id, "crown", "Spalling by the Marigold vent");
    store.reportPhotos.store(secondReport.id, crack.id, "00000000-0000-4000-8000-000000000002", copies("Bluebell"));

    // Next year booked ahead: a "Yearly chimney visit" on the customer, its e-mail an older one of theirs.
    const ahead = store.save({ ...LEAD, ...lead, email: "dana.old@example.net", service: "Yearly chimney visit" });
    const made = rootOf(ahead.id);
    store.customers.linkRequest(ahead.id, customerId, visit.propertyId);
    // As bookAhead does: the intake's own record for it goes, as nobody new came.
    store.db.prepare("DELETE FROM properties WHERE source = 'request' AND source_id = ?").run(String(ahead.id));
    store.db.prepare("DELETE FROM customers WHERE id = ?").run(made);
    store.db.prepare("UPDATE visits SET ahead_from = 'job:1' WHERE id = ?").run(
      store.visits.insert({
        ...(store.db.prepare("SELECT * FROM visits WHERE id = ?").get(visit.visitId) as Parameters<
          typeof store.visits.insert
        >[0]),
        estimate_id: ahead.id,
        uid: "ahead@test",
        day: "2027-04-20",
        starts_at: "2027-04-20T14:00:00.000Z",
        ends_at: "2027-04-20T16:00:00.000Z",
      }),
    );

    // A campaign sent to them, and a reminder still queued in the outbox.
    const { campaign } = store.marketing.campaigns.create("press-1", "Due before April", "Spring sweep", [
      { customerId, propertyId: visit.propertyId },
    ]);
    const send = store.marketing.sends.byKey(`campaign:${campaign.id}:${customerId}`);
    if (!send) throw new Error("not queued");
    store.marketing.sends.claim(send.id, EMAIL, `To: ${EMAIL}\r\n\r\n${CAMPAIGN_WORDS} at ${STREET}`);
    store.marketing.sends.sent(send.id);
    store.queueConfirmation(second.estimateId, EMAIL, 24);

    // The import: their row updates them (a note, a phone, a place with a flue), Irene is new; a second dry run waits.
    const deps = importDeps(store, { gate: suppressionGate(store.db, now), now, timeZone: "America/Chicago" });
    const upload = FILE([DANA_ROW, IRENE_ROW, `903,Dana,Whitfield,,not-an-address,,,,,,,,,,,`]);
    const dry = await dryRun(deps, { bytes: upload, fileName: "old-list.csv" });
    if ("problem" in dry) throw new Error(dry.problem);
    const committed = await commitBatch(deps, dry.batchId, sha256(upload));
    expect(committed).toMatchObject({ kind: "imported", summary: { counts: { matched: 1, new: 1, refused: 1 } } });
    const changes = store.db.prepare("SELECT kind FROM import_changes ORDER BY id").all();
    expect(changes).toEqual(
      expect.arrayContaining([{ kind: "customer-updated" }, { kind: "contact-added" }, { kind: "suppression-added" }]),
    );
    const waiting = await dryRun(deps, { bytes: FILE([DANA_ROW]), fileName: "again.csv" });
    if ("problem" in waiting) throw new Error(waiting.problem);
    const irene = store.customers.bySource("template", "902");
    expect(irene?.display_name).toBe("Irene Castillo");

    const erased = createCustomerErasure(store).erase(customerId);
    expect(erased).toMatchObject({ contracts: 1, reportsKept: 1 });

    // Nothing of theirs in the file or its log: e-mails, phones, streets, notes, the import's words, the unquoted
    // report's finding, the photos' bytes, the campaign's message.
    const bytes = Buffer.concat([
      readFileSync(store.file),
      existsSync(`${store.file}-wal`) ? readFileSync(`${store.file}-wal`) : Buffer.alloc(0),
    ]);
    // Their name, e-mail and first phone are in the books alone: the contract's frozen version, its acceptance and
    // history, the invoice's frozen version (the purchaser's name and address, decision 0052).
    const books = new Set(["quote_versions", "quote_acceptances", "quote_events", "invoice_versions"]);
    const inBooks = ["Dana Whitfield", "Whitfield", EMAIL, "555-0177", "5550177"];
    const gone = [
      "dana.old@example.net",
      "555-0199",
      "5550199",
      "Quillfeather",
      "quillfeather",
      "Larkspur",
      NOTE,
      IMPORT_NOTE,
      "Pickle",
      OTHER_NOTE,
      "Spalling by the Marigold vent",
      "Snapdragon",
      "Bluebell",
      "Hollyhock",
      "Yearly chimney visit",
    ];
    for (const word of gone) expect(bytes.includes(word), word).toBe(false);
    const tables = store.db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE '%VIRTUAL%'")
      .all()
      .filter((t) => !books.has(t.name) && !t.name.startsWith("customer_search"));
    for (const { name } of tables) {
      const rows = JSON.stringify(store.db.prepare(`SELECT * FROM "${name}"`).all(), (_key, value: unknown) =>
        Buffer.isBuffer(value) ? value.toString("latin1") : value,
      );
      for (const word of [...inBooks, ...gone]) expect(rows.includes(word), `${word} in ${name}`).toBe(false);
    }
    // The import: its change rows of theirs and the waiting dry run went, its summary says "(erased)" for them.
    expect(store.db.prepare("SELECT id FROM import_batches ORDER BY id").all()).toEqual([{ id: dry.batchId }]);
    const summary = store.db.prepare<[number], { summary: string }>("SELECT summary FROM import_batches WHERE id = ?");
    const kept = JSON.parse(summary.get(dry.batchId)?.summary ?? "{}") as ImportSummary;
    expect(kept.counts).toEqual({ new: 1, matched: 1, suggested: 0, refused: 1 });
    expect(kept.examples.matched).toEqual([{ row: 2, name: "(erased)", detail: "(erased)" }]);
    expect(kept.examples.new).toEqual([{ row: 3, name: "Irene Castillo", detail: "1502 E Oakland Ave" }]);
    expect(JSON.stringify(kept)).not.toContain("Whitfield");
    // Visits and requests: none left of theirs.
    expect(store.db.prepare("SELECT count(*) AS n FROM estimates").get()).toEqual({ n: 0 });
    expect(store.db.prepare("SELECT count(*) AS n FROM visits").get()).toEqual({ n: 0 });
    // The campaign keeps its count; its row of theirs keeps its state and key alone.
    expect(store.marketing.sends.get(send.id)).toMatchObject({ state: "sent", recipient: null, message: null });
    // The books: the contract, its invoice and payments; and the report it was made from, detached, with only the
    // findings the contract names and no photo (no version of it was sent).
    expect(store.quotes.get(quoteId)).toMatchObject({ status: "accepted", estimate_id: null });
    expect(store.payments.forQuote(quoteId)).toEqual([paid.payment]);
    expect(store.db.prepare("SELECT count(*) AS n FROM invoices WHERE quote_id = ?").get(quoteId)).toEqual({ n: 1 });
    expect(store.db.prepare("SELECT count(*) AS n FROM invoice_payments").get()).toEqual({ n: 1 });
    expect(store.reports.get(report.id)).toMatchObject({ estimate_id: null, property_id: null, visit_id: null });
    expect(store.reportQuoteLines.lines(quoteId)).toHaveLength(1);
    expect(store.reports.get(secondReport.id)).toBeUndefined();
    expect(store.db.prepare("SELECT count(*) AS n FROM report_photos").get()).toEqual({ n: 0 });
    // Their page, PDF and thumbnail copies too, rows of their own since migration 24 (gone with the photo).
    expect(store.db.prepare("SELECT count(*) AS n FROM report_photo_copies").get()).toEqual({ n: 0 });
    // The hashes: every address of theirs, the import's phone too, now the erasure's.
    const list = createSuppressionStore(store.db, now);
    const keys = addressKeys(list.secret());
    for (const [kind, key] of [
      ["email", EMAIL],
      ["email", "dana.old@example.net"],
      ["phone", "+13095550177"],
      ["phone", "+13095550199"],
    ] as const) {
      expect(list.has(keys.hash(kind, key)), key).toBe(true);
    }
    expect(list.counts()).toMatchObject({ erasure: 4 });

    // The undo takes Irene away, and brings back nobody erased.
    expect(await undoBatch(deps, dry.batchId)).toMatchObject({ kind: "undone", removed: 1 });
    expect(store.customers.bySource("template", "902")).toBeUndefined();
    expect(store.db.prepare("SELECT count(*) AS n FROM customers").get()).toEqual({ n: 0 });
    expect(list.counts()).toMatchObject({ erasure: 4 });
    expect(list.has(keys.hash("phone", "+13095550199"))).toBe(true);
    // A later import of them finds nobody to match, and neither it nor its undo lifts their entries.
    const again = FILE([DANA_ROW]);
    const later = await dryRun(deps, { bytes: again, fileName: "later.csv" });
    if ("problem" in later) throw new Error(later.problem);
    expect(later.summary.counts).toMatchObject({ new: 1, matched: 0 });
    expect(await commitBatch(deps, later.batchId, sha256(again))).toMatchObject({ kind: "imported" });
    expect(await undoBatch(deps, later.batchId)).toMatchObject({ kind: "undone", removed: 1 });
    expect(list.counts()).toMatchObject({ erasure: 4, import: 0 });
  });
});
