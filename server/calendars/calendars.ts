// The owner's own calendars, both ways (issue 47, decision 0031). In: each secret iCal address he pasted is read every
// 15 minutes (safe-fetch.ts, ETag and If-Modified-Since; a full read once a day so the weeks ahead stay covered),
// parsed in a worker (parse-in-worker.ts), and its busy times replace that calendar's last ones; booking closes every
// window they overlap. Whatever goes wrong keeps the last good busy times and is said in the console in his words.
// Out: the feed of his upcoming visits (feed.ts), at a secret address kept as a hash.
import type { Busy } from "../booking/windows.ts";
import { rateLimiter } from "../http/security.ts";
import type { CalendarRow, CalendarStore } from "../store/calendars.ts";
import type { VisitRow } from "../store/visits.ts";
import { visitsFeed } from "./feed.ts";
import type { WorkDay } from "../jobs/work-days-view.ts";
import type { CalendarParser } from "./parse-in-worker.ts";
import { calendarUrl, fetchCalendar, FetchProblem, type FetchOptions } from "./safe-fetch.ts";

const DAY_MS = 86_400_000;

export const CALENDAR_TIMES = {
  /** How often each calendar is read. */
  readEveryMs: 15 * 60_000,
  /** A calendar not read for this long is named on the Visits view. */
  staleAfterMs: 2 * 3_600_000,
  /** A calendar is read in full (no ETag) at least this often, so its repeating events reach far enough ahead. */
  reparseAfterMs: 24 * 3_600_000,
  /** Busy times are kept from a day ago to this many days ahead (booking looks 90 days ahead at most). */
  aheadDays: 92,
  /** Calendars the owner may add. */
  maxCalendars: 10,
};

export type CalendarState = {
  id: number;
  label: string;
  host: string;
  /** The address with its secret part hidden, to recognise it by. */
  shown: string;
  addedAt: string;
  readAt: string | null;
  triedAt: string | null;
  problem: string | null;
  problemSince: string | null;
  notes: string[];
  events: number | null;
  busyCount: number | null;
  reading: boolean;
  /** Not read for CALENDAR_TIMES.staleAfterMs: its busy times may be out of date. */
  stale: boolean;
};

/**
 * How a read ended. `lasting` when the address can never be read as it is (an internal address, a certificate that
 * fails, a redirect to http): refused at Add. Anything else (a timeout, its server's 5xx) may pass, and is kept.
 */
export type ReadOutcome = { ok: true } | { ok: false; problem: string; lasting: boolean };

const LASTING_PROBLEMS: ReadonlySet<string> = new Set(["address", "port", "tls", "scheme"]);

/** How long a new feed address waits in memory for the one page that shows it. */
const SHOWN_FEED_MS = 10 * 60_000;

/** A busy time of the owner's that overlaps a visit. */
export type Clash = { calendarId: number; label: string; start: Date; end: Date };

export type CalendarsOptions = {
  store: CalendarStore;
  parser: CalendarParser;
  clock?: () => Date;
  /** The business's zone (floating times and all-day events are its wall clock). */
  timeZone: () => string;
  /** The site's host, whose visit UIDs (the owner's accepted invites) are not his own busy times. */
  siteHost: string;
  fetchOptions?: FetchOptions;
  readEveryMs?: number;
  log?: (message: string) => void;
};

/** The address with its secret parts hidden: "calendar.google.com/…/basic.ics"; a long last part (iCloud's) goes too. */
function shownAddress(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split("/").filter(Boolean).at(-1) ?? "";
    const tail = last.length > 24 ? "" : last;
    return `${u.host}/…${tail ? `/${tail}` : ""}`;
  } catch {
    return "…";
  }
}

