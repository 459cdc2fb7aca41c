// Invoices against a real SQLite file: migration 13 upgrading a v12 database with payments in it, the draft made from
// the accepted version less the deposit, numbers that are never given twice (a deleted draft leaves no gap), the
// database refusing any change to a sent version or a payment received, reminders on open days that stop when paid,
// and erasure keeping an invoice with its contract.
import path from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { migrate } from "../db/database.ts";
import { MIGRATIONS } from "../db/migrations.ts";
import { quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { createPayments, type Payments } from "../payments/payments.ts";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { weekdayOf, dayAt } from "../../app/lib/business-day.ts";
import { closedDayName } from "../../app/content/closed-days.ts";
import { business } from "../../app/content/business.ts";
import { invoicesForBooks, invoicePaymentsForBooks } from "../store/invoice-books.ts";
import { depositContracts } from "../store/deposit-books.ts";
import { buildBooks } from "../books/books.ts";
import { depositOwed } from "../payments/deposit-status.ts";
import { paymentsContext } from "../payments/payments-context.ts";

let f: Fixture;
afterEach(() => f?.close());

function setUp(): { f: Fixture; payments: Payments } {
  f = quoteFixture();
  const payments = createPayments({
    store: f.store,
    quotes: f.quotes,
    client: null,
    now: () => f.clock.at,
    siteUrl: "https://chimney.example",
    ownerAddress: () => "owner@example.com",
    mail: true,
  });
  return { f, payments };
}

function accepted(fx: Fixture, depositCents = 0): { estimateId: number; quoteId: number } {
  const { estimateId, quoteId } = fx.draft([["crown-rebuild", "cap-single"]]);
  fx.quotes.send(quoteId, { ip: null, userAgent: null });
  fx.quotes.accept(
    fx.link(quoteId),
    { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
    { ip: null, userAgent: null, inHome: false },
  );
  if (depositCents > 0) {
    fx.quotes.recordPayment(quoteId, { cents: depositCents, method: "check", receivedOn: "2026-11-30", note: "" });
  }
  return { estimateId, quoteId };
}

describe("migration 13", () => {
  it("upgrades a v12 database with sessions and payments in it, keeping rows, indexes and foreign keys", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "inv-mig-"));
    const db = new Database(path.join(dir, "estimates.db"));
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 12),
    );
    const at = "2026-11-30T15:00:00.000Z";
    db.exec(`
      INSERT INTO estimates (id, name, email, phone, message) VALUES (1, 'Dana', 'd@example.com', '5', 'hi');
      INSERT INTO quotes (id, estimate_id, reference, status, draft, current_version, created_at, updated_at)
        VALUES (1, 1, 'Q-1', 'sent', '{}', 1, '${at}', '${at}');
      INSERT INTO quote_versions (id, quote_id, version, body, sha256, sent_at, expires_at)
        VALUES (1, 1, 1, '{}', 'abc', '${at}', '2026-12-30T06:00:00.000Z');
      INSERT INTO quote_acceptances (id, quote_id, version_id, version_sha256, option_key, addon_keys, total_cents,
        deposit_cents, name, method, pamphlet_acknowledged, at, record, record_sha256)
        VALUES (1, 1, 1, 'abc', 'a', '[]', 100000, 25000, 'Dana', 'online', 1, '${at}', '{}', 'def');
      UPDATE quotes SET status = 'accepted' WHERE id = 1;
      INSERT INTO checkout_sessions (id, quote_id, acceptance_id, cents, provider_session_id, url, expires_at,
        idempotency_key, created_at) VALUES (7, 1, 1, 25000, 'cs_1', 'https://checkout.stripe.com/c/cs_1', '${at}', 'k', '${at}');
      INSERT INTO online_payments (id, quote_id, session_id, provider_payment_id, cents, method, state, created_at,
        updated_at, paid_at) VALUES (9, 1, 7, 'pi_1', 25000, 'card', 'paid', '${at}', '${at}', '${at}');
    `);
    const before = {
      sessions: db.prepare("SELECT * FROM checkout_sessions").all(),
      payments: db.prepare("SELECT * FROM online_payments").all(),
    };
    db.close();

    const store = openEstimateStore({ dataDir: dir });
    try {
      expect(store.db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
      const sessions = store.db.prepare("SELECT * FROM checkout_sessions").all() as Record<string, unknown>[];
      const payments = store.db.prepare("SELECT * FROM online_payments").all() as Record<string, unknown>[];
      expect(sessions).toEqual(before.sessions.map((r) => ({ ...(r as object), invoice_id: null })));
      // Migration 18's columns, empty: no dispute.
      expect(payments).toEqual(
        before.payments.map((r) => ({
          ...(r as object),
          invoice_id: null,
          dispute_state: null,
          dispute_closed_at: null,
        })),
      );
      expect(store.db.pragma("foreign_key_check")).toEqual([]);
      expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
      const indexes = (
        store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]
      ).map((r) => r.name);
      expect(indexes).toEqual(expect.arrayContaining(["checkout_sessions_quote", "online_payments_quote"]));
      const fks = store.db.pragma("foreign_key_list(online_payments)") as { table: string }[];
      expect(fks.map((k) => k.table).sort()).toEqual(["checkout_sessions", "invoices", "quotes"]);
      // The CHECK widened: 'invoice' needs an invoice; anything else is still refused.
      expect(() =>
        store.db.exec(`INSERT INTO checkout_sessions (quote_id, acceptance_id, purpose, cents, provider_session_id, url,
          expires_at, idempotency_key, created_at) VALUES (1, 1, 'invoice', 5, 'cs_2', 'u', 'x', 'k2', 'x')`),
      ).toThrow(/CHECK/);
      expect(() =>
        store.db.exec(`INSERT INTO checkout_sessions (quote_id, acceptance_id, purpose, cents, provider_session_id, url,
          expires_at, idempotency_key, created_at) VALUES (1, 1, 'tip', 5, 'cs_3', 'u', 'x', 'k3', 'x')`),
      ).toThrow(/CHECK/);
      // The deposit's own reads see the deposit's rows only.
      expect(store.payments.forQuote(1).map((p) => p.id)).toEqual([9]);
    } finally {
      store.close();
    }
  });
});

