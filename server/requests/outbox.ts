// Sends the e-mails a request sets off, from the outbox table: a mail-server failure is retried with backoff,
// then given up after MAX_ATTEMPTS and reported; it never blocks or loses the request itself. The same loop
// queues the owner's reminders and deletes requests past their retention.
// The owner hears at once (decision 0013): a queued message wakes the loop, the owner's alerts go first, the loop
// drains the queue one message at a time, and no send may take longer than `timeoutMs`. Marketing mail (decision 0052)
// comes from a ledger of its own (`paced`): after the outbox's own messages, one at a time at its own pace, each
// claimed on disk before it goes, so a crash never sends one twice.
import nodemailer, { type SendMailOptions } from "nodemailer";
import { business } from "../../app/content/business.ts";
import { dayAt } from "../../app/lib/business-day.ts";
import { VISIT_RETENTION_MONTHS } from "../store/visitor-figures.ts";
import type { EstimateStore, MailKind, OutboxItem } from "./estimate-store.ts";
import { readStoredMail } from "./stored-mail.ts";
import { certainlyNotDelivered } from "./send-outcome.ts";
import { visitLabel } from "../../app/lib/visit-labels.ts";
import type { ReviewSettings } from "./review-words.ts";
import {
  confirmation,
  ownerAlert,
  reminder,
  reminderDue,
  reviewRequest,
  type ConsoleLinks,
  type Mail,
} from "./lead-mail.ts";

export const MAX_ATTEMPTS = 8;
export const DEFAULT_SEND_TIMEOUT_MS = 20_000;

/** Delay before the next attempt: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** attempts, 3_600_000);
}

/** A message from the paced ledger, claimed (on disk as being sent) before it is handed over. */
export type PacedItem = { id: number; to: string; mail: Mail; messageId: string; label: string };

/**
 * Mail another ledger keeps and paces (server/marketing/marketing-sender.ts): sent only when the outbox's own queue is
 * empty, so an owner's alert never waits behind a campaign.
 */
export type PacedMail = {
  /** The next message that may go now, claimed; `{ waitMs }` when the next may go only later; null when none. */
  claim(): Promise<PacedItem | { waitMs: number } | null>;
  sent(item: PacedItem): Promise<void>;
  /** A failed send; `maybeDelivered` when the server may have kept it (a timeout mid-message): never tried again. */
  failed(item: PacedItem, error: string, maybeDelivered: boolean): void;
  /** Calls `listener` whenever a message is queued; returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
};

export type OutboxOptions = {
  store: EstimateStore;
  smtpUrl: string;
  from: string;
  /** The owner's address, for reminders (read when one is queued: the console may change it). */
  ownerAddress: string | (() => string);
  siteUrl: string;
  /** The owner console's links for an alert (a fresh one-tap token each time it is composed). */
  consoleLinks?: (estimateId: number) => ConsoleLinks;
  /** The review request's words and link, read when one is written (the owner may have just changed them). */
  review?: () => ReviewSettings;
  /** A lead still new after this many business hours gets one reminder; 0 turns reminders off. */
  reminderAfterBusinessHours?: number;
  intervalMs?: number;
  /** Longest a single send may take, from connecting to the server's final answer. */
  timeoutMs?: number;
  /**
   * Other features' messages, finished when they are sent: given the message kept when it was queued (or null), the
   * Mail to send (a fresh link put in, say), "withdrawn" when it is no longer wanted (a reminder for a visit that
   * moved), or null when what it was about is gone. May be async (a quote's PDF is drawn when its e-mail is first
   * composed).
   */
  composers?: Partial<
    Record<
      MailKind,
      (item: OutboxItem, stored: Mail | null) => Mail | "withdrawn" | null | Promise<Mail | "withdrawn" | null>
    >
  >;
  /** A fresh link to book the visit for a request that has none, for its confirmation; null when booking is off. */
  visitLink?: (estimateId: number) => string | null;
  now?: () => Date;
  log?: (message: string) => void;
  warn?: (message: string) => void;
  /** Replaces the SMTP connection (tests that simulate a mail server's answers without one). */
  transport?: { sendMail(message: SendMailOptions): Promise<unknown>; close(): void };
  /** Marketing mail from its own ledger, at its own pace (decision 0052). */
  paced?: PacedMail;
};

