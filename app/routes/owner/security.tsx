// /owner/security ("Account"): the owner's passkeys (add one for another device, remove a lost one), the devices
// notified of new requests (push), the sessions signed in now (end any, or all), and the audit log.
import { redirect } from "react-router";
import type { Route } from "./+types/security";
import { clearedSessionCookie, field, idParam, notFound, requireOwner, unknownIntent } from "./guard.server";
import { PasskeyButton } from "~/islands/passkey-button";
import { PushSettings } from "~/islands/push-settings";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { Island } from "~/islands/island";
import type { RouteHandle } from "~/root";
import { localTime } from "../../../server/requests/lead-mail.ts";

export const handle: RouteHandle = { islands: true };

/** A browser's user-agent string, shortened to what a person recognises. */
function device(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const os = /iPhone|iPad|Android|Windows|Mac OS X|Linux|CrOS/.exec(userAgent)?.[0]?.replace("Mac OS X", "Mac") ?? "";
  const browser =
    /Edg|Firefox|CriOS|Chrome|Safari/.exec(userAgent)?.[0]?.replace("CriOS", "Chrome").replace("Edg", "Edge") ?? "";
  return [browser, os].filter(Boolean).join(" on ") || "Unknown device";
}

const DONE = {
  added: "Passkey added.",
  removed: "Passkey removed.",
  "signed-out": "That session has ended.",
  last: "That is your only passkey. Add another one first (or make a new invite on the server).",
  "push-on": "This device will be notified of new requests.",
  "push-removed": "That device will no longer be notified.",
  "push-invalid": "This browser sent a subscription the server cannot use. Reload the page and try again.",
  "push-none": "No device is set up for notifications yet. Turn them on with the button above first.",
  "push-sent": "Test notification sent. It should appear on each device within a few seconds.",
  "push-failed": "The test notification could not be delivered to every device. Recent activity below says which.",
} as const;
type Done = keyof typeof DONE;

