// The books of a few jobs for the unit tests (books.test.ts) and the zone fixture (books.fixture.ts): deposits
// recorded by hand and paid on the site on both sides of a month's last midnight in Chicago, the fall and the spring
// clock changes, a detached contract, and an invoice from a stand-in for the invoices' module.
import type { DepositContractRow, OnlineDepositRow, OwnerDepositRow } from "../store/deposit-books.ts";
import type { BookInvoice, BookPayment } from "../store/invoice-books.ts";
import type { BooksInput } from "./books.ts";

const lead = {
  received_at: "2026-10-01T15:00:00.000Z",
  referrer: null,
  landing_page: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  gclid: null,
  fbclid: null,
};
const none = { ...lead, estimate_id: null, received_at: null };

export const contracts: DepositContractRow[] = [
  {
    quote_id: 1,
    reference: "Q-AAAA01",
    name: "Dana Whitfield",
    deposit_cents: 55_000,
    total_cents: 220_000,
    first_sent_at: "2026-10-15T15:00:00.000Z",
    accepted_at: "2026-10-20T15:00:00.000Z",
    estimate_id: 11,
    ...lead,
    referrer: "https://www.google.com/",
  },
  {
    quote_id: 2,
    reference: "Q-AAAA02",
    name: "Sam Ortiz",
    deposit_cents: 30_000,
    total_cents: 120_000,
    first_sent_at: "2026-11-01T15:00:00.000Z",
    accepted_at: "2026-11-02T15:00:00.000Z",
    estimate_id: 12,
    ...lead,
    utm_source: "facebook",
    utm_campaign: "fall",
  },
  {
    quote_id: 3,
    reference: "Q-AAAA03",
    name: "Lee Park",
    deposit_cents: 0,
    total_cents: 100_000,
    first_sent_at: "2026-11-03T15:00:00.000Z",
    accepted_at: "2026-11-04T15:00:00.000Z",
    estimate_id: 13,
    ...lead,
    utm_campaign: "gbp",
  },
  {
    // A contract whose request was erased (decision 0033): no source.
    quote_id: 4,
    reference: "Q-AAAA04",
    name: "Pat Kim",
    deposit_cents: 10_000,
    total_cents: 40_000,
    first_sent_at: "2026-11-01T12:00:00.000Z",
    accepted_at: "2026-11-02T12:00:00.000Z",
    ...none,
  },
  {
    quote_id: 5,
    reference: "Q-AAAA05",
    name: "Robin Hale",
    deposit_cents: 25_000,
    total_cents: 90_000,
    first_sent_at: "2027-03-01T15:00:00.000Z",
    accepted_at: "2027-03-02T15:00:00.000Z",
    estimate_id: 15,
    ...lead,
  },
  {
    // Accepted, nothing paid: owed.
    quote_id: 6,
    reference: "Q-AAAA06",
    name: '=HYPERLINK("http://x")',
    deposit_cents: 12_345,
    total_cents: 50_000,
    first_sent_at: "2026-11-20T15:00:00.000Z",
    accepted_at: "2026-11-21T15:00:00.000Z",
    estimate_id: 16,
    ...lead,
  },
];

export const ownerDeposits: OwnerDepositRow[] = [
  { id: 1, quote_id: 1, cents: 20_000, method: "check", received_on: "2026-10-31" },
  { id: 2, quote_id: 4, cents: 10_000, method: "cash", received_on: "2026-11-05" },
];

export const onlineDeposits: OnlineDepositRow[] = [
  // 11:30 pm on Saturday 31 October in Chicago (CDT), the night before the clocks go back: October's.
  {
    id: 1,
    quote_id: 1,
    cents: 35_000,
    method: "card",
    state: "paid",
    refunded_cents: 0,
    dispute_state: null,
    created_at: "2026-11-01T04:20:00.000Z",
    paid_at: "2026-11-01T04:30:00.000Z",
  },
  // 11:30 pm on Monday 30 November (CST): November's, though it is already December in UTC.
  {
    id: 2,
    quote_id: 2,
    cents: 30_000,
    method: "bank",
    state: "pending",
    refunded_cents: 0,
    dispute_state: null,
    created_at: "2026-12-01T05:30:00.000Z",
    paid_at: null,
  },
  // 11:30 pm on Wednesday 31 March 2027 (CDT, after the spring change): March's; 5,000 of it refunded.
  {
    id: 3,
    quote_id: 5,
    cents: 25_000,
    method: "card",
    state: "paid",
    refunded_cents: 5_000,
    dispute_state: null,
    created_at: "2027-04-01T04:00:00.000Z",
    paid_at: "2027-04-01T04:30:00.000Z",
  },
];

export const invoices: BookInvoice[] = [
  {
    id: 7,
    number: "INV-0007",
    quoteId: 3,
    customerName: "Lee Park",
    state: "partly_paid",
    totalCents: 100_000,
    paidCents: 40_000,
    pendingCents: 0,
    disputedCents: 0,
    owedCents: 60_000,
    sentDay: "2026-11-10",
    paidDay: null,
  },
];

export const invoicePayments: BookPayment[] = [
  {
    day: "2026-11-12",
    number: "INV-0007",
    invoiceId: 7,
    customerName: "Lee Park",
    method: "zelle",
    cents: 40_000,
    refundedCents: 0,
    state: "paid",
  },
];

export const input: BooksInput = {
  contracts,
  ownerDeposits,
  onlineDeposits,
  invoices,
  invoicePayments,
  timeZone: "America/Chicago",
};
