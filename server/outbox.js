// Sends the owner an e-mail for each new request, from the outbox table: a mail-server failure is retried
// with backoff and never blocks or loses the request itself.
import nodemailer from "nodemailer";

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @param {import("./estimate-store.js").StoredEstimate} estimate */
export function estimateEmail(estimate) {
  const rows = [
    ["Name", estimate.name],
    ["Email", estimate.email],
    ["Phone", estimate.phone],
    ["Service", estimate.service || "Not specified"],
    ["City", estimate.city ?? "Not specified"],
    ["Received", estimate.received_at],
  ];
  return {
    subject: `New estimate request from ${estimate.name}`,
    replyTo: estimate.email,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\nMessage:\n${estimate.message}\n`,
    html:
      `<h2>New estimate request</h2><table>${rows
        .map(([k, v]) => `<tr><th align="left">${escapeHtml(String(k))}</th><td>${escapeHtml(String(v))}</td></tr>`)
        .join("")}</table>` + `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(estimate.message)}</p>`,
  };
}

/** Delay before the next attempt: 30 s, 1 min, 2 min … capped at one hour. @param {number} attempts */
export function retryDelayMs(attempts) {
  return Math.min(30_000 * 2 ** attempts, 3_600_000);
}

/**
 * @param {{
 *   store: import("./estimate-store.js").EstimateStore,
 *   smtpUrl: string,
 *   from: string,
 *   intervalMs?: number,
 *   log?: (message: string) => void,
 * }} options
 */
export function createOutbox({ store, smtpUrl, from, intervalMs = 5000, log = console.log }) {
  const transport = nodemailer.createTransport(smtpUrl);
  let running = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  async function runOnce() {
    if (running) return 0;
    running = true;
    let sent = 0;
    try {
      for (const item of store.dueMail()) {
        const estimate = store.get(item.estimate_id);
        if (!estimate) continue;
        try {
          await transport.sendMail({ from, to: item.recipient, ...estimateEmail(estimate) });
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
