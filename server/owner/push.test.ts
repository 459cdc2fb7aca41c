// The push notifier with a stand-in push service: what it sends, what it does with "gone" and with other
// failures, and that a device's subscription goes with its passkey.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { createOwnerConsole } from "./owner-console.ts";
import { createRequire } from "node:module";
import type { getVapidHeaders } from "web-push";
import { createPushNotifier, newRequestPayload, newVapidKeys } from "./push.ts";

const LEAD = {
  name: "A",
  email: "a@example.com",
  phone: "309",
  message: "m",
  city: null,
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
};

const KEYS = {
  endpoint: "https://push.example/abc",
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url"),
  auth: Buffer.alloc(16, 2).toString("base64url"),
};

function setup() {
  const store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "push-unit-")) });
  const owner = createOwnerConsole({ db: store.db });
  return { store, owner };
}

/** A notifier whose push service always fails with `failure`; `calls()` counts the attempts. */
function failingNotifier(owner: ReturnType<typeof setup>["owner"], failure: object, retryDelaysMs: number[]) {
  let calls = 0;
  const push = createPushNotifier({
    store: owner.pushDevices,
    audit: owner.audit,
    subject: () => "mailto:owner@example.com",
    retryDelaysMs,
    send: async () => {
      calls++;
      throw Object.assign(new Error("push service"), failure);
    },
  });
  return { push, calls: () => calls };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("push payload", () => {
  it("names the service and the town, and the request's console path; nothing else", () => {
    expect(newRequestPayload({ id: 7, service: "Chimney Crown Repair", city: "Normal" })).toEqual({
      title: "New estimate request",
      body: "Chimney Crown Repair, Normal",
      path: "/owner/requests/7",
    });
    expect(newRequestPayload({ id: 8, service: "", city: null }).body).toBe("Service not given");
  });
});

describe("push notifier", () => {
  it("makes its VAPID keys once and keeps them", () => {
    const { store, owner } = setup();
    close = () => store.close();
    const subject = () => "mailto:owner@example.com";
    const first = createPushNotifier({
      store: owner.pushDevices,
      audit: owner.audit,
      subject,
      send: async () => ({}) as never,
    });
    const second = createPushNotifier({
      store: owner.pushDevices,
      audit: owner.audit,
      subject,
      send: async () => ({}) as never,
    });
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.publicKey).toBe(first.publicKey);
  });

  it("makes VAPID keys web-push signs with, as its own generateVAPIDKeys does, without loading it", () => {
    const keys = newVapidKeys();
    expect(Buffer.from(keys.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(keys.publicKey, "base64url")[0]).toBe(4);
    expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
    const webpush = createRequire(import.meta.url)("web-push") as { getVapidHeaders: typeof getVapidHeaders };
    const headers = webpush.getVapidHeaders(
      "https://push.example",
      "mailto:owner@example.com",
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
    );
    expect(headers.Authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
  });

  it("retries a failing push service, then gives up and says so in the audit, with the request", async () => {
    const { store, owner } = setup();
    close = () => store.close();
    owner.pushDevices.add(KEYS, null, "Safari on iPhone");
    const { id } = store.save({ ...LEAD, service: "Tuckpointing" });
    const { push, calls } = failingNotifier(owner, { statusCode: 503 }, [1, 1]);
    push.newRequest({ id, service: "Tuckpointing", city: null });
    await expect.poll(() => owner.audit.forLead(id).length).toBe(1);
    expect(calls()).toBe(3);
    expect(owner.audit.forLead(id)[0]).toMatchObject({
      event: "push failed",
      detail: "Safari on iPhone: the push service answered 503, 3 attempts",
    });
    expect(owner.pushDevices.list()).toHaveLength(1);
  });

  it("forgets a device the push service no longer knows (404 or 410) at once, without retrying", async () => {
    for (const statusCode of [404, 410]) {
      const { store, owner } = setup();
      owner.pushDevices.add(KEYS, null, "Chrome on Android");
      const { push, calls } = failingNotifier(owner, { statusCode }, [1, 1]);
      expect(await push.test()).toEqual({ sent: 0, failed: 1 });
      expect(calls()).toBe(1);
      expect(owner.pushDevices.list()).toHaveLength(0);
      store.close();
    }
  });

  it("a device's notifications go with its passkey", () => {
    const { store, owner } = setup();
    close = () => store.close();
    owner.passkeys.add({ id: "pk1", publicKey: new Uint8Array([1]), counter: 0, transports: [], name: "Phone" });
    owner.passkeys.add({ id: "pk2", publicKey: new Uint8Array([2]), counter: 0, transports: [], name: "Laptop" });
    owner.pushDevices.add(KEYS, "pk1", "Safari on iPhone");
    owner.pushDevices.add({ ...KEYS, endpoint: "https://push.example/def" }, "pk2", "Chrome on Mac");
    owner.passkeys.remove("pk1");
    expect(owner.pushDevices.list().map((d) => d.device)).toEqual(["Chrome on Mac"]);
  });

  it("an erasure while a retry waits does not break the retry's audit entry", async () => {
    const { store, owner } = setup();
    close = () => store.close();
    owner.pushDevices.add(KEYS, null, "Safari on iPhone");
    const { id } = store.save({ ...LEAD, service: "" });
    const { push, calls } = failingNotifier(owner, { code: "ECONNREFUSED" }, [20]);
    push.newRequest({ id, service: "", city: null });
    store.db.prepare("DELETE FROM estimates WHERE id = ?").run(id);
    await expect.poll(() => owner.audit.recent(1)[0]?.event).toBe("push failed");
    expect(owner.audit.recent(1)[0]).toMatchObject({
      estimate_id: null,
      detail: "Safari on iPhone: the push service could not be reached (ECONNREFUSED), 2 attempts",
    });
    expect(calls()).toBe(2);
  });
});
