// An invoice's draft (the owner's working copy) and its frozen version (what was sent: canonical JSON and its SHA-256,
// never changed; decision 0042). Amounts are integer cents, quantities thousandths; every figure printed comes from
// invoiceMoney over these lines.
import { z } from "zod";
import { frozenBytes, frozenReader } from "../documents/frozen-version.ts";
import { MAX_CENTS, MAX_MILLI } from "../quotes/money.ts";
import { TEXT_LIMITS } from "../../app/lib/text-limits.ts";
import { businessSchema, customerSchema } from "../quotes/document.ts";

export const MAX_INVOICE_LINES = 60;

/** Where a line came from: the contract (the accepted version's lines and tax), the deposit, or a change order. */
export const LINE_KINDS = ["contract", "deposit", "change"] as const;

const lineSchema = z.strictObject({
  kind: z.enum(LINE_KINDS),
  // Contract lines keep the accepted version's names, which may be longer than a change order's box.
  description: z.string().max(TEXT_LIMITS.quote.lineName.max + TEXT_LIMITS.quote.description.max + 3),
  quantity: z.number().int().min(0).max(MAX_MILLI),
  unitPrice: z.number().int().min(-MAX_CENTS).max(MAX_CENTS),
});

export const invoiceDraftSchema = z.strictObject({
  lines: z.array(lineSchema).max(MAX_INVOICE_LINES),
});

export type InvoiceDraftLine = z.output<typeof lineSchema>;
export type InvoiceDraft = z.output<typeof invoiceDraftSchema>;

const versionSchema = z.strictObject({
  format: z.literal(1),
  number: z.string(),
  quoteReference: z.string(),
  sentAt: z.string(),
  /** The business day it was sent, in the business's zone (app/lib/business-day.ts). */
  sentDay: z.string(),
  timeZone: z.string(),
  business: businessSchema,
  customer: customerSchema,
  lines: z.array(lineSchema.extend({ amount: z.number().int() })),
  total: z.number().int(),
});

export type InvoiceVersion = z.output<typeof versionSchema>;

/** "INV-0007": the number as every surface prints it. */
export function invoiceLabel(number: number): string {
  return `INV-${String(number).padStart(4, "0")}`;
}

export function parseDraft(json: string): InvoiceDraft {
  return invoiceDraftSchema.parse(JSON.parse(json));
}

export function freezeInvoice(version: InvoiceVersion): { body: string; sha256: string } {
  return frozenBytes(versionSchema.parse(version));
}

export const readInvoiceVersion = frozenReader((json) => versionSchema.parse(json));
