// The Account page's "Notify me of new requests" (owner console only): registers the console's service worker,
// asks for permission inside the tap (Safari refuses a prompt that does not come from one), subscribes this
// device with the server's VAPID key and hands the subscription to the page's own form action.
// Its classes are ones the public stylesheet already has: Tailwind scans app/islands/ for the public CSS.
import { useEffect, useState } from "react";

export type PushSettingsProps = {
  csrf: string;
  /** The server's VAPID public key, base64url. */
  publicKey: string;
  /** Endpoints the server already sends to, so this device can say it is one of them. */
  endpoints: readonly string[];
};

const WORKER = "/owner/sw.js";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export function PushSettings({ csrf, publicKey, endpoints }: PushSettingsProps) {
  const [state, setState] = useState<"checking" | "unsupported" | "off" | "on" | "busy">("checking");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) {
      queueMicrotask(() => setState("unsupported"));
      return;
    }
    // The worker is registered on this page whatever the choice: it is what the installed app runs.
    navigator.serviceWorker
      .register(WORKER, { scope: "/owner/" })
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => setState(subscription && endpoints.includes(subscription.endpoint) ? "on" : "off"))
      .catch(() => setState("off"));
  }, [endpoints]);

  async function turnOn() {
    setError(null);
    // First, inside the tap: iOS and Safari accept the permission prompt only from a gesture.
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setError("Notifications are blocked for this site. Allow them in this browser's settings, then try again.");
      return;
    }
    setState("busy");
    try {
      const registration = await navigator.serviceWorker.register(WORKER, { scope: "/owner/" });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      const response = await fetch("/owner/security", {
        method: "POST",
        body: new URLSearchParams({ csrf, intent: "push-subscribe", subscription: JSON.stringify(subscription) }),
      });
      if (!response.ok) throw new Error("The server did not take this device. Reload the page and try again.");
      window.location.assign(response.url);
    } catch (caught) {
      setState("off");
      setError(
        caught instanceof Error && caught.message.startsWith("The server")
          ? caught.message
          : "This device could not be signed up for notifications. Check the connection and try again.",
      );
    }
  }

  if (state === "unsupported") {
    return (
      <p className="text-sm text-soot-800">
        This browser cannot show notifications from the console. On an iPhone, add the console to the Home Screen first
        (below) and open it from there.
      </p>
    );
  }
  return (
    <div>
      {state === "on" ? (
        <p className="font-semibold text-green-700">This device is notified of new requests.</p>
      ) : (
        <button
          type="button"
          onClick={() => void turnOn()}
          disabled={state !== "off"}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-ember-500 px-5 text-lg font-semibold text-soot-950 hover:bg-ember-400 disabled:opacity-60 sm:w-auto"
        >
          {state === "busy" ? "Turning on…" : "Notify me of new requests"}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-2 font-semibold text-brick-800">
          {error}
        </p>
      )}
    </div>
  );
}