describe("the draft", () => {
  it("starts from the accepted version's lines, less the deposit paid, and takes change orders", () => {
    const { payments } = setUp();
    const { quoteId } = accepted(f, 50_000);
    const acceptance = f.store.quotes.acceptance(quoteId);
    const invoice = payments.invoices.make(quoteId);
    const figures = payments.invoices.figures(invoice);
    expect(figures.lines.at(-1)).toEqual({
      kind: "deposit",
      description: "Less deposit paid",
      quantity: 1000,
      unitPrice: -50_000,
    });
    expect(figures.money.total).toBe((acceptance?.total_cents ?? 0) - 50_000);
    payments.invoices.addLine(invoice.id, { description: "Extra flashing", quantity: 2000, unitPrice: 12_550 });
    const again = payments.invoices.figures(payments.invoices.get(invoice.id) ?? invoice);
    expect(again.money.total).toBe(figures.money.total + 25_100);
    expect(again.state).toBe("draft");
    // Making it again gives the same one.
    expect(payments.invoices.make(quoteId).id).toBe(invoice.id);
  });
});

describe("the deposit and the invoice", () => {
  /** A bank payment of the deposit made online, pending until it clears. */
  function pendingDeposit(quoteId: number, cents: number) {
    const acceptanceId = f.store.quotes.acceptance(quoteId)?.id ?? 0;
    f.store.payments.addSession({
      quoteId,
      acceptanceId,
      cents,
      providerSessionId: `cs_test_${quoteId}`,
      url: "https://checkout.stripe.com/c/pay/cs_test",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      idempotencyKey: `deposit:${quoteId}:0:0`,
    });
    const session = f.store.payments.sessionByProvider(`cs_test_${quoteId}`);
    // As the checkout's "completed" event does: the session is done, its payment pending.
    f.store.payments.closeSession(session?.id ?? 0, "complete");
    return f.store.payments.paymentFor({
      quoteId,
      sessionId: session?.id ?? 0,
      providerPaymentId: `pi_${quoteId}`,
      cents,
      method: "bank",
      state: "pending",
    }).payment;
  }

  it("takes off a deposit paid after the draft was made, and waits for one still clearing", () => {
    const { payments } = setUp();
    const { quoteId } = accepted(f);
    const invoice = payments.invoices.make(quoteId);
    const before = payments.invoices.figures(invoice).money.total;
    f.quotes.recordPayment(quoteId, { cents: 20_000, method: "check", receivedOn: "2026-11-30", note: "" });
    const other = accepted(f).quoteId;
    const waiting = payments.invoices.make(other);
    const payment = pendingDeposit(other, 30_000);
    expect(() => payments.invoices.send(waiting.id)).toThrow(/still clearing/);
    f.store.payments.move(payment.id, "paid");
    payments.invoices.send(waiting.id);
    payments.invoices.send(invoice.id);
    const sent = payments.invoices.figures(payments.invoices.get(invoice.id) ?? invoice);
    expect(sent.money.total).toBe(before - 20_000);
    expect(sent.lines.filter((l) => l.kind === "deposit")).toEqual([
      { kind: "deposit", description: "Less deposit paid", quantity: 1000, unitPrice: -20_000, amount: -20_000 },
    ]);
    const otherSent = payments.invoices.figures(payments.invoices.get(waiting.id) ?? waiting);
    expect(otherSent.lines.find((l) => l.kind === "deposit")?.unitPrice).toBe(-30_000);
  });

  it("once sent, asks for the unpaid deposit itself: no Pay for the deposit, no deposit recorded on the quote, none owed in the books", () => {
    const { payments } = setUp();
    const { quoteId } = accepted(f);
    const accept = f.store.quotes.acceptance(quoteId);
    expect(accept?.deposit_cents ?? 0).toBeGreaterThan(0);
    const invoice = payments.invoices.make(quoteId);
    const total = payments.invoices.figures(invoice).money.total;
    expect(total).toBe(accept?.total_cents);
    payments.invoices.send(invoice.id);
    const ctx = paymentsContext({
      store: f.store,
      quotes: f.quotes,
      client: null,
      siteUrl: "https://chimney.example",
      ownerAddress: () => null,
      mail: true,
    });
    expect(depositOwed(ctx, quoteId)).toBeNull();
    expect(() =>
      f.quotes.recordPayment(quoteId, { cents: 100, method: "check", receivedOn: "2026-12-01", note: "" }),
    ).toThrow(/record the payment on the invoice/);
    const books = buildBooks({
      contracts: depositContracts(f.store.db),
      ownerDeposits: [],
      onlineDeposits: [],
      invoices: invoicesForBooks(f.store.db),
      invoicePayments: [],
      timeZone: business.timeZone,
    });
    expect(books.items.map((i) => [i.kind, i.document])).toEqual([["invoice", "INV-0001"]]);
  });
});

