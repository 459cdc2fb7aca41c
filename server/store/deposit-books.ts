// The deposits as the owner's books read them (server/books/): every accepted quote with the deposit its acceptance
// froze and where its request came from, the checks, cash and Zelle the owner recorded (quote_payments, migration
// 10) and the card and bank payments made on the site (online_payments, migration 12). Read only.
import type { ReportLead } from "../../app/lib/reports.ts";
import type { Db } from "../db/database.ts";
import type { DisputeState, OnlinePaymentState } from "./payments.ts";

/** Where a request came from, as the reports read it (all null once the contract is detached). */
type Attribution = Omit<ReportLead, "id" | "status" | "service" | "city" | "received_at">;

export type DepositContractRow = Attribution & {
  quote_id: number;
  reference: string;
  /** The name the acceptance holds: it stays when the request is erased (decision 0033). */
  name: string;
  deposit_cents: number;
  total_cents: number;
  first_sent_at: string | null;
  accepted_at: string;
  estimate_id: number | null;
  received_at: string | null;
};

export type OwnerDepositRow = { id: number; quote_id: number; cents: number; method: string; received_on: string };

export type OnlineDepositRow = {
  id: number;
  quote_id: number;
  cents: number;
  method: "card" | "bank";
  state: OnlinePaymentState;
  refunded_cents: number;
  dispute_state: DisputeState | null;
  created_at: string;
  paid_at: string | null;
};

export function depositContracts(db: Db): DepositContractRow[] {
  return db
    .prepare<[], DepositContractRow>(
      `SELECT q.id AS quote_id, q.reference, a.name, a.deposit_cents, a.total_cents, q.first_sent_at,
         a.at AS accepted_at, q.estimate_id, e.received_at, e.referrer, e.landing_page, e.utm_source, e.utm_medium,
         e.utm_campaign, e.gclid, e.fbclid
       FROM quotes q JOIN quote_acceptances a ON a.quote_id = q.id LEFT JOIN estimates e ON e.id = q.estimate_id
       WHERE q.status = 'accepted' ORDER BY a.at, q.id`,
    )
    .all();
}

export function ownerDeposits(db: Db): OwnerDepositRow[] {
  return db
    .prepare<[], OwnerDepositRow>(
      "SELECT id, quote_id, cents, method, received_on FROM quote_payments ORDER BY received_on, id",
    )
    .all();
}

export function onlineDeposits(db: Db): OnlineDepositRow[] {
  return db
    .prepare<[], OnlineDepositRow>(
      `SELECT id, quote_id, cents, method, state, refunded_cents, dispute_state, created_at, paid_at FROM online_payments
       WHERE purpose = 'deposit' ORDER BY created_at, id`,
    )
    .all();
}
