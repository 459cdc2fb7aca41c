// The services the app hands every request, each the caller's own or, by default, one built over the estimate
// store: booking, the owner's calendars, quotes, payments and jobs, wired to one another in this order.
import { business } from "../app/content/business.ts";
import { createBooking, type Booking } from "./booking/booking.ts";
import { createCalendars, type Calendars } from "./calendars/calendars.ts";
import { createCalendarParser } from "./calendars/parse-in-worker.ts";
import { createJobs, type Jobs } from "./jobs/jobs.ts";
import type { OwnerConsole } from "./owner/owner-console.ts";
import type { PushNotifier } from "./owner/push.ts";
import { createPayments, type Payments } from "./payments/payments.ts";
import { createQuoteService, type QuoteService } from "./quotes/quote-service.ts";
import { readQuoteWords } from "./quotes/quote-words.ts";
import type { EstimateStore } from "./requests/estimate-store.ts";

export type AppServices = {
  booking: Booking;
  calendars: Calendars;
  quotes: QuoteService;
  payments: Payments;
  jobs: Jobs;
  /** The owner's address for alerts, read now; null when no mail is configured. */
  notifyAddress: () => string | null;
};

export type ServiceOptions = {
  store: EstimateStore;
  owner: OwnerConsole;
  push: PushNotifier | null;
  clock: () => Date;
  notifyTo: string | null | (() => string | null);
  /** The site's origin (SITE_URL, else the build's); null when neither was set. */
  siteOrigin: string | null;
  siteUrl: string | null;
  booking?: Booking;
  calendars?: Calendars;
  quotes?: QuoteService;
  payments?: Payments;
  jobs?: Jobs;
};

export function appServices(options: ServiceOptions): AppServices {
  const { store, clock, notifyTo, siteOrigin, siteUrl } = options;
  const origin = siteOrigin ?? "http://localhost:3000";
  const notifyAddress = () => (typeof notifyTo === "function" ? notifyTo() : notifyTo);
  const mail = notifyTo !== null;
  const booking = options.booking ?? createBooking({ store, now: clock, siteUrl: siteOrigin ?? siteUrl ?? origin });
  const calendars =
    options.calendars ??
    createCalendars({
      store: store.calendars,
      parser: createCalendarParser(),
      clock,
      timeZone: () => business.timeZone,
      siteHost: new URL(siteOrigin || siteUrl || "http://localhost").hostname,
    });
  const quotes =
    options.quotes ??
    createQuoteService({
      store,
      audit: options.owner.audit,
      push: options.push,
      words: () => readQuoteWords(process.cwd()),
      business: () => business,
      siteUrl: origin,
      ownerAddress: notifyAddress,
      mail,
    });
  const payments =
    options.payments ??
    createPayments({ store, quotes, client: null, siteUrl: origin, ownerAddress: notifyAddress, mail });
  const jobs =
    options.jobs ??
    createJobs({
      store,
      now: clock,
      siteUrl: origin,
      mail,
      booking,
      busy: () => calendars.busy(),
      makeInvoice: (quoteId) => payments.invoices.make(quoteId),
    });
  return { booking, calendars, quotes, payments, jobs, notifyAddress };
}