describe("numbers", () => {
  it("are given when first sent, in sequence, never twice, and a deleted draft leaves no gap", () => {
    const { payments } = setUp();
    const ids = [accepted(f), accepted(f), accepted(f)].map(({ quoteId }) => quoteId);
    const first = payments.invoices.make(ids[0] ?? 0);
    const deleted = payments.invoices.make(ids[1] ?? 0);
    payments.invoices.deleteDraft(deleted.id);
    const third = payments.invoices.make(ids[2] ?? 0);
    expect(payments.invoices.send(third.id).label).toBe("INV-0001");
    expect(payments.invoices.send(first.id).label).toBe("INV-0002");
    expect(() => payments.invoices.send(first.id)).toThrow(/sent already/);
    const remade = payments.invoices.make(ids[1] ?? 0);
    expect(payments.invoices.send(remade.id).label).toBe("INV-0003");
    const db = f.store.db;
    expect(() => db.exec("UPDATE invoice_numbers SET last = 1")).toThrow(/only goes forward/);
    expect(() => db.exec("DELETE FROM invoice_numbers")).toThrow(/kept/);
    expect(() => db.prepare("UPDATE invoices SET number = 9 WHERE id = ?").run(first.id)).toThrow(/given once/);
    expect(() => db.prepare("UPDATE invoices SET number = NULL WHERE id = ?").run(first.id)).toThrow(/given once/);
  });

  it("refuses any change to a sent version, its invoice or a payment received, and keeps them", () => {
    const { payments } = setUp();
    const { quoteId } = accepted(f);
    const invoice = payments.invoices.make(quoteId);
    payments.invoices.send(invoice.id);
    payments.invoices.recordPayment(invoice.id, { cents: 100, method: "cash", receivedOn: "2026-12-01" });
    const db = f.store.db;
    expect(() => db.exec("UPDATE invoice_versions SET body = '{}'")).toThrow(/never changes/);
    expect(() => db.exec("DELETE FROM invoice_versions")).toThrow(/kept/);
    expect(() => db.exec("UPDATE invoices SET draft = '{}'")).toThrow(/never changes/);
    expect(() => db.exec("DELETE FROM invoices")).toThrow(/kept/);
    expect(() => db.exec("UPDATE invoice_payments SET cents = 1")).toThrow(/never changes/);
    expect(() => db.exec("DELETE FROM invoice_payments")).toThrow(/kept/);
    expect(() => payments.invoices.addLine(invoice.id, { description: "x", quantity: 1000, unitPrice: 1 })).toThrow(
      /can no longer change/,
    );
  });
});

