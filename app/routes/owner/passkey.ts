// POST /owner/passkey/<sign-in|enrol|add>: the server half of the passkey button (app/islands/passkey-button.tsx), in two
// steps: "options" (a challenge, kept here) and "verify" (the authenticator's answer). Failed sign-ins and
// enrolments are rate-limited per address and overall; adding a passkey needs the session and its CSRF token.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { AppLoadContext } from "react-router";
import type { Route } from "./+types/passkey";
import {
  boxText,
  consoleAvailable,
  consoleOrigin,
  CROSS_SITE,
  field,
  requireOwner,
  safeNext,
  sameOrigin,
  sessionCookie,
  sessionToken,
} from "./guard.server";
import { business } from "~/content/business";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { transportsOf } from "../../../server/store/owner-passkeys.ts";

const OWNER_USER_ID = new TextEncoder().encode("owner");

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
const refuse = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(status, { error }, headers);

const FAILED = "That passkey was not accepted. Try again, or use another passkey.";

function rp(context: AppLoadContext) {
  const origin = consoleOrigin(context);
  return { origin, rpID: new URL(origin).hostname };
}

function parseResponse<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && "id" in value && typeof value.id === "string" ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Signs in: a new session (any session this browser had ends: the id is never reused), cookie set. */
function startSession(request: Request, context: AppLoadContext, passkeyId: string, next: string, event: string) {
  const { owner, clientIp } = context;
  owner.sessions.end(sessionToken(request, context));
  const { token } = owner.sessions.create({
    ip: clientIp,
    userAgent: request.headers.get("user-agent"),
    passkeyId,
  });
  owner.audit.log(event, { ip: clientIp, detail: `passkey ${passkeyId.slice(0, 12)}` });
  return json(200, { ok: true, to: next }, { "Set-Cookie": sessionCookie(context, token) });
}

export function loader() {
  return refuse(405, "Use the button on the page.");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ceremony = params.ceremony;
  if (ceremony !== "sign-in" && ceremony !== "enrol" && ceremony !== "add")
    return refuse(404, "There is nothing here.");
  if (!consoleAvailable(context)) return refuse(403, "The owner console works only over https.");
  const { owner, clientIp } = context;
  // Imported on use: about 25 MB that a process that only renders pages (a publish's worker) never needs.
  const {
    generateAuthenticationOptions,
    generateRegistrationOptions,
    verifyAuthenticationResponse,
    verifyRegistrationResponse,
  } = await import("@simplewebauthn/server");

  let form: FormData;
  if (ceremony === "add") {
    form = (await requireOwner({ request, context }, { data: true })).form ?? new FormData();
  } else {
    if (!sameOrigin(request, context)) return refuse(403, CROSS_SITE);
    const length = Number(request.headers.get("content-length") ?? NaN);
    if (!Number.isFinite(length) || length > 64 * 1024) return refuse(413, "That is more than this form takes.");
    try {
      form = await request.formData();
    } catch {
      return refuse(400, FAILED);
    }
  }
  const step = field(form, "step", 20);
  const invite = field(form, "invite", 100);
  const { origin, rpID } = rp(context);
  // The name is sent with both steps, so one over its limit is refused before the authenticator is asked; the
  // button keeps what was typed in its box.
  const name = boxText(form, "name");
  const nameOver = overLimit(name, TEXT_LIMITS.passkey.name);
  if (nameOver) return refuse(400, nameOver);

  if (step === "options") {
    if (ceremony === "sign-in") {
      const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
      return json(200, { ceremony: owner.holdChallenge(options.challenge, ceremony), options });
    }
    if (ceremony === "enrol" && !owner.passkeys.inviteValid(invite)) {
      return refuse(410, "This enrolment link has expired or was already used. Ask for a new one on the server.");
    }
    const options = await generateRegistrationOptions({
      rpName: business.name,
      rpID,
      userName: "owner",
      userDisplayName: `${business.name} (owner)`,
      userID: OWNER_USER_ID,
      attestationType: "none",
      excludeCredentials: owner.passkeys.list().map((p) => ({ id: p.id, transports: transportsOf(p) })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    return json(200, { ceremony: owner.holdChallenge(options.challenge, ceremony, invite || undefined), options });
  }
  if (step !== "verify") return refuse(400, FAILED);

  if (ceremony !== "add") {
    const wait = owner.signInLimit.wait(clientIp);
    if (wait > 0) {
      owner.audit.log(`${ceremony} refused (too many attempts)`, { ip: clientIp });
      return refuse(429, "Too many attempts. Wait a few minutes and try again.", { "Retry-After": String(wait) });
    }
  }
  const held = owner.takeChallenge(field(form, "ceremony", 100), ceremony);
  const fail = (why: string) => {
    if (ceremony !== "add") owner.signInLimit.failed(clientIp);
    owner.audit.log(`${ceremony} failed`, { ip: clientIp, detail: why });
    return refuse(400, FAILED);
  };
  if (!held) return fail("no pending challenge");

  if (ceremony === "sign-in") {
    const response = parseResponse<AuthenticationResponseJSON>(field(form, "response", 20_000));
    const passkey = response ? owner.passkeys.get(response.id) : undefined;
    if (!response || !passkey) return fail("unknown passkey");
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: held.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: false,
      });
      if (!result.verified) return fail("assertion not verified");
      owner.passkeys.markUsed(passkey.id, result.authenticationInfo.newCounter);
    } catch {
      return fail("assertion not verified");
    }
    return startSession(request, context, passkey.id, safeNext(field(form, "next", 300)), "signed in");
  }

  // Enrolment (from an invite) or another passkey (signed in).
  if (ceremony === "enrol" && held.invite !== invite) return fail("invite does not match");
  const response = parseResponse<RegistrationResponseJSON>(field(form, "response", 20_000));
  if (!response) return fail("no registration");
  let credential;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: held.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return fail("registration not verified");
    credential = result.registrationInfo.credential;
  } catch {
    return fail("registration not verified");
  }
  const passkeyName = name || (ceremony === "enrol" ? "First passkey" : "Passkey");
  const added = owner.passkeys.transaction(() => {
    if (ceremony === "enrol" && !owner.passkeys.consumeInvite(invite)) return false;
    if (owner.passkeys.get(credential.id)) return false;
    owner.passkeys.add({
      id: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: passkeyName,
    });
    return true;
  });
  if (!added) return fail(ceremony === "enrol" ? "invite already used or expired" : "passkey already registered");
  owner.audit.log("passkey added", {
    ip: clientIp,
    detail: `${passkeyName} (${ceremony === "enrol" ? "invite" : "console"})`,
  });
  if (ceremony === "add") return json(200, { ok: true, to: "/owner/security?done=added" });
  return startSession(request, context, credential.id, "/owner", "signed in (enrolment)");
}
