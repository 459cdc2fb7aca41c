// The server's settings, read once from the environment (and a .env file) and checked at the boundary:
// a bad value stops the start with a message naming the variable, never a surprise later.
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A whole number, or the default when unset. */
const integer = (fallback: number, min: number, max: number) =>
  optionalText.transform((v) => (v === undefined ? fallback : Number(v))).pipe(z.number().int().min(min).max(max));

const origins = optionalText.transform((v, ctx) => {
  const list = (v ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/[^/\s]+$/i.test(origin.replace(/\/$/, ""))) {
      ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin like https://www.example.com` });
    }
  }
  return list;
});

export const configSchema = z.object({
  PORT: integer(3000, 0, 65_535),
  HOST: optionalText.transform((v) => v ?? "0.0.0.0"),
  SITE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: optionalText,
  DATA_DIR: optionalText,
  BUILD_DIR: optionalText,
  /** Where backups go (default DATA_DIR/backups); "off" stops the 6-hourly backup (decision 0011). */
  BACKUP_DIR: optionalText,
  /** The site's git repository the console edits and publishes from; the server's folder unless set. */
  SITE_REPO: optionalText,
  RATE_LIMIT_PER_MINUTE: integer(5, 1, Number.MAX_SAFE_INTEGER),
  /** An estimate upload that sends nothing for this long is given up (photos from a phone on a weak signal). */
  UPLOAD_IDLE_SECONDS: integer(20, 1, 600),
  ALLOWED_ORIGINS: origins,
  SMTP_URL: optionalText,
  NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
  /** Longest one e-mail may take to hand over, so a hung mail server cannot hold the queue. */
  SMTP_TIMEOUT_SECONDS: integer(20, 1, 600),
  MAIL_FROM: optionalText.transform((v) => v ?? "Website <no-reply@localhost>"),
  ESTIMATE_ENDPOINT: optionalText,
  /** Confirmation e-mails to senders: on unless "off" (needs SMTP_URL). */
  CONFIRMATION_EMAIL: optionalText.pipe(z.enum(["on", "off"]).optional()).transform((v) => v !== "off"),
  CONFIRMATION_PERIOD_HOURS: integer(24, 1, 24 * 365),
  /** A request still new after this many business hours gets one reminder to the owner; 0 turns it off. */
  REMINDER_AFTER_BUSINESS_HOURS: integer(4, 0, 200),
  /** The heap of the worker a publish renders in, in MB: a runaway render ends the worker, not the server. */
  RENDER_HEAP_MB: integer(192, 16, 4096),
  /**
   * Tests only: a file holding an ISO instant the server's clock reads (server/time/clock.ts), so a test can move
   * the server to the day before a visit. The launch check refuses it.
   */
  TEST_CLOCK_FILE: optionalText,
  /** How often each of the owner's calendars is read, in seconds (decision 0031; the deploy drill uses 10). */
  CALENDAR_READ_SECONDS: integer(900, 5, 86_400),
  /**
   * Tests and the deploy drill only: `.test` names that stand in for a public calendar's host, each answered by a
   * local server ("calendar.test=127.0.0.1:8443", comma-separated), trusted with CALENDAR_TEST_CA alone. Only `.test`
   * names (never resolvable on the internet) and loopback addresses are accepted; the launch check refuses both.
   */
  CALENDAR_TEST_HOSTS: optionalText.transform((v, ctx) => {
    const hosts = new Map<string, { address: string; port: number }>();
    for (const entry of (v ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean)) {
      const m = /^([a-z0-9.-]+\.test)=(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]):(\d{1,5})$/i.exec(entry);
      if (!m) {
        ctx.addIssue({ code: "custom", message: `"${entry}" is not like calendar.test=127.0.0.1:8443` });
        continue;
      }
      hosts.set((m[1] as string).toLowerCase(), {
        address: (m[2] as string).replace(/^\[|\]$/g, ""),
        port: Number(m[3]),
      });
    }
    return hosts;
  }),
  CALENDAR_TEST_CA: optionalText,
  /** How long the render's worker is kept after its last use; benchmarks shorten it to measure a cold publish. */
  RENDER_IDLE_SECONDS: integer(300, 1, 86_400),
  /**
   * Deposits paid on the site through Stripe Checkout (decision 0040): a restricted secret key and the webhook's
   * signing secret. Without both, nothing changes: no Pay button, the owner records payments by hand.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /**
   * Tests only: where a local stand-in answers Stripe's API ("http://127.0.0.1:12111"). Only loopback addresses are
   * accepted; the launch check refuses it.
   */
  STRIPE_API_BASE: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const m = /^(https?):\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]):(\d{1,5})\/?$/i.exec(v);
    if (!m) {
      ctx.addIssue({ code: "custom", message: `"${v}" is not a loopback address like http://127.0.0.1:12111` });
      return undefined;
    }
    return {
      protocol: (m[1] as string).toLowerCase() as "http" | "https",
      host: (m[2] as string).replace(/^\[|\]$/g, ""),
      port: Number(m[3]),
    };
  }),
  /**
   * The shortest time between two marketing e-mails (reminders, campaigns; decision 0052), in milliseconds: a modest
   * rate keeps a campaign from looking like a burst to the receiving mail systems.
   */
  MARKETING_SEND_INTERVAL_MS: integer(2000, 0, 3_600_000),
  /** How often the reminders' pass looks for chimneys coming due, in seconds (tests and the drill shorten it). */
  REMINDER_PASS_SECONDS: integer(900, 1, 86_400),
  /** Counting public page views on the server (decision 0029): on unless "off". */
  VISITOR_COUNTING: optionalText.pipe(z.enum(["on", "off"]).optional()).transform((v) => v !== "off"),
  /**
   * Warming the owner's first taps at start (server/http/warm-up.ts): on unless "off". The server tests turn it off
   * (they start the server some 100 times, and the warm-up costs 1.4-2 s of CPU and 22-30 MB each time; decision 0048).
   */
  WARM_UP: optionalText.pipe(z.enum(["on", "off"]).optional()).transform((v) => v !== "off"),
});

export type Config = z.infer<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
  throw new Error(`The server's settings are not valid:\n${problems}`);
}
