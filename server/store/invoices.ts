// Invoices (migration 13, decision 0042): the draft, the number given when first sent from a counter that only goes
// forward, the one frozen version, the homeowner's links (hashes only) and the owner's payments received. Sending is
// one IMMEDIATE transaction, so sends racing each other take distinct numbers and a second send of one invoice none.
import type { Db } from "../db/database.ts";
import { followUpCounter } from "./outbox.ts";

export type InvoiceRow = {
  id: number;
  quote_id: number;
  number: number | null;
  draft: string;
  contract_at: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  reminders_paused: number;
};

export type InvoiceVersionRow = { id: number; invoice_id: number; body: string; sha256: string; sent_at: string };

export type InvoicePaymentRow = {
  id: number;
  invoice_id: number;
  cents: number;
  method: "check" | "cash" | "zelle";
  received_on: string;
  note: string;
  recorded_at: string;
};

export const OWNER_METHODS = ["check", "cash", "zelle"] as const;

export function createInvoiceStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insertStmt = db.prepare(
    `INSERT INTO invoices (quote_id, draft, contract_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (quote_id) DO NOTHING`,
  );
  const getStmt = db.prepare<[number], InvoiceRow>("SELECT * FROM invoices WHERE id = ?");
  const forQuoteStmt = db.prepare<[number], InvoiceRow>("SELECT * FROM invoices WHERE quote_id = ?");
  const saveStmt = db.prepare("UPDATE invoices SET draft = ?, updated_at = ? WHERE id = ? AND number IS NULL");
  const deleteDraftStmt = db.prepare("DELETE FROM invoices WHERE id = ? AND number IS NULL");
  const advanceStmt = db.prepare<[], { last: number }>(
    "UPDATE invoice_numbers SET last = last + 1 WHERE only = 1 RETURNING last",
  );
  const numberStmt = db.prepare("UPDATE invoices SET number = ?, sent_at = ? WHERE id = ? AND number IS NULL");
  const insertVersion = db.prepare(
    "INSERT INTO invoice_versions (invoice_id, body, sha256, sent_at) VALUES (?, ?, ?, ?)",
  );
  const versionStmt = db.prepare<[number], InvoiceVersionRow>("SELECT * FROM invoice_versions WHERE invoice_id = ?");
  const addLinkStmt = db.prepare("INSERT INTO invoice_links (invoice_id, token_hash, created_at) VALUES (?, ?, ?)");
  const byLinkStmt = db.prepare<[string], InvoiceRow>(
    `SELECT i.* FROM invoice_links l JOIN invoices i ON i.id = l.invoice_id
     WHERE l.token_hash = ? AND i.number IS NOT NULL`,
  );
  const addPaymentStmt = db.prepare(
    `INSERT INTO invoice_payments (invoice_id, cents, method, received_on, note, recorded_at)
     VALUES (@invoiceId, @cents, @method, @receivedOn, @note, @at)`,
  );
  const paymentsStmt = db.prepare<[number], InvoicePaymentRow>(
    "SELECT * FROM invoice_payments WHERE invoice_id = ? ORDER BY received_on, id",
  );
  const sentStmt = db.prepare<[], InvoiceRow>("SELECT * FROM invoices WHERE number IS NOT NULL ORDER BY number");
  const pauseStmt = db.prepare("UPDATE invoices SET reminders_paused = ? WHERE id = ?");
  const reminders = followUpCounter(db, "invoice-reminder");

  return {
    /** The quote's invoice, made with `draft` unless it has one already. */
    create(quoteId: number, draft: string, contractAt: string): InvoiceRow {
      const at = iso();
      insertStmt.run(quoteId, draft, contractAt, at, at);
      const row = forQuoteStmt.get(quoteId);
      if (!row) throw new Error("the invoice was neither made nor found");
      return row;
    },
    get(id: number): InvoiceRow | undefined {
      return getStmt.get(id);
    },
    forQuote(quoteId: number): InvoiceRow | undefined {
      return forQuoteStmt.get(quoteId);
    },
    /** Saves a draft; false once sent (a sent invoice never changes). */
    saveDraft(id: number, draft: string): boolean {
      return saveStmt.run(draft, iso(), id).changes > 0;
    },
    /** Deletes a draft (it never had a number, so none is lost); false once sent. */
    deleteDraft(id: number): boolean {
      return deleteDraftStmt.run(id).changes > 0;
    },
    /**
     * Sends a draft: the counter's next number, then the frozen version `freeze` makes with it, in one IMMEDIATE
     * transaction. Null when it was sent already (by a send that won the race).
     */
    send(id: number, freeze: (row: InvoiceRow, number: number) => { body: string; sha256: string }): number | null {
      return db
        .transaction((): number | null => {
          const row = getStmt.get(id);
          if (!row || row.number !== null) return null;
          const number = advanceStmt.get()?.last;
          if (number === undefined) throw new Error("the invoice counter is missing");
          const at = iso();
          const { body, sha256 } = freeze(row, number);
          if (numberStmt.run(number, at, id).changes === 0) throw new Error("the invoice was sent meanwhile");
          insertVersion.run(id, body, sha256, at);
          return number;
        })
        .immediate();
    },
    version(invoiceId: number): InvoiceVersionRow | undefined {
      return versionStmt.get(invoiceId);
    },
    addLink(invoiceId: number, tokenHash: string): void {
      addLinkStmt.run(invoiceId, tokenHash, iso());
    },
    /** The sent invoice a link's hash names. */
    byLink(tokenHash: string): InvoiceRow | undefined {
      return byLinkStmt.get(tokenHash);
    },
    addPayment(row: {
      invoiceId: number;
      cents: number;
      method: InvoicePaymentRow["method"];
      receivedOn: string;
      note: string;
    }): void {
      addPaymentStmt.run({ ...row, at: iso() });
    },
    payments(invoiceId: number): InvoicePaymentRow[] {
      return paymentsStmt.all(invoiceId);
    },
    sent(): InvoiceRow[] {
      return sentStmt.all();
    },
    /** An invoice's reminders (keys under `prefix`) already sent, and those still waiting (follow-up-queue.ts). */
    reminders,
    pause(id: number, paused: boolean): void {
      pauseStmt.run(paused ? 1 : 0, id);
    },
  };
}

export type InvoiceStore = ReturnType<typeof createInvoiceStore>;

/** Whether the quote's invoice has gone out: from then on it, not the deposit, asks for what is left to pay. */
export function invoiceSent(store: { invoices: Pick<InvoiceStore, "forQuote"> }, quoteId: number): boolean {
  const number = store.invoices.forQuote(quoteId)?.number;
  return number !== null && number !== undefined;
}