describe("payments and reminders", () => {
  it("adds partial payments up, plans 3 reminders on open days, and stops them when paid by the owner", () => {
    const { payments } = setUp();
    const { estimateId, quoteId } = accepted(f, 10_000);
    const invoice = payments.invoices.make(quoteId);
    payments.invoices.send(invoice.id);
    const reminders = () =>
      f.store.deliveries(estimateId).filter((d) => d.kind === "invoice-reminder") as {
        next_attempt_at: string;
        cancelled_at: string | null;
      }[];
    expect(reminders()).toHaveLength(3);
    for (const r of reminders()) {
      const day = dayAt(r.next_attempt_at, business.timeZone);
      expect(weekdayOf(day)).not.toBe(0);
      expect(closedDayName(day, business.closedDays ?? [])).toBeNull();
    }
    const fresh = () => payments.invoices.figures(payments.invoices.get(invoice.id) ?? invoice);
    const total = fresh().money.total;
    payments.invoices.recordPayment(invoice.id, { cents: 1_000, method: "check", receivedOn: "2026-12-01" });
    let figures = fresh();
    expect(figures.state).toBe("partly_paid");
    expect(figures.money.owed).toBe(total - 1_000);
    expect(reminders().every((r) => r.cancelled_at === null)).toBe(true);
    payments.invoices.recordPayment(invoice.id, { cents: total - 1_000, method: "zelle", receivedOn: "2026-12-02" });
    figures = fresh();
    expect(figures.state).toBe("paid");
    expect(figures.paidDay).toBe("2026-12-02");
    expect(reminders().every((r) => r.cancelled_at !== null)).toBe(true);
    expect(() =>
      payments.invoices.recordPayment(invoice.id, { cents: 0, method: "check", receivedOn: "2026-12-02" }),
    ).toThrow(/amount/);
    // The books read the same figures.
    const books = invoicesForBooks(f.store.db);
    expect(books).toEqual([
      expect.objectContaining({ number: "INV-0001", state: "paid", totalCents: total, paidCents: total, owedCents: 0 }),
    ]);
    expect(invoicePaymentsForBooks(f.store.db).map((p) => [p.method, p.cents])).toEqual([
      ["check", 1_000],
      ["zelle", total - 1_000],
    ]);
  });
});

