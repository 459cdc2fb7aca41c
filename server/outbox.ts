// Sends the owner an e-mail for each new request, from the outbox table: a mail-server failure is retried
// with backoff and never blocks or loses the request itself.
import nodemailer from "nodemailer";
import type { EstimateStore, StoredEstimate } from "./estimate-store.ts";
import { encodeHeaderText } from "./mail-header.ts";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type EstimateEmail = {
  subject: string;
  replyTo: string;
  text: string;
  html: string;
  /** Headers nodemailer sends as they are: the subject, already encoded (see mail-header.ts). */
  headers: Record<string, { prepared: true; value: string }>;
};

export function estimateEmail(estimate: StoredEstimate): EstimateEmail {
  const rows: [string, string][] = [
    ["Name", estimate.name],
    ["Email", estimate.email],
    ["Phone", estimate.phone],
    ["Service", estimate.service || "Not specified"],
    ["City", estimate.city ?? "Not specified"],
    ["Received", estimate.received_at],
  ];
  const subject = `New estimate request from ${estimate.name}`;
  return {
    subject,
    replyTo: estimate.email,
    headers: { Subject: { prepared: true, value: encodeHeaderText(subject) } },
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\nMessage:\n${estimate.message}\n`,
    html:
      `<h2>New estimate request</h2><table>${rows
        .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join("")}</table>` + `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(estimate.message)}</p>`,
  };
}

/** Delay before the next attempt: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** attempts, 3_600_000);
}

export function createOutbox({
  store,
  smtpUrl,
  from,
  intervalMs = 5000,
  log = console.log,
}: {
  store: EstimateStore;
  smtpUrl: string;
  from: string;
  intervalMs?: number;
  log?: (message: string) => void;
}) {
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  async function runOnce(): Promise<number> {
    if (running) return 0;
    running = true;
    let sent = 0;
    try {
      for (const item of store.dueMail()) {
        const estimate = store.get(item.estimate_id);
        if (!estimate) continue;
        // The subject goes out through `headers`, encoded; nodemailer's own `subject` is left unset.
        const { text, html, replyTo, headers } = estimateEmail(estimate);
        const mail = { text, html, replyTo, headers };
        try {
          await transport.sendMail({ from, to: item.recipient, ...mail });
          store.markSent(item.id);
          sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          store.markFailed(item.id, message, new Date(Date.now() + retryDelayMs(item.attempts)));
          log(`Estimate e-mail ${item.estimate_id} failed (attempt ${item.attempts + 1}): ${message}`);
        }
      }
    } finally {
      running = false;
    }
    return sent;
  }

  return {
    runOnce,
    start() {
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      clearInterval(timer);
      transport.close();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
