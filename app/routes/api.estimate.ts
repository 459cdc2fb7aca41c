// The estimate endpoint. It speaks the contract of hosted form services, so the form works the same whichever
// receives it: multipart or urlencoded POST; JSON answers when asked (Accept: application/json), else a 303.
import type { Route } from "./+types/api.estimate";
import { business } from "~/content/business";
import { ESTIMATE_LIMITS, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, MAX_BODY_BYTES } from "~/lib/estimate-fields";
import { parseAttribution } from "~/lib/attribution";
import { validateEstimate, type FieldError } from "~/lib/estimate-schema";

export const CONFIRMATION_PATH = "/contact/received";
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;
const KNOWN_FIELDS = new Set([
  "name",
  "email",
  "phone",
  "service",
  "message",
  "city",
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
]);

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function failure(status: number, error: string, errors: FieldError[] = []) {
  return json(status, { error, errors });
}

/** Reads the body, refusing more than `limit` bytes (whatever Content-Length claimed). */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading but leave the connection alone, so the client still receives our 413 answer.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** One of our towns, whatever its case; anything else is dropped. */
export function knownCity(value: string | undefined): string | null {
  const wanted = value?.trim().toLowerCase();
  return business.cities.find((c) => c.name.toLowerCase() === wanted)?.name ?? null;
}

export function loader() {
  return failure(405, "Use POST to send an estimate request.");
}

export async function action({ request, context }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  // `confirmation` says a confirmation e-mail is on its way (never for what the spam trap caught).
  const success = (confirmation = false) =>
    wantsJson
      ? json(200, confirmation ? { ok: true, confirmation: true } : { ok: true })
      : new Response(null, {
          status: 303,
          headers: { Location: `${CONFIRMATION_PATH}?status=ok${confirmation ? "&confirmation=1" : ""}` },
        });
  const answer = (status: number, error: string, errors: FieldError[] = []) => {
    if (wantsJson) return failure(status, error, errors);
    const fields = [...new Set(errors.map((e) => e.field).filter((f) => KNOWN_FIELDS.has(f)))].join(",");
    const query = new URLSearchParams({ status: "invalid", ...(fields ? { fields } : {}) });
    return new Response(null, { status: 303, headers: { Location: `${CONFIRMATION_PATH}?${query}` } });
  };

  if (request.method !== "POST")
    return json(405, { error: "Use POST to send an estimate request.", errors: [] }, { Allow: "POST" });
  const refusal = context.guardEstimate(request, context.clientIp);
  if (refusal) {
    const retry: Record<string, string> = refusal.retryAfterSeconds
      ? { "Retry-After": String(refusal.retryAfterSeconds) }
      : {};
    return json(refusal.status, { error: refusal.error, errors: [] }, retry);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(contentType)) {
    return failure(415, "Send the form as multipart/form-data or application/x-www-form-urlencoded.");
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return failure(413, "The request is too large.");
  }
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body) return failure(413, "The request is too large.");

  let form: FormData;
  try {
    form = await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    }).formData();
  } catch {
    return answer(400, "The form data could not be read.", [
      { field: "form", code: "malformed", message: "Malformed form data." },
    ]);
  }

  const values: Record<string, string> = {};
  const problems: FieldError[] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      problems.push({ field: name, code: "unexpected_file", message: "Files are not accepted." });
    } else if (Object.hasOwn(values, name)) {
      problems.push({ field: name, code: "duplicate_field", message: `The field ${name} was sent more than once.` });
    } else if (value.includes("\uFFFD")) {
      problems.push({ field: name, code: "invalid_encoding", message: `The field ${name} is not valid UTF-8 text.` });
    } else {
      values[name] = value;
    }
  }
  if (problems.length > 0) return answer(400, problems[0]?.message ?? "Invalid form data.", problems);

  const spam = (values[HONEYPOT_FIELD] ?? "").length > 0;
  const result = validateEstimate(values);
  if (!result.ok) {
    // A bot that filled the trap is told it succeeded, and nothing is kept.
    if (spam) return success();
    const first = result.errors[0]?.message ?? "Please check the form.";
    return answer(422, `Please check the form. ${first}`, result.errors);
  }

  const rawKey = values[IDEMPOTENCY_FIELD]?.trim() ?? "";
  const idempotencyKey = /^[\w-]{8,}$/.test(rawKey) && rawKey.length <= ESTIMATE_LIMITS.idempotencyKey ? rawKey : null;
  const confirm = context.confirmations.enabled && context.notifyTo !== null;
  const city = knownCity(values.city);
  try {
    const saved = context.estimates.save(
      {
        ...result.data,
        city,
        spam,
        idempotencyKey,
        ip: context.clientIp,
        userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
        attribution: parseAttribution(values, {
          referer: request.headers.get("referer"),
          siteOrigin: context.siteOrigin,
        }),
      },
      { notifyTo: context.notifyTo, confirm, confirmationPeriodHours: context.confirmations.periodHours },
    );
    // The owner's phone first (a push leaves at once), the e-mail beside it from the outbox.
    if (!saved.duplicate && !spam) context.push?.newRequest({ id: saved.id, service: result.data.service, city });
    if (!saved.duplicate && !spam && context.notifyTo === null) {
      console.warn(
        `WARNING: estimate request #${saved.id} (${saved.reference}) is stored, but nobody was told: no e-mail is ` +
          "configured (set SMTP_URL). See it with `npm run leads`.",
      );
    }
  } catch (error) {
    console.error("Could not store an estimate request", error);
    return failure(500, `We could not save your request. Please call us at ${business.phone}`);
  }

  return success(confirm && !spam);
}