/** Months before `now`, for the retention purge. */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export function createOutbox({
  store,
  smtpUrl,
  from,
  ownerAddress,
  siteUrl,
  consoleLinks,
  review,
  reminderAfterBusinessHours = 4,
  composers = {},
  visitLink = () => null,
  intervalMs = 5000,
  timeoutMs = DEFAULT_SEND_TIMEOUT_MS,
  now = () => new Date(),
  log = console.log,
  warn = console.error,
  transport: injected,
  paced,
}: OutboxOptions) {
  // One pooled connection: a backlog goes out over it at once instead of a new connection (and TLS handshake) per
  // message, and never more than one; it closes when idle. Each stage of a conversation is bounded too.
  const transport =
    injected ??
    nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 1,
      idleTimeout: 5000,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let pacedTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let unsubscribePaced: (() => void) | undefined;

  // One Message-ID per outbox row: should a send be repeated (the process stopped between the server's "250 OK" and
  // marking the row sent), the receiving mail system sees the same message again, and most keep one copy.
  const messageHost = new URL(siteUrl).hostname || "localhost";

  async function compose(item: OutboxItem): Promise<Mail | "withdrawn" | null> {
    const stored = item.message === null ? null : readStoredMail(item.message);
    const composer = composers[item.kind];
    if (composer) return composer(item, stored);
    if (stored) return stored;
    const lead = store.get(item.estimate_id);
    if (!lead) return null;
    if (item.kind === "confirmation") return confirmation(lead, { siteUrl, now: now(), visitLink: visitLink(lead.id) });
    if (item.kind === "reminder") return reminder(lead, { siteUrl, now: now() });
    if (item.kind === "review-request") {
      // Thrown, not null: the attempt is retried with the owner told why, once the link or words are fixed.
      const settings = review?.();
      if (!settings?.reviewUrl) throw new Error("no review link is set (Site → Business facts → Review link)");
      return reviewRequest(lead, settings.words, settings.reviewUrl);
    }
    const visit = store.visits.forLead(lead.id);
    const booked =
      visit?.status === "booked" ? `${visitLabel(visit, business.timeZone)}, ${visit.street}, ${visit.town}` : null;
    return ownerAlert(lead, consoleLinks?.(lead.id), store.photoPreviews(lead.id), booked);
  }

  // Reminders are a matter of business hours: looked for at most twice a minute, not on every message queued (each
  // look works out the business hours of every request still new).
  let remindersLookedAt = -Infinity;

  /** Queues a reminder for each lead that has waited too long while still new. */
  function queueReminders(): number {
    if (reminderAfterBusinessHours <= 0) return 0;
    remindersLookedAt = now().getTime();
    let queued = 0;
    for (const lead of store.awaitingReminder()) {
      if (!reminderDue(lead, now(), reminderAfterBusinessHours)) continue;
      store.remind(lead.id, typeof ownerAddress === "function" ? ownerAddress() : ownerAddress);
      queued += 1;
    }
    return queued;
  }

  async function send(to: string, mail: Mail, messageId: string) {
    // The whole send, however the server stalls (even a byte at a time), ends at the timeout; nodemailer closes
    // the connection on abort. @types/nodemailer does not know `signal` yet; nodemailer 10 honours it.
    const message: SendMailOptions & { signal: AbortSignal } = {
      from,
      to,
      replyTo: mail.replyTo,
      text: mail.text,
      html: mail.html,
      // The subject goes out through `headers`, already encoded; nodemailer's own `subject` stays unset.
      headers: mail.headers,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
      ...(mail.calendar
        ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.ics, filename: "invite.ics" } }
        : {}),
      messageId,
      signal: AbortSignal.timeout(timeoutMs),
    };
    try {
      await transport.sendMail(message);
    } catch (error) {
      // nodemailer's own timers (greeting, socket) may fire first; either way the owner reads one plain sentence.
      const timedOut = (error as { code?: unknown } | null)?.code === "ETIMEDOUT";
      const notTaken = certainlyNotDelivered(error);
      if (message.signal.aborted || timedOut) {
        throw Object.assign(new Error(`no answer from the mail server within ${timeoutMs / 1000} s`), { notTaken });
      }
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { notTaken });
    }
  }

  function recordFailure(item: OutboxItem, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const attempt = item.attempts + 1;
    if (attempt >= MAX_ATTEMPTS) {
      store.markFailed(item.id, message, null);
      warn(
        `!!! E-MAIL FAILED FOR GOOD: ${item.kind} for request #${item.estimate_id} to ${item.recipient} after ${attempt} attempts: ${message}`,
      );
    } else {
      store.markFailed(item.id, message, new Date(now().getTime() + retryDelayMs(item.attempts)));
      log(
        `E-mail (${item.kind}) for request #${item.estimate_id} failed (attempt ${attempt} of ${MAX_ATTEMPTS}): ${message}`,
      );
    }
  }

  /** One of the outbox's own messages: composed, sent, marked; true when it went. */
  async function sendItem(item: OutboxItem): Promise<boolean> {
    let mail: Mail | "withdrawn" | null;
    try {
      mail = await compose(item);
    } catch (error) {
      recordFailure(item, error);
      return false;
    }
    if (mail === "withdrawn") {
      store.withdraw(item.estimate_id, item.dedupe);
      return false;
    }
    if (!mail) {
      store.markFailed(item.id, "its request is gone", null);
      return false;
    }
    try {
      // A message queued by a commit whose fsync is still under way waits for it: nothing goes out unkept.
      await store.durable.settled();
      await send(item.recipient, mail, `<outbox-${item.id}.${item.estimate_id}@${messageHost}>`);
      // On disk before the next message, its fsync off the event loop (one for each message sent).
      await store.durable.commit(() => store.markSent(item.id));
      return true;
    } catch (error) {
      recordFailure(item, error);
      return false;
    }
  }

  /**
   * The paced ledger's next message, when the outbox's own queue is empty: claimed on disk first, then sent, then
   * marked. Null when there is nothing to send now (a wake-up is set for the next one); else whether it went.
   */
  async function sendPaced(): Promise<boolean | null> {
    if (!paced) return null;
    const next = await paced.claim();
    if (next === null) return null;
    if ("waitMs" in next) {
      clearTimeout(pacedTimer);
      pacedTimer = setTimeout(kick, Math.max(0, next.waitMs));
      pacedTimer.unref();
      return null;
    }
    try {
      await send(next.to, next.mail, next.messageId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const notTaken = (error as { notTaken?: unknown }).notTaken === true;
      paced.failed(next, message, !notTaken);
      log(`E-mail (${next.label}) failed: ${message}${notTaken ? "" : " (it may have arrived: not sent again)"}`);
      return false;
    }
    await paced.sent(next);
    return true;
  }

  /**
   * Sends every message due, one at a time, most urgent first: the queue is read again before each send, so an
   * alert queued meanwhile goes next; the paced ledger's messages go when it is empty. Every attempt leaves its row
   * sent or scheduled later, so the loop ends.
   */
  async function runOnce(): Promise<number> {
    if (running) return 0;
    running = true;
    let sent = 0;
    try {
      if (now().getTime() - remindersLookedAt >= 30_000) queueReminders();
      for (;;) {
        const item = store.dueMail({ limit: 1 })[0];
        const went = item ? await sendItem(item) : await sendPaced();
        if (went === null) break;
        if (went) sent += 1;
      }
    } finally {
      running = false;
    }
    return sent;
  }

  /** Starts a run now unless one is under way (which reads the queue again before each send anyway). */
  function kick() {
    if (running) return;
    runOnce().catch((error: unknown) => warn(`The outbox stopped on an error: ${String(error)}`));
  }

  return {
    runOnce,
    queueReminders,
    start() {
      // Storing a request queues its mail inside a transaction: send once it is committed, not at the next tick.
      unsubscribe = store.onQueued(() => setImmediate(kick));
      unsubscribePaced = paced?.onQueued(() => setImmediate(kick));
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    async stop() {
      unsubscribe?.();
      unsubscribePaced?.();
      clearInterval(timer);
      clearTimeout(pacedTimer);
      transport.close();
    },
  };
}

/** Deletes requests past the retention period (business.leads.retentionMonths); returns how many went. */
export function purgeExpired(store: EstimateStore, now: Date, log: (message: string) => void = console.log): number {
  const removed = store.purge(monthsBefore(now, business.leads.retentionMonths)).length;
  if (removed > 0) log(`Deleted ${removed} estimate request(s) older than ${business.leads.retentionMonths} months.`);
  // Visitor figures name nobody, but are kept no longer than the privacy page says.
  const days = store.visitorFigures.purgeBefore(dayAt(monthsBefore(now, VISIT_RETENTION_MONTHS), business.timeZone));
  if (days > 0) log(`Deleted ${days} row(s) of visitor figures older than ${VISIT_RETENTION_MONTHS} months.`);
  return removed;
}

export type Outbox = ReturnType<typeof createOutbox>;
