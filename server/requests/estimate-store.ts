// The store the server and the leads command open: one SQLite connection (server/db/) shared by a module per
// concern (server/store/). New tables add a migration and a store module over `db`.
import { openDatabase } from "../db/database.ts";
import { durableCommits } from "../db/durable-commit.ts";
import { createCalendarStore } from "../store/calendars.ts";
import { createCustomerStore } from "../store/customers.ts";
import { createCustomerLinks } from "../store/customer-links.ts";
import { createCustomerSearch } from "../store/customer-search.ts";
import { createCustomerHistory } from "../store/customer-history.ts";
import { createFlueStore } from "../store/flues.ts";
import { createFlueDues } from "../store/flue-dues.ts";
import { createCustomerIntake } from "../customers/intake.ts";
import { createHealthStore } from "../store/health.ts";
import { createReportStore } from "../store/condition-reports.ts";
import { createReportPhotoStore } from "../store/report-photos.ts";
import { createReportVersionStore } from "../store/report-versions.ts";
import { createReportQuoteLineStore } from "../store/report-quote-lines.ts";
import { createReportSendStore } from "../store/report-sends.ts";
import { createMarketingStores } from "../store/marketing.ts";
import { createOutboxStore } from "../store/outbox.ts";
import { createQuoteStore } from "../store/quotes.ts";
import { createPaymentStore } from "../store/payments.ts";
import { createInvoiceStore } from "../store/invoices.ts";
import { createJobStore } from "../store/jobs.ts";
import { createJobPhotoStore } from "../store/job-photos.ts";
import { createRequestStore } from "../store/requests.ts";
import { createRetentionStore } from "../store/retention.ts";
import { createVisitorFigureStore } from "../store/visitor-figures.ts";
import { createVisitStore } from "../store/visits.ts";

// Callers keep importing the types from here.
export * from "../store/types.ts";

export function openEstimateStore({
  dataDir = process.env.DATA_DIR ?? "data",
  fileName = "estimates.db",
  now = () => new Date(),
}: { dataDir?: string; fileName?: string; now?: () => Date } = {}) {
  const { db, file } = openDatabase({ dataDir, fileName });
  const mail = createOutboxStore(db, now);
  const retention = createRetentionStore(db);
  const jobPhotos = createJobPhotoStore(db, now);
  const customers = createCustomerStore(db, now);
  const customerLinks = createCustomerLinks(db, now, customers);
  const flues = createFlueStore(db, now);
  const customerIntake = createCustomerIntake(db, customers, customerLinks);
  return {
    file,
    /** The shared connection, for store modules of other concerns. */
    db,
    /** Commits on disk before they are answered, with the fsync off the event loop (the webhook's). */
    durable: durableCommits(db, file),
    ...createRequestStore(db, now, mail, (id, estimate) => customerIntake.attach(id, estimate)),
    ...mail,
    ...retention,
    ...createHealthStore(db, now),
    /** Visitor figures: daily aggregates (server/visitors/visitor-counter.ts writes them). */
    visitorFigures: createVisitorFigureStore(db),
    /** Booked estimate visits, their links and the owner's availability (server/booking/ keeps the rules). */
    visits: createVisitStore(db, now),
    /** The owner's own calendars and his visits' feed (server/calendars/ reads them). */
    calendars: createCalendarStore(db, now),
    /** Quotes: drafts, frozen versions, acceptances (server/quotes/ works them). */
    quotes: createQuoteStore(db, now),
    /** Deposits paid on the site: checkout sessions, provider events, card and bank payments (server/payments/). */
    payments: createPaymentStore(db, now),
    /** Invoices: drafts, numbers, frozen versions, links, payments received (server/invoices/). */
    invoices: createInvoiceStore(db, now),
    /** Jobs: an accepted quote's work days, their invites, "on my way" (server/jobs/). */
    jobs: createJobStore(db, now),
    /** A job's photos before and after, the homeowner's consent, pairs on Recent work (server/jobs/job-photos*.ts). */
    jobPhotos,
    /** Customers, their contacts and properties, requests linked to them (server/customers/, decision 0051). */
    customers,
    /** Suggestions, merges and their undo, "not the same person". */
    customerLinks,
    /** Finding a customer by name, street, phone or e-mail. */
    customerSearch: createCustomerSearch(db, customers),
    /** A customer's requests and all that came of them, read where they live. */
    customerHistory: createCustomerHistory(db),
    /** A property's flues and appliances. */
    flues,
    /** When each flue is next due, and the flues due in a window (the reminders read it). */
    flueDues: createFlueDues(db, now, customers, flues),
    /** A request's customer at intake, and the back-fill of requests stored before customers. */
    customerIntake,
    /** Condition reports: one per estimate visit, findings per flue and part (server/reports/, decision 0054). */
    reports: createReportStore(db, now),
    /** A condition report's photos, by the id the phone made for each. */
    reportPhotos: createReportPhotoStore(db, now),
    /** A condition report's sent versions, frozen, with their PDFs and the homeowner's links. */
    reportVersions: createReportVersionStore(db, now),
    /** Quote lines made from findings, and findings left out of a quote with the reason. */
    reportQuoteLines: createReportQuoteLineStore(db, now),
    /** Reads across a report's sent versions: its photos by hash, a customer's reports, the Reports page's figures. */
    reportSends: createReportSendStore(db),
    /** Marketing mail: the suppression list, the send ledger, campaigns (server/marketing/, decision 0052). */
    marketing: createMarketingStores(db, now),
    close() {
      if (db.open) db.close();
    },
  };
}

export type EstimateStore = ReturnType<typeof openEstimateStore>;
