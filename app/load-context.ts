// What the Node server hands every request (server/app.ts): the estimate store and request facts.
import type { Booking } from "../server/booking/booking.ts";
import type { Calendars } from "../server/calendars/calendars.ts";
import type { EstimateStore } from "../server/requests/estimate-store.ts";
import type { Publisher } from "../server/publishing/publish.ts";
import type { OwnerConsole } from "../server/owner/owner-console.ts";
import type { PushNotifier } from "../server/owner/push.ts";
import type { EstimateGuard, VisitGuard } from "../server/http/security.ts";
import type { QuoteService } from "../server/quotes/quote-service.ts";
import type { Payments } from "../server/payments/payments.ts";
import type { Jobs } from "../server/jobs/jobs.ts";
import type { PdfMaker } from "../server/documents/pdf-in-worker.ts";
import type { ReportPdfInput } from "../server/reports/report-pdf.ts";
import type { Marketing } from "../server/marketing/marketing.ts";

declare module "react-router" {
  interface AppLoadContext {
    estimates: EstimateStore;
    /** Quotes: the owner's drafts and sends, the homeowner's link and acceptance (server/quotes/quote-service.ts). */
    quotes: QuoteService;
    /** Deposits paid on the site through Stripe Checkout (server/payments/payments.ts); `enabled` false without keys. */
    payments: Payments;
    /** Jobs: an accepted quote's work days, "on my way", done (server/jobs/jobs.ts). */
    jobs: Jobs;
    /** Draws condition report PDFs in the server's worker thread (server/reports/report-pdfs.ts). */
    reportPdfs: PdfMaker<ReportPdfInput>;
    /** Reminders, campaigns, the one-click unsubscribe and booking links (server/marketing/); null in a bare app. */
    marketing: Marketing | null;
    /** Where the owner's alerts go; null when no mail is configured (requests are stored, nobody is told). */
    notifyTo: string | null;
    /** Whether senders get a confirmation e-mail, and at most one per address in how many hours. */
    confirmations: { enabled: boolean; periodHours: number };
    /** The site's public origin, for attribution (pages of this site). */
    siteOrigin: string;
    clientIp: string | null;
    /** Cross-site and rate-limit guards, run by the endpoint itself so every spelling of its URL is covered. */
    guardEstimate: EstimateGuard;
    /** The visit page's guards: same-site POSTs, bookings per address, failed link lookups. */
    guardVisit: VisitGuard;
    /** The estimate endpoint's upload settings (server/requests/estimate-upload.ts). */
    uploads: { idleMs: number };
    /** Saves the owner's edits and publishes them (server/publishing/publish.ts); null where the console cannot publish. */
    publisher: Publisher | null;
    /** The owner console's sessions, passkeys, tokens and audit log; every owner route reaches them through its guard. */
    owner: OwnerConsole;
    /** Booking the estimate visit (server/booking/booking.ts): windows, the homeowner's link, the owner's Visits. */
    booking: Booking;
    /** The owner's own calendars (busy times in) and his visits' feed (out): server/calendars/. */
    calendars: Calendars;
    /** The server's clock (server/time/clock.ts): the system's, or a test's. */
    now: () => Date;
    /** Pushes new requests to the owner's devices (server/owner/push.ts); null where the server sends none (tests). */
    push: PushNotifier | null;
    /**
     * Prunes a page's stylesheet to what it uses (app/lib/critical-css.ts) in the server's CSS worker
     * (server/http/critical-css-in-worker.ts), off the event loop; absent in a publish's render, which prunes itself.
     */
    criticalCss?: (html: string, stylesheet: string) => Promise<string>;
  }
}

export {};
