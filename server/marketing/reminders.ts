// The reminders' pass (decision 0052): every chimney due within the owner's weeks ahead (or up to a month late) gets
// its homeowner's reminder queued in the send ledger, once per customer and due day under a unique key, the second
// and last one on the due day. Read a page of properties at a time, each page's writes one short transaction, the
// event loop given back between reading a page and queueing it, and between pages: a day with thousands due never
// holds it (tools/bench-reminders.ts). Nothing is sent here: the sender asks everything again when it claims each one.
import { dayAt } from "../../app/lib/business-day.ts";
import { addDays, type Day } from "../time/wall-time.ts";
import type { FlueDue } from "../store/flue-dues.ts";
import type { MarketingContext } from "./marketing-context.ts";
import { addressHashes } from "./recipients.ts";
import { LATE_REMINDER_DAYS, remindersToQueue, sendSlot } from "./send-window.ts";

/**
 * Properties read per page: a page of ten due ones took some 6 ms of CPU on the machine this was measured on (a
 * property's dues are a dozen small queries, store/flue-dues.ts; its reminder a few more), 40 took 20 to 90.
 */
export const REMINDER_PAGE = 10;

/**
 * The pass's first page: its code and statements run for the first time there (V8 compiles a function at its first
 * call), which made one page of ten a 32 to 55 ms turn (tools/bench-reminders.ts --cpu-only).
 */
export const FIRST_REMINDER_PAGE = 2;

export const reminderKey = (customerId: number, due: Day, n: 1 | 2) => `reminder:${customerId}:${due}:${n}`;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createReminderPass(ctx: MarketingContext, queued: () => void) {
  const { sends, suppressions } = ctx.stores;
  let running: Promise<number> | null = null;

  /** When a customer's reminder n for a due day was sent, under any key of their merge group; null if never. */
  function sentOn(group: readonly number[], due: Day, n: 1 | 2): Day | null {
    for (const id of group) {
      const row = sends.byKey(reminderKey(id, due, n));
      if (row?.state === "sent" && row.done_at) return dayAt(row.done_at, ctx.sendRules().timeZone);
    }
    return null;
  }

  const known = (group: readonly number[], due: Day, n: 1 | 2) =>
    group.some((id) => sends.byKey(reminderKey(id, due, n)) !== undefined);

  /** One page's dues, queued in one transaction; how many rows it queued. */
  const queuePage = ctx.store.db.transaction((rows: readonly FlueDue[], today: Day, at: Date) => {
    const { reminderWeeks: weeks, secondReminder: second } = ctx.settings();
    let count = 0;
    const seen = new Set<string>();
    for (const due of rows) {
      const once = `${due.customerId} ${due.due.day}`;
      if (seen.has(once) || due.hasFutureVisit || due.hasOpenRequest || due.emails.length === 0) continue;
      seen.add(once);
      const emails = due.emails.map((e) => e.key);
      const phones = due.phones.map((p) => p.key);
      if (suppressions.any(addressHashes(ctx, emails, phones))) continue;
      const group = ctx.store.customers.group(due.customerId);
      const firstSentOn = sentOn(group, due.due.day, 1);
      for (const n of remindersToQueue(today, due.due.day, { weeks, second, firstSentOn })) {
        if (known(group, due.due.day, n)) continue;
        const key = reminderKey(due.customerId, due.due.day, n);
        const queuedNow = sends.queue({
          key,
          purpose: "reminder",
          customerId: due.customerId,
          propertyId: due.propertyId,
          dueDay: due.due.day,
          at,
        });
        if (queuedNow) count += 1;
      }
    }
    return count;
  });

  async function pass(): Promise<number> {
    const now = ctx.now();
    const rules = ctx.sendRules();
    const today = dayAt(now, rules.timeZone);
    const { reminderWeeks } = ctx.settings();
    const from = addDays(today, -LATE_REMINDER_DAYS);
    const to = addDays(today, 7 * reminderWeeks);
    // The day and its send window in turns of their own: a process's first use of a time zone reads ICU's data.
    await yieldToLoop();
    const at = sendSlot(now, rules) ?? now;
    await yieldToLoop();
    const started = performance.now();
    let total = 0;
    let pages = 0;
    let longest = 0;
    for (let after = 0; ;) {
      let pageStarted = performance.now();
      const limit = pages === 0 ? FIRST_REMINDER_PAGE : REMINDER_PAGE;
      const page = ctx.store.flueDues.dueBetween(from, to, ctx.dueSettings(), { after, limit });
      longest = Math.max(longest, performance.now() - pageStarted);
      // Reading a page and queueing it are a turn each: the sender asks everything again when it claims a send, and
      // the ledger's keys make a reminder once, so nothing read here can go stale into a mail.
      await yieldToLoop();
      pageStarted = performance.now();
      // Committed with its fsync off the event loop (server/db/durable-commit.ts): nothing waits on it.
      total += await ctx.store.durable.commit(() => queuePage(page.rows, today, at));
      pages += 1;
      longest = Math.max(longest, performance.now() - pageStarted);
      if (page.next === null) break;
      after = page.next;
      await yieldToLoop();
    }
    if (total > 0) {
      const ms = Math.round(performance.now() - started);
      ctx.log(
        `Reminders: ${total} queued for homeowners whose chimney is due by ${to} ` +
          `(${pages} pages in ${ms} ms, the longest ${Math.round(longest)} ms).`,
      );
      queued();
    }
    return total;
  }

  return {
    /** Queues what is due now; a pass already under way is joined, never run twice at once. */
    run(): Promise<number> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type ReminderPass = ReturnType<typeof createReminderPass>;
