// The alert e-mail as it leaves the running server: it links to the request in the console and carries a one-tap
// "Mark as contacted" link that a mail scanner's GET cannot use, that the confirm page's POST uses, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { startSmtp, waitFor } from "./smtp";

const OWNER = "owner@example.com";

/** The message as text: quoted-printable soft breaks and escapes undone. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, NOTIFY_EMAIL: OWNER, CONFIRMATION_EMAIL: "off" });
});
afterAll(async () => {
  await stopServer(server);
  await smtp.close();
});

describe("the owner's alert e-mail", () => {
  it("links to the request and marks it contacted in one tap, only by POST, only once", async () => {
    const response = await fetch(`${server.url}/api/estimate`, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({
        name: "Alert Link",
        email: "alert-link@example.com",
        phone: "309-555-0123",
        message: "The flue liner is cracked",
      }),
    });
    expect(response.status).toBe(200);
    const alert = await waitFor(
      () => smtp.received.find((m) => m.to.includes(OWNER) && m.raw.includes("alert-link@example.com")),
      60_000,
    );
    const text = decode(alert.raw);
    const store = openEstimateStore({ dataDir: server.dataDir });
    const id = store.list()[0]?.id;
    store.close();
    expect(text).toContain(`/owner/requests/${id}`);
    const tap = /\/owner\/act\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(tap).toBeDefined();

    const status = () => {
      const store = openEstimateStore({ dataDir: server.dataDir });
      try {
        return store.get(id ?? 0)?.status;
      } finally {
        store.close();
      }
    };
    // What a mail scanner does on delivery: open the link, twice.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${server.url}${tap}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Mark as contacted?");
    }
    expect(status()).toBe("new");

    const post = () =>
      fetch(`${server.url}${tap}`, { method: "POST", headers: { Origin: server.url }, redirect: "manual" });
    const done = await post();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/owner/act/done?request=${id}`);
    expect(status()).toBe("contacted");
    expect((await post()).status).toBe(410);
    expect((await fetch(`${server.url}${tap}`)).status).toBe(410);
  });
});
