// Web Push from our own server to the owner's installed console (issue 29): a new request buzzes the owner's
// phone before the e-mail alert goes, and beside it, never instead of it. The payload names only the service and
// the town: a lock screen or a watch must never show a customer's name, phone or address.
import { createECDH } from "node:crypto";
import { createRequire } from "node:module";
import type { generateVAPIDKeys, sendNotification } from "web-push";
import type { AuditLog } from "../store/owner-audit.ts";
import type { PushStore, PushSubscriptionRow } from "../store/push-subscriptions.ts";

/** A push waits this long at the push service for a phone that is off; a lead older than that is in the e-mail. */
export const PUSH_TTL_SECONDS = 12 * 3600;
/** After a failure other than "gone", tries again after these delays, then gives up and says so in the audit. */
export const PUSH_RETRY_DELAYS_MS = [2_000, 15_000, 60_000] as const;

export type PushPayload = { title: string; body: string; path: string };

/** What the lock screen shows for a new request: the service and the town, and where a tap goes. */
export function newRequestPayload(request: { id: number; service: string; city: string | null }): PushPayload {
  const what = request.service.trim() || "Service not given";
  return {
    title: "New estimate request",
    body: request.city ? `${what}, ${request.city}` : what,
    path: `/owner/requests/${request.id}`,
  };
}

/** A visit the homeowner booked, moved or cancelled: the window and the town, never who or where exactly. */
export function visitPayload(event: {
  change: "booked" | "moved" | "cancelled";
  estimateId: number;
  when: string;
  town: string;
}): PushPayload {
  const title = { booked: "Visit booked", moved: "Visit moved", cancelled: "Visit cancelled" }[event.change];
  return { title, body: `${event.when}, ${event.town}`, path: `/owner/requests/${event.estimateId}` };
}

type Send = typeof sendNotification;
type VapidKeys = ReturnType<typeof generateVAPIDKeys>;

/**
 * A VAPID key pair as web-push's generateVAPIDKeys makes it (P-256, base64url, padded to 65 and 32 bytes), here so
 * the start does not load web-push for it: web-push and its JWT and ASN.1 packages are loaded at the first
 * notification, not kept in the idle server's heap (issue 65, memory at rest).
 */
export function newVapidKeys(): VapidKeys {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const padded = (key: Buffer, size: number) => Buffer.concat([Buffer.alloc(Math.max(0, size - key.length)), key]);
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString("base64url"),
    privateKey: padded(curve.getPrivateKey(), 32).toString("base64url"),
  };
}

/** web-push's send, loaded at the first notification; a package that cannot load is said in the log, in words. */
const sendWithWebPush: Send = (...args) => {
  let library: { sendNotification: Send };
  try {
    library = createRequire(import.meta.url)("web-push") as { sendNotification: Send };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error(`push: notifications cannot be sent: the web-push package did not load (${why}).`);
    throw new Error("Notifications cannot be sent: the web-push package did not load.", { cause: error });
  }
  return library.sendNotification(...args);
};

export type PushNotifierOptions = {
  store: PushStore;
  audit: AuditLog;
  /** The VAPID `sub`: the site's https origin or a mailto: address (Apple's service refuses anything else). */
  subject: () => string;
  send?: Send;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
};

function statusOf(error: unknown): number | null {
  return typeof error === "object" && error !== null && "statusCode" in error && typeof error.statusCode === "number"
    ? error.statusCode
    : null;
}

/** The push service's refusal in a line, for the audit (never a stack). */
function reason(error: unknown): string {
  const status = statusOf(error);
  if (status !== null) return `the push service answered ${status}`;
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  return code ? `the push service could not be reached (${code})` : "the push service could not be reached";
}

export function createPushNotifier({
  store,
  audit,
  subject,
  send = sendWithWebPush,
  retryDelaysMs = PUSH_RETRY_DELAYS_MS,
  timeoutMs = 10_000,
}: PushNotifierOptions) {
  const keys = store.vapidKeys(newVapidKeys);
  const pending = new Set<NodeJS.Timeout>();

  /** Never throws: an audit entry about a request erased meanwhile is written without it. */
  function note(event: string, detail: string, estimateId: number | null) {
    try {
      audit.log(event, { detail, estimateId });
    } catch {
      try {
        audit.log(event, { detail });
      } catch (error) {
        console.error(`push: could not write the audit log: ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  /** One delivery to one device; true when the push service took it. */
  async function deliver(
    sub: PushSubscriptionRow,
    payload: PushPayload,
    estimateId: number | null,
    attempt = 0,
  ): Promise<boolean> {
    try {
      await send({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        TTL: PUSH_TTL_SECONDS,
        urgency: "high",
        timeout: timeoutMs,
        vapidDetails: { subject: subject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
      });
      store.markSent(sub.id);
      return true;
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) {
        // The browser dropped this subscription (uninstalled, permission withdrawn): it will never work again.
        store.remove(sub.id);
        note("push device removed", `${sub.device}: the push service no longer knows it (${status})`, null);
        return false;
      }
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) {
        note("push failed", `${sub.device}: ${reason(error)}, ${attempt + 1} attempts`, estimateId);
        return false;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, delay);
        timer.unref();
        pending.add(timer);
      });
      // Removed meanwhile (passkey removed, signed out everywhere): nothing to retry.
      const still = store.get(sub.id);
      return still ? deliver(still, payload, estimateId, attempt + 1) : false;
    }
  }

  async function toEveryDevice(payload: PushPayload, estimateId: number | null) {
    const results = await Promise.all(store.list().map((sub) => deliver(sub, payload, estimateId)));
    return { sent: results.filter(Boolean).length, failed: results.filter((r) => !r).length };
  }

  return {
    /** The key a browser subscribes with (applicationServerKey). */
    publicKey: keys.publicKey,
    /** A stored request, not spam: every device buzzes now. Never throws and never waits. */
    newRequest(request: { id: number; service: string; city: string | null }): void {
      void toEveryDevice(newRequestPayload(request), request.id).catch((error: unknown) => {
        console.error(`push: ${error instanceof Error ? error.message : error}`);
      });
    },
    /** A visit booked, moved or cancelled by the homeowner: every device buzzes now. Never throws and never waits. */
    visit(event: Parameters<typeof visitPayload>[0]): void {
      void toEveryDevice(visitPayload(event), event.estimateId).catch((error: unknown) => {
        console.error(`push: ${error instanceof Error ? error.message : error}`);
      });
    },
    /**
     * Any other news for the owner (a quote accepted): every device; resolves with how many took it, never throws.
     * The payload, like a new request's, names no customer.
     */
    notify(payload: PushPayload, estimateId: number | null): Promise<{ sent: number; failed: number }> {
      return toEveryDevice(payload, estimateId).catch((error: unknown) => {
        console.error(`push: ${error instanceof Error ? error.message : error}`);
        return { sent: 0, failed: 0 };
      });
    },
    /** "Send a test notification": every device, at once; how many took it. */
    test(): Promise<{ sent: number; failed: number }> {
      return toEveryDevice(
        { title: "Test notification", body: "New requests will arrive like this.", path: "/owner" },
        null,
      );
    },
    /** Stops retries waiting for their turn (shutdown, tests). */
    stop(): void {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

export type PushNotifier = ReturnType<typeof createPushNotifier>;
