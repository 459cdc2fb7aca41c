// A customer's whole history (decision 0051), read from where it already lives: their requests, and from each
// request its estimate visits, quotes, jobs, invoices, payments (the owner's records and those made on the site), job
// photos and review requests. Nothing is copied: a merged customer's history is read through its survivor's group.
// Read only; the page (app/routes/owner/customer.server.ts) puts it in order and in words.
import type { Db } from "../db/database.ts";
import type { StoredQuoteStatus } from "./quotes.ts";

export type HistoryRequest = { id: number; reference: string; received_at: string; service: string; status: string };
export type HistoryVisit = {
  id: number;
  estimate_id: number;
  status: string;
  day: string;
  starts: string;
  ends: string;
  starts_at: string;
  ends_at: string;
  booked_at: string;
};
export type HistoryQuote = {
  id: number;
  estimate_id: number;
  reference: string;
  status: StoredQuoteStatus;
  created_at: string;
  first_sent_at: string | null;
  expires_at: string | null;
  decided_at: string | null;
  total_cents: number | null;
};
export type HistoryJob = {
  id: number;
  quote_id: number;
  estimate_id: number;
  status: string;
  created_at: string;
  done_at: string | null;
};
export type HistoryInvoice = { id: number; quote_id: number; number: number | null; sent_at: string | null };
export type HistoryPayment = {
  key: string;
  quote_id: number;
  invoice_id: number | null;
  cents: number;
  method: string;
  state: string;
  /** The business day received, for the owner's own records; null for those made on the site. */
  day: string | null;
  at: string;
};
export type HistoryPhotos = { job_id: number; count: number; at: string };
export type HistoryReview = { estimate_id: number; at: string; sent_at: string | null };

export type CustomerHistory = {
  requests: HistoryRequest[];
  visits: HistoryVisit[];
  quotes: HistoryQuote[];
  jobs: HistoryJob[];
  invoices: HistoryInvoice[];
  payments: HistoryPayment[];
  photos: HistoryPhotos[];
  reviews: HistoryReview[];
};

// The requests of a group of customers, and the quotes on them.
const REQUESTS = "SELECT id FROM estimates WHERE customer_id IN (SELECT value FROM json_each(@ids))";
const QUOTES = `SELECT id FROM quotes WHERE estimate_id IN (${REQUESTS})`;

export function createCustomerHistory(db: Db) {
  const requests = db.prepare<{ ids: string }, HistoryRequest>(
    `SELECT id, reference, received_at, service, status FROM estimates
     WHERE customer_id IN (SELECT value FROM json_each(@ids))`,
  );
  const visits = db.prepare<{ ids: string }, HistoryVisit>(
    `SELECT id, estimate_id, status, day, starts, ends, starts_at, ends_at, booked_at FROM visits
     WHERE estimate_id IN (${REQUESTS})`,
  );
  const quotes = db.prepare<{ ids: string }, HistoryQuote>(
    `SELECT q.id, q.estimate_id, q.reference, q.status, q.created_at, q.first_sent_at, q.expires_at, q.decided_at,
       a.total_cents
     FROM quotes q LEFT JOIN quote_acceptances a ON a.quote_id = q.id WHERE q.estimate_id IN (${REQUESTS})`,
  );
  const jobs = db.prepare<{ ids: string }, HistoryJob>(
    `SELECT j.id, j.quote_id, q.estimate_id, j.status, j.created_at, j.done_at FROM jobs j
       JOIN quotes q ON q.id = j.quote_id WHERE j.quote_id IN (${QUOTES})`,
  );
  const invoices = db.prepare<{ ids: string }, HistoryInvoice>(
    `SELECT id, quote_id, number, sent_at FROM invoices WHERE quote_id IN (${QUOTES})`,
  );
  const payments = db.prepare<{ ids: string }, HistoryPayment>(
    `SELECT 'deposit-' || id AS key, quote_id, NULL AS invoice_id, cents, method, 'paid' AS state,
       received_on AS day, recorded_at AS at FROM quote_payments WHERE quote_id IN (${QUOTES})
     UNION ALL
     SELECT 'invoice-' || p.id, i.quote_id, p.invoice_id, p.cents, p.method, 'paid', p.received_on, p.recorded_at
       FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.quote_id IN (${QUOTES})
     UNION ALL
     SELECT 'online-' || id, quote_id, invoice_id, cents, method, state, NULL, COALESCE(paid_at, created_at)
       FROM online_payments WHERE quote_id IN (${QUOTES})`,
  );
  const photos = db.prepare<{ ids: string }, HistoryPhotos>(
    `SELECT p.job_id, count(*) AS count, max(p.added_at) AS at FROM job_photos p JOIN jobs j ON j.id = p.job_id
     WHERE j.quote_id IN (${QUOTES}) GROUP BY p.job_id`,
  );
  const reviews = db.prepare<{ ids: string }, HistoryReview>(
    `SELECT estimate_id, created_at AS at, sent_at FROM outbox
     WHERE kind = 'review-request' AND cancelled_at IS NULL AND estimate_id IN (${REQUESTS})`,
  );
  return {
    /** Everything on these customers' requests (a survivor's group). */
    of(customerIds: readonly number[]): CustomerHistory {
      const args = { ids: JSON.stringify(customerIds) };
      return {
        requests: requests.all(args),
        visits: visits.all(args),
        quotes: quotes.all(args),
        jobs: jobs.all(args),
        invoices: invoices.all(args),
        payments: payments.all(args),
        photos: photos.all(args),
        reviews: reviews.all(args),
      };
    },
  };
}
