// A sent quote in a server's data folder, made as the owner's console makes one (the quote service over the same
// database file), with a homeowner's link whose token the caller gets: for budgets, benchmarks and screenshots.
import { business } from "../../app/content/business.ts";
import { addDays, dayAt } from "../../app/lib/business-day.ts";
import { instantAt } from "../../server/time/wall-time.ts";
import { createPayments } from "../../server/payments/payments.ts";
import { openEstimateStore, type EstimateStore, type NewPhoto } from "../../server/requests/estimate-store.ts";
import { openAuditLog } from "../../server/store/owner-audit.ts";
import { createQuoteService } from "../../server/quotes/quote-service.ts";
import { lineFromPreset, readQuoteWords } from "../../server/quotes/quote-words.ts";
import { hashSecret, newSecret } from "../../server/store/secrets.ts";

/** The largest quote the console makes: 3 options, 4 add-ons (48 choices the page prices), 6 lines each. */
export const LARGEST_QUOTE = {
  options: [
    ["crown-rebuild", "flashing", "cap-single", "brick-replacement", "waterproofing", "inspection"],
    ["partial-rebuild", "crown-rebuild", "flashing", "cap-multi", "waterproofing", "inspection"],
    ["partial-rebuild", "flue-liner", "crown-rebuild", "flashing", "cap-multi", "tuckpointing"],
  ],
  addons: ["waterproofing", "inspection", "glass-block", "crown-seal"],
};

/** The quote service over a store, as the server makes it, with mail on (queued; nothing sends it here). */
export function quoteServiceOver(store: EstimateStore, now: () => Date = () => new Date()) {
  const words = readQuoteWords(process.cwd());
  return createQuoteService({
    store,
    now,
    audit: openAuditLog(store.db),
    words: () => words,
    business: () => business,
    siteUrl: "http://localhost",
    ownerAddress: () => null,
    // Queued as on a server with mail; nothing sends it here (no outbox runs in this process).
    mail: true,
  });
}

/** `sentAt` in the past makes a quote that has expired (quotes are valid for 30 days). */
export function seedQuote(
  dataDir: string,
  {
    options = [["crown-rebuild"]],
    addons = [],
    photos = [],
    note = "Thanks for having us out on Tuesday. Every option includes haul-away and a full clean-up.",
    sentAt,
    city = "Normal",
    name = "Dana Whitfield",
  }: {
    options?: string[][];
    addons?: string[];
    photos?: NewPhoto[];
    note?: string;
    sentAt?: Date;
    /** The town the request named; null when it named none. */
    city?: string | null;
    /** Who asked. */
    name?: string;
  } = {},
): { token: string; quoteId: number; estimateId: number } {
  const now = () => sentAt ?? new Date();
  const store = openEstimateStore({ dataDir, now });
  try {
    const quotes = quoteServiceOver(store, now);
    const words = quotes.words();
    const { id } = store.save({
      name,
      email: `dana-${newSecret().slice(0, 6)}@example.com`,
      phone: "(309) 555-0177",
      service: "Chimney Crown Repair",
      message: "The crown is cracked.",
      city,
      spam: false,
      idempotencyKey: null,
      ip: null,
      userAgent: null,
      photos,
    });
    const q = quotes.draftFor(id);
    let n = 0;
    const line = (key: string) => {
      const preset = words.presets.find((p) => p.key === key);
      if (!preset) throw new Error(`no preset ${key}`);
      return lineFromPreset(preset, `l${++n}`);
    };
    const hashes = quotes.attachRequestPhotos(
      q.id,
      photos.map((_, i) => i + 1),
    );
    quotes.saveDraft(q.id, {
      ...quotes.details(q.id).draft,
      note,
      photos: hashes,
      options: options.map((keys, i) => ({
        id: `o${i}`,
        name: options.length > 1 ? (["Repair", "Rebuild", "Rebuild and line"][i] ?? "") : "",
        lines: keys.map(line),
      })),
      addons: addons.map(line),
    });
    quotes.send(q.id, { ip: null, userAgent: null });
    const token = newSecret();
    store.quotes.addLink(q.id, hashSecret(token), "email");
    return { token, quoteId: q.id, estimateId: id };
  } finally {
    store.close();
  }
}

/**
 * An invoice made from a quote the homeowner accepted, as the console makes one: a draft, or sent with a homeowner's
 * link whose token the caller gets, and `paidCents` of it (or all it asks) received by check.
 */
export function seedInvoice(
  dataDir: string,
  {
    sent = true,
    paidCents = 0,
    city,
    name,
  }: { sent?: boolean; paidCents?: number | "all"; city?: string | null; name?: string } = {},
): { invoiceId: number; quoteId: number; token: string } {
  const { token: quoteToken, quoteId } = seedQuote(dataDir, {
    ...(city === undefined ? {} : { city }),
    ...(name === undefined ? {} : { name }),
  });
  const store = openEstimateStore({ dataDir });
  try {
    const quotes = quoteServiceOver(store);
    const found = quotes.lookup(quoteToken, null);
    if (!found || found === "limited") throw new Error("the seeded quote is not found");
    const optionKey = quotes.page(found).options[0]?.key ?? "";
    const choice = { optionKey, addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 };
    quotes.accept(quoteToken, choice, { ip: null, userAgent: null, inHome: false });
    const payments = createPayments({
      store,
      quotes,
      client: null,
      now: () => new Date(),
      siteUrl: "http://localhost",
      ownerAddress: () => null,
      mail: true,
    });
    const invoice = payments.invoices.make(quoteId);
    const token = newSecret();
    if (sent) {
      payments.invoices.send(invoice.id);
      store.invoices.addLink(invoice.id, hashSecret(token));
      const row = payments.invoices.get(invoice.id);
      const cents = paidCents === "all" && row ? payments.invoices.figures(row).money.owed : Number(paidCents);
      if (cents > 0) {
        const receivedOn = dayAt(new Date(), business.timeZone);
        payments.invoices.recordPayment(invoice.id, { cents, method: "check", receivedOn });
      }
    }
    return { invoiceId: invoice.id, quoteId, token };
  } finally {
    store.close();
  }
}

/**
 * A job on an accepted quote (its invoice sent when `invoice`), with two work days from tomorrow and a homeowner's
 * link whose token the caller gets: for the accessibility checks and screenshots.
 */
export function seedJob(
  dataDir: string,
  { invoice = true, city }: { invoice?: boolean; city?: string | null } = {},
): { jobId: number; quoteId: number; token: string } {
  const { quoteId } = seedInvoice(dataDir, { sent: invoice, ...(city === undefined ? {} : { city }) });
  const store = openEstimateStore({ dataDir });
  try {
    const { job } = store.jobs.make(quoteId);
    const today = dayAt(new Date(), business.timeZone);
    for (const [n, starts, ends] of [
      [1, "08:00", "10:00"],
      [2, "10:00", "12:00"],
    ] as const) {
      const day = addDays(today, n);
      store.jobs.addDay(job.id, `job-${newSecret()}@localhost`, {
        day,
        starts,
        ends,
        starts_at: instantAt(day, starts, business.timeZone).toISOString(),
        ends_at: instantAt(day, ends, business.timeZone).toISOString(),
      });
    }
    const token = newSecret();
    store.jobs.addLink(job.id, hashSecret(token));
    return { jobId: job.id, quoteId, token };
  } finally {
    store.close();
  }
}