/** A browser's PushSubscription as JSON, checked: an https endpoint, a P-256 public key and a 16-byte secret. */
function parseSubscription(raw: string): { endpoint: string; p256dh: string; auth: string } | null {
  try {
    const value = JSON.parse(raw) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    const { endpoint } = value;
    const p256dh = value.keys?.p256dh;
    const auth = value.keys?.auth;
    if (typeof endpoint !== "string" || typeof p256dh !== "string" || typeof auth !== "string") return null;
    if (endpoint.length > 1000 || new URL(endpoint).protocol !== "https:") return null;
    const base64url = /^[A-Za-z0-9_-]+=*$/;
    if (!base64url.test(p256dh) || !base64url.test(auth)) return null;
    const key = Buffer.from(p256dh, "base64url");
    if (key.length !== 65 || key[0] !== 4 || Buffer.from(auth, "base64url").length !== 16) return null;
    return { endpoint, p256dh, auth };
  } catch {
    return null;
  }
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { owner: console_, push } = args.context;
  const done = new URL(args.request.url).searchParams.get("done") ?? "";
  return {
    csrf: owner.csrf,
    push: push
      ? {
          publicKey: push.publicKey,
          devices: console_.pushDevices.list().map((d) => ({
            id: d.id,
            device: d.device,
            since: localTime(d.created_at),
            endpoint: d.endpoint,
          })),
        }
      : null,
    done: done in DONE ? (done as Done) : null,
    passkeys: console_.passkeys.list().map((p) => ({
      id: p.id,
      name: p.name,
      added: localTime(p.created_at),
      lastUsed: p.last_used_at ? localTime(p.last_used_at) : "never",
      current: p.id === owner.passkeyId,
    })),
    sessions: console_.sessions.list().map((s) => ({
      id: s.id,
      device: device(s.user_agent),
      ip: s.ip ?? "unknown address",
      since: localTime(s.created_at),
      lastSeen: localTime(s.last_seen_at),
      current: s.id === owner.id,
    })),
    audit: console_.audit.recent(30).map((a) => ({
      id: a.id,
      at: localTime(a.at),
      what: a.detail ? `${a.event}: ${a.detail}` : a.event,
      ip: a.ip,
      request: a.estimate_id,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const { owner: console_, clientIp, push } = args.context;
  const intent = field(owner.form, "intent", 30);
  const back = (done: Done) => redirect(`/owner/security?done=${done}`, { headers: { "Cache-Control": "no-store" } });
  if (intent === "remove-passkey") {
    const id = field(owner.form, "passkey", 1500);
    const passkey = console_.passkeys.get(id);
    if (!passkey) notFound();
    if (console_.passkeys.list().length <= 1) return back("last");
    console_.passkeys.remove(id);
    console_.audit.log("passkey removed", { ip: clientIp, detail: passkey.name });
    return back("removed");
  }
  if (intent === "push-subscribe" && push) {
    const subscription = parseSubscription(field(owner.form, "subscription", 4000));
    if (!subscription) return back("push-invalid");
    const name = device(args.request.headers.get("user-agent"));
    console_.pushDevices.add(subscription, owner.passkeyId, name);
    console_.audit.log("notifications on", { ip: clientIp, detail: name });
    return back("push-on");
  }
  if (intent === "push-remove") {
    const id = idParam(field(owner.form, "device", 20));
    const row = id === null ? undefined : console_.pushDevices.get(id);
    if (id === null || !row) notFound();
    console_.pushDevices.remove(id);
    console_.audit.log("notifications off", { ip: clientIp, detail: row.device });
    return back("push-removed");
  }
  if (intent === "push-test" && push) {
    if (console_.pushDevices.list().length === 0) return back("push-none");
    const { failed } = await push.test();
    return back(failed === 0 ? "push-sent" : "push-failed");
  }
  if (intent === "sign-out-everywhere") {
    // Every session, and every device's notifications with them: a lost phone stops buzzing too.
    const ended = console_.sessions.revokeAll();
    const devices = console_.pushDevices.removeAll();
    console_.audit.log("signed out everywhere", { ip: clientIp, detail: `${ended} session(s), ${devices} device(s)` });
    return redirect("/owner/sign-in?signed-out", {
      headers: { "Set-Cookie": clearedSessionCookie(args.context), "Cache-Control": "no-store" },
    });
  }
  if (intent === "end-session") {
    const id = idParam(field(owner.form, "session", 20));
    if (id === null || !console_.sessions.revoke(id)) notFound();
    console_.audit.log("session ended", { ip: clientIp, detail: id === owner.id ? "this device" : "another device" });
    if (id === owner.id) {
      return redirect("/owner/sign-in?signed-out", {
        headers: { "Set-Cookie": clearedSessionCookie(args.context), "Cache-Control": "no-store" },
      });
    }
    return back("signed-out");
  }
  unknownIntent();
}

export const meta = () => [{ title: "Account | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Security({ loaderData }: Route.ComponentProps) {
  const { csrf, done, passkeys, sessions, audit, push } = loaderData;
  return (
    <>
      <PageTitle sub="Your passkeys, where you are signed in, and what happened.">Account</PageTitle>
      {done && (
        <Notice tone={done === "last" || done === "push-invalid" || done === "push-failed" ? "warn" : "ok"}>
          {DONE[done]}
        </Notice>
      )}

      {push && (
        <Card className="mb-4">
          <h2 id="notifications" className="font-serif text-xl font-bold">
            Notifications
          </h2>
          <p className="mt-1 mb-3 text-sm text-soot-800">
            Your phone buzzes within seconds of a new request, beside the e-mail. The notification shows the service and
            the town, never the customer’s name or number; a tap opens the request.
          </p>
          <Island
            name="PushSettings"
            id="push-settings"
            component={PushSettings}
            props={{ csrf, publicKey: push.publicKey, endpoints: push.devices.map((d) => d.endpoint) }}
          />
          {push.devices.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold">Notified devices</h3>
              <ul className="divide-y divide-mortar-200">
                {push.devices.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      <span className="font-semibold">{d.device}</span>
                      <span className="block text-sm text-soot-800">Since {d.since}</span>
                    </span>
                    <form method="post">
                      <CsrfField token={csrf} />
                      <input type="hidden" name="intent" value="push-remove" />
                      <input type="hidden" name="device" value={d.id} />
                      <Button variant="quiet" aria-label={`Stop notifying ${d.device}`}>
                        Remove
                      </Button>
                    </form>
                  </li>
                ))}
              </ul>
              <form method="post" className="mt-3">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="push-test" />
                <Button variant="quiet">Send a test notification</Button>
              </form>
            </>
          )}
          <h3 className="mt-5 font-semibold">Put the console on your Home Screen</h3>
          <p className="text-sm text-soot-800">
            An iPhone shows notifications only from the console added to the Home Screen, so do this first.
          </p>
          <dl className="mt-2 space-y-2 text-sm">
            <div>
              <dt className="font-semibold">iPhone or iPad (Safari)</dt>
              <dd>
                Tap Share (the square with an arrow), then “Add to Home Screen”, then Add. Open the console from its new
                icon, come back to this page and tap “Notify me of new requests”.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Android (Chrome)</dt>
              <dd>
                Tap the ⋮ menu, then “Add to Home screen” or “Install app”. Then tap “Notify me of new requests” here
                and allow notifications.
              </dd>
            </div>
          </dl>
        </Card>
      )}

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Passkeys</h2>
        <ul className="mt-2 divide-y divide-mortar-200">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{p.name}</span>
                {p.current && " (used for this sign-in)"}
                <span className="block text-sm text-soot-800">
                  Added {p.added} · last used {p.lastUsed}
                </span>
              </span>
              <form method="post">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="passkey" value={p.id} />
                <Button variant="quiet" aria-label={`Remove passkey ${p.name}`}>
                  Remove
                </Button>
              </form>
            </li>
          ))}
        </ul>
        <h3 className="mt-4 font-semibold">Add a passkey on this device</h3>
        <p className="mb-2 text-sm text-soot-800">
          On a second phone or a laptop: sign in there with this phone’s passkey (the browser offers “use a phone” and
          shows a QR code), then add that device’s own passkey here. Or make a new invite on the server.
        </p>
        <Island
          name="PasskeyButton"
          id="add-passkey"
          component={PasskeyButton}
          props={{ ceremony: "add", label: "Add a passkey", csrf, askName: true }}
        />
      </Card>

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Signed in</h2>
        <ul className="mt-2 divide-y divide-mortar-200">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{s.device}</span>
                {s.current && " (this device)"}
                <span className="block text-sm text-soot-800">
                  Since {s.since} · last seen {s.lastSeen} · {s.ip}
                </span>
              </span>
              <form method="post">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={s.id} />
                <Button variant="quiet">{s.current ? "Sign out here" : "End"}</Button>
              </form>
            </li>
          ))}
        </ul>
        <form method="post" className="mt-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button variant="quiet">Sign out everywhere</Button>
        </form>
        <p className="mt-1 text-sm text-soot-800">Ends every session and stops notifications on every device.</p>
      </Card>

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Data</h2>
        <p className="mt-2 flex flex-wrap gap-3">
          <a href="/owner/export.csv" className="font-semibold text-brick-800 underline underline-offset-4">
            Download all requests (CSV)
          </a>
          <a href="/owner/erase" className="font-semibold text-brick-800 underline underline-offset-4">
            Erase a person’s details
          </a>
        </p>
      </Card>

      <Card>
        <h2 className="font-serif text-xl font-bold">Recent activity</h2>
        <ol className="mt-2 space-y-1 text-sm">
          {audit.map((a) => (
            <li key={a.id}>
              {a.at} · {a.what}
              {a.request ? ` (request #${a.request})` : ""}
              {a.ip ? ` · ${a.ip}` : ""}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
