// The estimate endpoint's contract, called directly with real requests and a real SQLite store.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "../../server/requests/estimate-store.ts";
import { createBooking } from "../../server/booking/booking.ts";
import { action, loader } from "./api.estimate";

let store: EstimateStore;
beforeEach(() => {
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "estimate-test-")) });
});
afterEach(() => store.close());

const valid = {
  name: "Zoë Müller-José 李",
  email: "zoe@example.com",
  phone: "(309) 555-1212",
  service: "Tuckpointing",
  message: "Mortar is crumbling on the north side.\nCan you take a look?",
};

type Init = { json?: boolean; headers?: Record<string, string>; method?: string };

function multipart(fields: Record<string, string>, init: Init = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request("http://localhost/api/estimate", {
    method: init.method ?? "POST",
    body,
    headers: { ...(init.json === false ? {} : { Accept: "application/json" }), ...init.headers },
  });
}

function urlencoded(body: string, init: Init = {}) {
  return new Request("http://localhost/api/estimate", {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(init.json === false ? {} : { Accept: "application/json" }),
      ...init.headers,
    },
  });
}

async function send(request: Request, context: Partial<Parameters<typeof action>[0]["context"]> = {}) {
  const response = await action({
    request,
    params: {},
    context: {
      estimates: store,
      notifyTo: null,
      confirmations: { enabled: false, periodHours: 24 },
      siteOrigin: "http://localhost",
      clientIp: "127.0.0.1",
      guardEstimate: () => null,
      // Booking online off, unless a test turns it on.
      booking: { settings: () => ({ enabled: false }) },
      ...context,
    },
  } as unknown as Parameters<typeof action>[0]);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

describe("estimate endpoint contract", () => {
  it("answers 200 {ok:true} to a valid multipart request and stores it exactly", async () => {
    const res = await send(multipart(valid));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = store.list();
    expect(row).toMatchObject({ ...valid, city: null, spam: 0 });
  });

  it("stores Persian, Hindi and emoji as typed, and still drops a bidi override", async () => {
    const message = "می\u200Cخواهم دودکش را تعمیر کنم. क्\u200Dषति 👩\u200D👩\u200D👧 ❤\uFE0F";
    const res = await send(multipart({ ...valid, name: "علی\u200Cاکبر", message: `${message}\u202E` }));
    expect(res.status).toBe(200);
    expect(store.list()).toMatchObject([{ name: "علی\u200Cاکبر", message }]);
  });

  it("accepts urlencoded bodies too", async () => {
    const res = await send(urlencoded(new URLSearchParams(valid).toString()));
    expect(res.status).toBe(200);
    expect(store.list()).toHaveLength(1);
  });

  it("redirects with 303 to the confirmation page when JSON was not asked for (the no-JavaScript form)", async () => {
    const ok = await send(multipart(valid, { json: false }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/contact/received?status=ok");
    const bad = await send(multipart({ ...valid, email: "nope" }, { json: false }));
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/contact/received?status=invalid&fields=email");
  });

  it("answers 422 with one readable sentence and the field errors", async () => {
    const res = await send(multipart({ ...valid, email: "not-an-email", message: "  " }));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^Please check the form\. Email Address must be a valid email address\.$/);
    expect(res.body.errors).toEqual([
      { field: "email", code: "invalid_format", message: "Email Address must be a valid email address." },
      { field: "message", code: "too_small", message: "Message is required." },
    ]);
    expect(store.list()).toHaveLength(0);
  });

  it("requires name, email, phone and message, and keeps service optional", async () => {
    const res = await send(multipart({}));
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["name", "email", "phone", "message"]);
    const noService = await send(multipart({ ...valid, service: "" }));
    expect(noService.status).toBe(200);
  });

  it("refuses a service that is not one of the form's choices", async () => {
    const res = await send(multipart({ ...valid, service: "Roof replacement" }));
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("service");
  });

  it("answers a filled honeypot like a success and keeps it out of the leads", async () => {
    const res = await send(multipart({ ...valid, _gotcha: "http://spam.example" }));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(store.list()).toHaveLength(0);
    expect(store.list({ includeSpam: true })).toMatchObject([{ spam: 1 }]);
  });

  it("keeps a known city (any case) and drops anything else", async () => {
    await send(multipart({ ...valid, city: "east PEORIA" }));
    await send(multipart({ ...valid, city: "<script>alert(1)</script>" }));
    expect(store.list().map((r) => r.city)).toEqual([null, "East Peoria"]);
  });

  it("stores a request once however often the same idempotency key is sent", async () => {
    const key = "0f8c2b7e-5d1a-4c3e-9b6f-2a1d3c4e5f60";
    for (let i = 0; i < 3; i++) expect((await send(multipart({ ...valid, _idempotency: key }))).status).toBe(200);
    expect(store.list()).toHaveLength(1);
  });

  it("refuses GET with 405, other content types with 415 and oversized bodies with 413", async () => {
    const get = loader();
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ error: expect.any(String) });
    const json = await send(
      new Request("http://localhost/api/estimate", {
        method: "POST",
        body: JSON.stringify(valid),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(json.status).toBe(415);
    const big = await send(multipart({ ...valid, message: "x".repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error: "The request is too large.", errors: [] });
  });

  it("refuses a field sent twice and invalid UTF-8", async () => {
    const dup = await send(urlencoded(`${new URLSearchParams(valid)}&email=other%40example.com`));
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0]).toMatchObject({ field: "email", code: "duplicate_field" });
    const bad = await send(
      urlencoded(`${new URLSearchParams({ ...valid, name: "" })}`.replace("name=", "name=%C3%28")),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: "name", code: "invalid_encoding" });
  });

  it("answers 500 with a readable error when the request cannot be stored", async () => {
    store.close();
    const res = await send(multipart(valid));
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/could not save your request/);
    store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "estimate-test-")) });
  });

  it("queues an e-mail to the owner only when mail is configured, and never for spam", async () => {
    await send(multipart(valid));
    expect(store.outbox()).toHaveLength(0);
    await send(multipart(valid), { notifyTo: "estimates@example.com" });
    await send(multipart({ ...valid, _gotcha: "x" }), { notifyTo: "estimates@example.com" });
    expect(store.outbox()).toMatchObject([{ kind: "owner-alert", recipient: "estimates@example.com", sent_at: null }]);
  });

  it("queues a confirmation to the sender when enabled, says so, and sends at most one per address per period", async () => {
    const mail = { notifyTo: "owner@example.com", confirmations: { enabled: true, periodHours: 24 } };
    const first = await send(multipart({ ...valid, email: "zoe@example.com" }), mail);
    expect(first.body).toEqual({ ok: true, confirmation: true });
    await send(multipart({ ...valid, email: "ZOE@example.com", message: "Again" }), mail);
    const confirmations = store.outbox().filter((m) => m.kind === "confirmation");
    expect(confirmations).toHaveLength(1);
    expect(store.outbox().filter((m) => m.kind === "owner-alert")).toHaveLength(2);
    // Spam is told "ok" and gets no confirmation.
    const spam = await send(multipart({ ...valid, email: "bot@example.com", _gotcha: "x" }), mail);
    expect(spam.body).toEqual({ ok: true });
    expect(store.outbox().filter((m) => m.recipient === "bot@example.com")).toHaveLength(0);
  });

  it("without JavaScript the 303 says a confirmation is coming only when one is", async () => {
    const on = await action({
      request: multipart(valid, { json: false }),
      params: {},
      context: {
        estimates: store,
        notifyTo: "owner@example.com",
        confirmations: { enabled: true, periodHours: 24 },
        siteOrigin: "http://localhost",
        clientIp: "127.0.0.1",
        guardEstimate: () => null,
      },
    } as unknown as Parameters<typeof action>[0]);
    expect(on.headers.get("location")).toBe("/contact/received?status=ok&confirmation=1");
    const off = await send(multipart(valid, { json: false }));
    expect(off.headers.get("location")).toBe("/contact/received?status=ok");
  });

  it("stores where the request came from: the form's attribution, or the Referer without JavaScript", async () => {
    await send(
      multipart({
        ...valid,
        _page: "/contact?city=Peoria",
        _landing: "/services/tuckpointing?utm_source=google",
        _referrer: "https://www.google.com/",
        utm_source: "google",
        gclid: "abc-123",
      }),
    );
    await send(
      multipart(
        { ...valid, email: "nojs@example.com" },
        { headers: { Referer: "http://localhost/contact?city=Normal" } },
      ),
    );
    const [noJs, withJs] = store.list();
    expect(withJs).toMatchObject({
      page: "/contact?city=Peoria",
      landing_page: "/services/tuckpointing?utm_source=google",
      referrer: "https://www.google.com/",
      utm_source: "google",
      gclid: "abc-123",
    });
    expect(noJs).toMatchObject({ page: "/contact?city=Normal", landing_page: null, referrer: null });
  });
});

describe("the link to book the visit", () => {
  it("comes with the answer when booking is on: in the JSON, and in the 303 of the form without JavaScript", async () => {
    const booking = createBooking({ store, siteUrl: "http://localhost" });
    const json = await send(multipart(valid), { booking });
    expect(json.body.visit).toMatch(/^\/visit\/[A-Za-z0-9_-]{43}$/);
    const token = String(json.body.visit).split("/")[2] ?? "";
    expect(booking.view(token)?.lead.email).toBe(valid.email);
    const form = await send(multipart({ ...valid, email: "b@example.com" }, { json: false }), { booking });
    expect(form.headers.get("location")).toMatch(/^\/contact\/received\?status=ok&visit=[A-Za-z0-9_-]{43}$/);
  });

  it("never costs the request: a booking that fails leaves it stored and answered", async () => {
    const broken = {
      settings: () => ({ enabled: true }),
      newLink: () => {
        throw new Error("disk full");
      },
    };
    const res = await send(multipart(valid), { booking: broken as never });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(res.body.visit).toBeUndefined();
    expect(store.list()).toHaveLength(1);
  });
});
