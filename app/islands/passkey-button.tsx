// The console's only island: the passkey button (sign in, enrol from an invite, add another passkey). It asks the
// server for options, lets the browser's authenticator answer, sends the answer back, and follows where the server
// says to go. @simplewebauthn/browser is bundled into this island's chunk alone, so it never loads on public pages.
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";
import { TEXT_LIMITS } from "~/lib/text-limits";

export type PasskeyButtonProps = {
  ceremony: "sign-in" | "enrol" | "add";
  label: string;
  /** The session's CSRF token (adding a passkey while signed in). */
  csrf?: string;
  /** The enrolment invite from the link. */
  invite?: string;
  /** Where to go after signing in. */
  next?: string;
  /** Ask for a name for the new passkey ("Phone", "Laptop"). */
  askName?: boolean;
};

type Answer = { ok?: boolean; to?: string; error?: string; ceremony?: string; options?: unknown };

async function post(ceremony: string, body: Record<string, string | undefined>): Promise<Answer> {
  const fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => e[1] !== undefined));
  const response = await fetch(`/owner/passkey/${ceremony}`, {
    method: "POST",
    headers: { Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
  const data = (await response.json().catch(() => null)) as Answer | null;
  if (!response.ok || !data) throw new Error(data?.error ?? "The server did not answer. Try again in a moment.");
  return data;
}

export function PasskeyButton({ ceremony, label, csrf, invite, next, askName = false }: PasskeyButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState("");

  async function run() {
    setBusy(true);
    setError(null);
    try {
      // The name goes with the options too: one over its limit is refused before the authenticator is asked.
      const start = await post(ceremony, { step: "options", csrf, invite, name: askName ? name : undefined });
      const response =
        ceremony === "sign-in"
          ? await startAuthentication({
              optionsJSON: start.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
            })
          : await startRegistration({
              optionsJSON: start.options as Parameters<typeof startRegistration>[0]["optionsJSON"],
            });
      const done = await post(ceremony, {
        step: "verify",
        ceremony: start.ceremony,
        response: JSON.stringify(response),
        csrf,
        invite,
        next,
        name: askName ? name : undefined,
      });
      window.location.assign(done.to ?? "/owner");
    } catch (e) {
      const cancelled = e instanceof Error && (e.name === "NotAllowedError" || e.name === "AbortError");
      setError(
        cancelled
          ? "The passkey was not used. Try again when you are ready."
          : e instanceof Error
            ? e.message
            : String(e),
      );
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      {askName && (
        <label className="block">
          <span className="block font-semibold">Name this passkey</span>
          <span className="block text-sm text-soot-800">For example “Phone” or “Office laptop”.</span>
          <input
            name="passkey-name"
            value={name}
            maxLength={TEXT_LIMITS.passkey.name.max}
            onChange={(e) => setName(e.target.value)}
            className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3"
          />
        </label>
      )}
      <button
        type="button"
        onClick={() => void run()}
        disabled={busy}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-ember-500 px-5 text-lg font-semibold text-soot-950 hover:bg-ember-400 disabled:opacity-60 sm:w-auto"
      >
        {busy ? "Waiting for your passkey…" : label}
      </button>
      <p role="alert" className="min-h-6 font-semibold text-brick-800">
        {error}
      </p>
    </div>
  );
}
