// The owner hears at once (issue 18, item 6): behind a backlog of 100 messages, a new request's owner alert reaches
// the mail server within 5 s of the request being stored; a hung mail server holds the queue no longer than its
// timeout.
import { afterEach, describe, expect, it } from "vitest";
import { openEstimateStore, type NewEstimate } from "../../server/requests/estimate-store.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { startHungSmtp, startSmtp, waitFor } from "./smtp";

const OWNER = "owner@example.com";
const lead = (i: number): NewEstimate => ({
  name: `Backlog ${i}`,
  email: `backlog${i}@example.com`,
  phone: "309-555-0100",
  service: "Tuckpointing",
  message: "Mortar is falling out of the chimney",
  city: "Normal",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
});

const post = (server: RunningServer, email: string) =>
  fetch(`${server.url}/api/estimate`, {
    method: "POST",
    headers: { Accept: "application/json" },
    body: new URLSearchParams({ name: "Probe", email, phone: "309-555-0199", message: "Chimney cap blew off" }),
  });

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe("the owner's alert", () => {
  it("reaches the mail server within 5 s of the request, with 100 messages queued ahead of it", async () => {
    const smtp = await startSmtp();
    cleanup.push(smtp.close);
    const server = await startServer({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: OWNER,
      REMINDER_AFTER_BUSINESS_HOURS: "0",
    });
    cleanup.push(() => stopServer(server));

    // 50 requests, each with an owner alert and a confirmation, written beside the running server.
    const store = openEstimateStore({ dataDir: server.dataDir });
    for (let i = 0; i < 50; i++) store.save(lead(i), { notifyTo: OWNER, confirm: true });
    const queued = store.outbox().filter((row) => !row.sent_at).length;
    store.close();
    expect(queued).toBeGreaterThanOrEqual(90);

    const start = performance.now();
    const response = await post(server, "probe@example.com");
    expect(await response.json()).toEqual({ ok: true, confirmation: true, visit: expect.stringMatching(/^\/visit\//) });
    const alert = await waitFor(
      () => smtp.received.find((m) => m.to.includes(OWNER) && m.raw.includes("probe@example.com")),
      120_000,
    );
    const latency = alert.at - start;
    const before = smtp.received.indexOf(alert);
    console.log(`owner alert after ${Math.round(latency)} ms; ${queued} queued at the post, ${before} sent before it`);
    expect(latency).toBeLessThan(5000);
  }, 180_000);

  it("moves on when the mail server hangs: each send gives up after its timeout, one connection at a time", async () => {
    const hung = await startHungSmtp();
    cleanup.push(hung.close);
    const server = await startServer({
      SMTP_URL: hung.url,
      NOTIFY_EMAIL: OWNER,
      SMTP_TIMEOUT_SECONDS: "1",
      REMINDER_AFTER_BUSINESS_HOURS: "0",
    });
    cleanup.push(() => stopServer(server));

    const start = performance.now();
    for (const email of ["ann@example.com", "bob@example.com"]) {
      expect(await (await post(server, email)).json()).toMatchObject({ ok: true, confirmation: true });
    }
    // Two alerts and two confirmations: each is tried, fails on the timeout, and is scheduled for a retry.
    const failures = () =>
      server.output().match(/E-mail \((owner-alert|confirmation)\) for request #\d+ failed \(attempt 1 of 8\)/g);
    await waitFor(() => ((failures()?.length ?? 0) >= 4 ? true : undefined), 60_000);
    console.log(`4 sends to a hung mail server given up after ${Math.round(performance.now() - start)} ms`);
    expect(server.output()).toContain("no answer from the mail server within 1 s");
    expect(hung.connections()).toBe(4);
    // A given-up send closes its connection: nothing piles up on a hung server.
    await waitFor(() => (hung.open() === 0 ? true : undefined), 10_000);
  }, 120_000);
});
