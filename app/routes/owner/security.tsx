// /owner/security ("Sign-in"): the owner's passkeys (add one for another device, remove a lost one), the sessions
// signed in now (end any), and the audit log of sign-ins and changes.
import { redirect } from "react-router";
import type { Route } from "./+types/security";
import { clearedSessionCookie, field, idParam, notFound, requireOwner } from "./guard.server";
import { PasskeyButton } from "~/islands/passkey-button";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { Island } from "~/islands/island";
import type { RouteHandle } from "~/root";
import { localTime } from "../../../server/lead-mail.ts";

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
} as const;
type Done = keyof typeof DONE;

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { owner: console_ } = args.context;
  const done = new URL(args.request.url).searchParams.get("done") ?? "";
  return {
    csrf: owner.csrf,
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
  const { owner: console_, clientIp } = args.context;
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
  notFound();
}

export const meta = () => [{ title: "Sign-in | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Security({ loaderData }: Route.ComponentProps) {
  const { csrf, done, passkeys, sessions, audit } = loaderData;
  return (
    <>
      <PageTitle sub="Your passkeys, where you are signed in, and what happened.">Sign-in</PageTitle>
      {done && <Notice tone={done === "last" ? "warn" : "ok"}>{DONE[done]}</Notice>}

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