/** Index of the first interval (start, end pairs) that ends after `at`. */
function firstEndingAfter(list: Float64Array, at: number): number {
  let low = 0;
  let high = list.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((list[2 * mid + 1] as number) <= at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Sorted, overlapping or touching intervals of several lists merged into one. */
function mergeAll(lists: Iterable<Float64Array>): Busy[] {
  const pairs: [number, number][] = [];
  for (const list of lists)
    for (let i = 0; i < list.length; i += 2) pairs.push([list[i] as number, list[i + 1] as number]);
  pairs.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of pairs) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

export function createCalendars({
  store,
  parser,
  clock = () => new Date(),
  timeZone,
  siteHost,
  fetchOptions = {},
  readEveryMs = CALENDAR_TIMES.readEveryMs,
  log = console.error,
}: CalendarsOptions) {
  let byCalendar = store.busy();
  let merged = mergeAll(byCalendar.values());
  const reading = new Map<number, Promise<ReadOutcome>>();
  const feedMisses = rateLimiter({ perMinute: 20, now: () => Date.now() });
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let stopped = false;
  /** When a calendar app last fetched the feed (in memory: a GET writes nothing). */
  let feedFetchedAt: Date | null = null;
  /**
   * A new feed address, by the console session that made it, until its page shows it once (post/redirect/get). In
   * memory only: the database keeps the address's hash, never the address.
   */
  const feedToShow = new Map<number, { token: string; until: number }>();

  function refresh() {
    byCalendar = store.busy();
    merged = mergeAll(byCalendar.values());
  }

  function hostOf(url: string) {
    try {
      return new URL(url).host;
    } catch {
      return "?";
    }
  }

  function failed(row: CalendarRow, problem: string, lasting = false): ReadOutcome {
    if (row.problem !== problem) log(`Calendar ${row.id} (${hostOf(row.url)}) was not read: ${problem}`);
    store.failed(row.id, problem);
    return { ok: false, problem, lasting };
  }

  async function readOne(id: number): Promise<ReadOutcome> {
    const row = store.get(id);
    if (!row) return { ok: false, problem: "The calendar is no longer on the list.", lasting: false };
    const now = clock().getTime();
    // A full read once a day: a 304 keeps the busy times of the last parse, whose weeks ahead end sooner every day.
    const full = !row.parsed_at || now - Date.parse(row.parsed_at) >= CALENDAR_TIMES.reparseAfterMs;
    try {
      const fetched = await fetchCalendar(
        { url: row.url, etag: full ? null : row.etag, lastModified: full ? null : row.last_modified },
        fetchOptions,
      );
      if (fetched.status === "unchanged") {
        store.unchanged(id);
        if (row.problem) log(`Calendar ${id} (${hostOf(row.url)}) is read again.`);
        return { ok: true };
      }
      const from = clock().getTime() - DAY_MS;
      const outcome = await parser.parse({
        bytes: fetched.body,
        from,
        to: from + (CALENDAR_TIMES.aheadDays + 1) * DAY_MS,
        timeZone: timeZone(),
        visitUidHost: siteHost,
      });
      if (!outcome.ok) return failed(row, outcome.problem);
      const kept = store.parsed(id, outcome.busy, {
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        notes: outcome.notes.join("\n"),
        events: outcome.events,
      });
      if (kept) refresh();
      if (row.problem) log(`Calendar ${id} (${hostOf(row.url)}) is read again.`);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof FetchProblem)) {
        log(
          `Calendar ${id} could not be read: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
      const problem = error instanceof FetchProblem ? error.message : "The calendar could not be read.";
      const lasting = error instanceof FetchProblem && LASTING_PROBLEMS.has(error.kind);
      try {
        return failed(row, problem, lasting);
      } catch (storeError) {
        log(`Calendar ${id}'s problem could not be saved: ${String(storeError)}`);
        return { ok: false, problem, lasting };
      }
    }
  }

  /** Reads one calendar now (one read of it at a time); never throws. */
  function read(id: number): Promise<ReadOutcome> {
    const running = reading.get(id);
    if (running) return running;
    const run = readOne(id).finally(() => reading.delete(id));
    reading.set(id, run);
    return run;
  }

  function due(row: CalendarRow, now: number) {
    return !row.tried_at || now - Date.parse(row.tried_at) >= readEveryMs;
  }

  /** Reads every calendar that is due, one after another (one calendar's bytes in memory at a time). */
  async function tick() {
    if (ticking || stopped) return;
    ticking = true;
    try {
      for (const row of store.list()) {
        if (stopped) break;
        if (due(row, clock().getTime())) await read(row.id);
      }
    } catch (error) {
      log(`The calendars could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      ticking = false;
    }
  }

  function add(input: string, label: string): { id: number } | { error: string } {
    const checked = calendarUrl(input);
    if ("error" in checked) return checked;
    const rows = store.list();
    if (rows.length >= CALENDAR_TIMES.maxCalendars) {
      return { error: `You have ${CALENDAR_TIMES.maxCalendars} calendars already: remove one first.` };
    }
    if (rows.some((r) => r.url === checked.url)) return { error: "That calendar is on the list already." };
    const name = label.trim().slice(0, 60) || hostOf(checked.url);
    return { id: store.add(checked.url, name) };
  }

  function state(row: CalendarRow, now: number): CalendarState {
    const last = Date.parse(row.read_at ?? row.added_at);
    return {
      id: row.id,
      label: row.label,
      host: hostOf(row.url),
      shown: shownAddress(row.url),
      addedAt: row.added_at,
      readAt: row.read_at,
      triedAt: row.tried_at,
      problem: row.problem,
      problemSince: row.problem_since,
      notes: row.notes ? row.notes.split("\n") : [],
      events: row.events,
      busyCount: row.busy_count,
      reading: reading.has(row.id),
      stale: now - last >= CALENDAR_TIMES.staleAfterMs,
    };
  }

  return {
    start() {
      stopped = false;
      // Looked at five times a cycle: a calendar is read at most a fifth of a cycle after it is due.
      timer = setInterval(() => void tick(), Math.min(Math.max(1_000, readEveryMs / 5), 60_000));
      timer.unref();
      void tick();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    /** Every calendar, as the console shows it. */
    list(): CalendarState[] {
      const now = clock().getTime();
      return store.list().map((row) => state(row, now));
    },
    /** Calendars not read for two hours: their busy times may be out of date. */
    stale(): CalendarState[] {
      return this.list().filter((c) => c.stale);
    },
    /** Adds a calendar (not read yet: `read` it). */
    add,
    /**
     * Adds a calendar and reads it, waiting at most `waitMs`. An address that can never be read (an internal address,
     * a certificate that fails) is refused in the words of its failed read, and not kept; one whose read failed for a
     * passing reason (a timeout, its server's 5xx), or is still going, is kept and read again every cycle.
     */
    async addAndRead(input: string, label: string, waitMs: number): Promise<{ id: number } | { error: string }> {
      const added = add(input, label);
      if ("error" in added) return added;
      const outcome = await Promise.race([
        read(added.id),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref()),
      ]);
      if (outcome && !outcome.ok && outcome.lasting) {
        if (store.remove(added.id)) refresh();
        return { error: outcome.problem };
      }
      return added;
    },
    remove(id: number): boolean {
      const removed = store.remove(id);
      if (removed) refresh();
      return removed;
    },
    read,
    /** Waits for the read of a calendar, at most `ms` (the console shows it read when it was quick). */
    async readWithin(id: number, ms: number): Promise<void> {
      await Promise.race([read(id), new Promise((r) => setTimeout(r, ms).unref())]);
    },
    /** The owner's busy times, every calendar's merged and sorted, for booking (windows.ts). */
    busy(): readonly Busy[] {
      return merged;
    },
    /** For each visit, the busy times of the owner's that overlap it. */
    clashes(visits: readonly Pick<VisitRow, "id" | "starts_at" | "ends_at">[]): Map<number, Clash[]> {
      const labels = new Map(store.list().map((r) => [r.id, r.label]));
      const found = new Map<number, Clash[]>();
      for (const visit of visits) {
        const start = Date.parse(visit.starts_at);
        const end = Date.parse(visit.ends_at);
        const clashes: Clash[] = [];
        for (const [calendarId, list] of byCalendar) {
          for (let i = firstEndingAfter(list, start); i < list.length / 2; i++) {
            const busyStart = list[2 * i] as number;
            if (busyStart >= end) break;
            clashes.push({
              calendarId,
              label: labels.get(calendarId) ?? "",
              start: new Date(busyStart),
              end: new Date(list[2 * i + 1] as number),
            });
          }
        }
        if (clashes.length > 0) found.set(visit.id, clashes);
      }
      return found;
    },
    feed: {
      madeAt: () => store.feedMadeAt(),
      fetchedAt: () => feedFetchedAt,
      /**
       * A new address for the feed; the old one answers 404 at once. Its secret waits for the next page of the
       * console session `showTo` (`takeNew`), which shows it once.
       */
      rotate(showTo: number): void {
        feedToShow.set(showTo, { token: store.newFeedToken(), until: clock().getTime() + SHOWN_FEED_MS });
      },
      /** The address this session made and has not been shown yet; null once shown (a reload shows it no more). */
      takeNew(sessionId: number): string | null {
        const made = feedToShow.get(sessionId);
        feedToShow.delete(sessionId);
        return made && made.until > clock().getTime() ? made.token : null;
      },
      /** The feed for a token, or null for one that is not the current one. */
      answer(
        token: string,
        visits: () => readonly VisitRow[],
        contact: (visit: VisitRow) => { name: string; phone: string } | null,
        consoleUrl: string,
        workDays: () => readonly WorkDay[] = () => [],
      ) {
        if (!store.isFeedToken(token)) return null;
        feedFetchedAt = clock();
        return visitsFeed({ visits: visits(), workDays: workDays(), contact, consoleUrl });
      },
      /** Counts an unknown token; false once an address has tried too many. */
      miss: (clientIp: string | null) => feedMisses(clientIp ?? "unknown").ok,
    },
    /** How often each calendar is read (CALENDAR_READ_SECONDS). */
    readEveryMs,
  };
}

export type Calendars = ReturnType<typeof createCalendars>;
