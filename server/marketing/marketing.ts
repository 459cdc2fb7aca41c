// Marketing mail put together (decision 0052): the sender the outbox takes its paced mail from, the reminders' pass,
// campaigns, the one-click unsubscribe, the booking link, and the suppression list's other writers (the owner's
// "stop e-mailing this address", erasure). The server starts it (server/start.ts); the pages reach it through their
// load context.
import { dayAt } from "../../app/lib/business-day.ts";
import { emailKey, phoneKey } from "../customers/contact-keys.ts";
import type { Booking } from "../booking/booking.ts";
import type { SuppressionSource } from "../store/suppressions.ts";
import { createCampaigns } from "./campaigns.ts";
import { marketingContext, type MarketingOptions } from "./marketing-context.ts";
import { createMarketingSender } from "./marketing-sender.ts";
import { createRebook } from "./rebook.ts";
import { contactKeys } from "./recipients.ts";
import { createReminderPass } from "./reminders.ts";
import { createUnsubscribe } from "./unsubscribe.ts";
import { suppressErasedAddress } from "./erased-address.ts";

/** The unsubscribe page's words when the owner's file cannot be read: the unsubscribe itself never waits on them. */
const FALLBACK_PAGE = {
  title: "Stop our reminders and offers?",
  intro: "We will send this address no more reminders or offers.",
  button: "Unsubscribe",
  doneTitle: "You are unsubscribed",
  doneIntro: "We will send you no more reminders or offers.",
};

export function createMarketing(
  options: MarketingOptions & {
    booking: Booking;
    notifyTo?: () => string | null;
    /** How often the reminders' pass looks for chimneys coming due (15 minutes). */
    passEveryMs?: number;
  },
) {
  const ctx = marketingContext(options);
  // The business's time zone read once now, at the start: a process's first use of a zone reads ICU's data (28 ms on
  // Node 24 here), which would otherwise land in the first reminders' pass (tools/bench-reminders.ts).
  dayAt(ctx.now(), ctx.sendRules().timeZone);
  const sender = createMarketingSender(ctx);
  const reminders = createReminderPass(ctx, () => sender.queued());
  const { suppressions, sends } = ctx.stores;
  let timer: NodeJS.Timeout | undefined;
  // Before anything of this process can claim a send: a row `sending` now was cut off by a stop (the outbox's first
  // look, at its start, claims one at once).
  const interrupted = sends.markInterrupted();

  /** An address typed by the owner or found in an erased record: its hash on the list; false when it is neither. */
  function suppressTyped(typed: string, source: SuppressionSource): "email" | "phone" | null {
    const email = emailKey(typed);
    if (email) {
      suppressions.add(ctx.keys.hash("email", email), "email", source);
      return "email";
    }
    const phone = phoneKey(typed);
    if (phone) {
      suppressions.add(ctx.keys.hash("phone", phone.e164), "phone", source);
      return "phone";
    }
    return null;
  }

  return {
    sender,
    reminders,
    campaigns: createCampaigns(ctx, sender),
    unsubscribe: createUnsubscribe(ctx),
    rebook: createRebook(ctx, options.booking, options.notifyTo ?? (() => null)),
    /** The unsubscribe page's words (content/marketing-mail.yaml), or plain ones when the file cannot be read. */
    pageWords(): typeof FALLBACK_PAGE {
      try {
        const page = ctx.words().unsubscribePage;
        return { ...page, doneTitle: page.done.title, doneIntro: page.done.intro };
      } catch (error) {
        ctx.warn(`The unsubscribe page's words cannot be read, plain ones used: ${String(error)}`);
        return FALLBACK_PAGE;
      }
    },
    /** Why queued marketing mail is held (no postal address, unreadable words); null while it goes. */
    held: () => sender.held(),
    /** The reminders queued since an instant, by state. */
    reminderCounts: (since: Date) => sends.reminderCounts(since),
    /** The shortest time between two marketing e-mails, in seconds. */
    paceSeconds: () => ctx.paceMs / 1000,
    /** How many addresses are on the suppression list, by why. */
    suppressionCounts: () => suppressions.counts(),
    /** The owner's "stop e-mailing this address": an e-mail or a phone as typed. */
    stopAddress: (typed: string) => suppressTyped(typed, "owner"),
    /** An erased request's address (the console's Erase, `npm run leads -- --erase`): never mailed again. */
    eraseAddress: (email: string) => suppressErasedAddress(ctx.store, email),
    /** Whether any of a customer's e-mails or phones is on the list (the customer's page says so). */
    isSuppressed(customerId: number): boolean {
      const { emails, phones } = contactKeys(ctx, ctx.store.customers.group(customerId));
      return suppressions.any([
        ...emails.map((e) => ctx.keys.hash("email", e)),
        ...phones.map((p) => ctx.keys.hash("phone", p)),
      ]);
    },
    /** At start: says which sends a stop cut off (unknown now, never sent again unless the owner says so); passes. */
    start(): number {
      if (interrupted > 0) {
        ctx.warn(
          `!!! ${interrupted} marketing e-mail(s) were being sent when the server stopped: marked unknown, not sent again. The owner decides on each in Campaigns.`,
        );
      }
      const pass = () =>
        void reminders.run().catch((error: unknown) => {
          ctx.warn(`The reminders' pass stopped on an error (it runs again later): ${String(error)}`);
        });
      pass();
      timer = setInterval(pass, options.passEveryMs ?? 15 * 60_000);
      timer.unref();
      return interrupted;
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}

export type Marketing = ReturnType<typeof createMarketing>;