describe("the reminder's composer", () => {
  it("sends one while owed on an open day, never on a closed one, and withdraws it once paid", () => {
    const { payments } = setUp();
    const { estimateId, quoteId } = accepted(f);
    const invoice = payments.invoices.make(quoteId);
    payments.invoices.send(invoice.id);
    const item = f.store.deliveries(estimateId).find((d) => d.kind === "invoice-reminder");
    if (!item) throw new Error("no reminder queued");
    const compose = payments.composers["invoice-reminder"];
    // Wednesday 9 December 2026, 10:00 in Bloomington: open.
    f.clock.at = new Date("2026-12-09T16:00:00Z");
    const mail = compose(item);
    expect(mail).toMatchObject({
      subject: expect.stringMatching(/^Reminder: invoice INV-0001, \$[\d,]+\.\d{2} owed$/),
    });
    expect(typeof mail === "object" && mail?.text).toMatch(/http\S+\/invoice\/[A-Za-z0-9_-]{43}/);
    // Friday 25 December 2026, 10:00: Christmas, a closed day.
    f.clock.at = new Date("2026-12-25T16:00:00Z");
    expect(compose(item)).toBe("withdrawn");
    f.clock.at = new Date("2026-12-09T16:00:00Z");
    const total = payments.invoices.figures(f.store.invoices.get(invoice.id) ?? invoice).money.total;
    payments.invoices.recordPayment(invoice.id, { cents: total, method: "cash", receivedOn: "2026-12-09" });
    expect(compose(item)).toBe("withdrawn");
  });
});

describe("erasure", () => {
  it("keeps a paid invoice and its money with the contract, and the purge takes them after 10 years", () => {
    const { payments } = setUp();
    const { estimateId, quoteId } = accepted(f, 10_000);
    const invoice = payments.invoices.make(quoteId);
    payments.invoices.send(invoice.id);
    const total = payments.invoices.figures(invoice).money.total;
    payments.invoices.recordPayment(invoice.id, { cents: total, method: "check", receivedOn: "2026-12-01" });
    const { quoteId: other, estimateId: otherEstimate } = f.draft();
    const email = f.store.get(estimateId)?.email ?? "";
    expect(f.store.erase(email)).toBe(1);
    expect(f.store.quotes.get(quoteId)?.estimate_id).toBeNull();
    const kept = f.store.invoices.get(invoice.id);
    expect(kept?.number).toBe(1);
    expect(f.store.invoices.version(invoice.id)).toBeDefined();
    expect(f.store.invoices.payments(invoice.id)).toHaveLength(1);
    expect(f.store.quotes.payments(quoteId)).toHaveLength(1);
    // A request with no accepted quote leaves nothing.
    f.store.erase(f.store.get(otherEstimate)?.email ?? "");
    expect(f.store.quotes.get(other)).toBeUndefined();
    // Ten years on, the purge takes the contract with its invoice.
    const db = f.store.db;
    db.pragma("foreign_keys = OFF");
    db.exec("DROP TRIGGER quote_acceptances_never_change; DROP TRIGGER invoices_sent_never_change");
    db.prepare("UPDATE quote_acceptances SET at = '2015-01-01T00:00:00.000Z' WHERE quote_id = ?").run(quoteId);
    db.prepare("UPDATE invoices SET contract_at = '2015-01-01T00:00:00.000Z' WHERE id = ?").run(invoice.id);
    db.pragma("foreign_keys = ON");
    expect(f.quotes.purgeContracts()).toBe(1);
    for (const table of ["invoices", "invoice_versions", "invoice_payments", "invoice_links"]) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
    }
    // The counter keeps its place: the next invoice is INV-0002.
    expect(db.prepare("SELECT last FROM invoice_numbers").get()).toEqual({ last: 1 });
  });
});
