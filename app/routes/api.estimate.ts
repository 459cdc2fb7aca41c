// The estimate endpoint. It speaks the contract of hosted form services, so the form works the same whichever
// receives it: multipart or urlencoded POST; JSON answers when asked (Accept: application/json), else a 303.
import type { Route } from "./+types/api.estimate";
import { business } from "~/content/business";
import { ESTIMATE_LIMITS, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, MAX_BODY_BYTES } from "~/lib/estimate-fields";
import { parseAttribution } from "~/lib/attribution";
import { validateEstimate, type FieldError } from "~/lib/estimate-schema";
import { encodeRefusals, PHOTO_FIELD, type PhotoRefusal } from "~/lib/estimate-photos";
import type { NewPhoto } from "../../server/requests/estimate-store.ts";

export const CONFIRMATION_PATH = "/contact/received";
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*(;|$)/i;
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
  // `confirmation` says a confirmation e-mail is on its way (never for what the spam trap caught); `photos` how many
  // photos were kept and `refused` which were not and why (only when photos were sent).
  // `visit` is the request's own link to book the estimate visit (server/booking/), when booking online is on.
  const success = (
    confirmation = false,
    photos?: { kept: number; refused: PhotoRefusal[] },
    visit: string | null = null,
  ) => {
    if (wantsJson)
      return json(200, {
        ok: true,
        ...(confirmation ? { confirmation: true } : {}),
        ...(photos ? { photos: photos.kept, refusedPhotos: photos.refused } : {}),
        ...(visit ? { visit: `/visit/${visit}` } : {}),
      });
    const query = new URLSearchParams({ status: "ok" });
    if (confirmation) query.set("confirmation", "1");
    if (photos) query.set("photos", String(photos.kept));
    if (photos?.refused.length) query.set("refused", encodeRefusals(photos.refused));
    if (visit) query.set("visit", visit);
    return new Response(null, { status: 303, headers: { Location: `${CONFIRMATION_PATH}?${query}` } });
  };
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
  const multipart = MULTIPART.test(contentType);
  // Imported on use: its image library is not for a process that only renders pages (a publish's worker).
  const { readEstimateUpload, UPLOAD_READ_LIMITS } = await import("../../server/requests/estimate-upload.ts");
  // Photos make a multipart body larger; a body past its cap is refused before a byte is read.
  const maxBytes = multipart ? UPLOAD_READ_LIMITS.bodyBytes : MAX_BODY_BYTES;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    return failure(413, "The request is too large.");
  }

  let entries: [string, FormDataEntryValue][];
  let photos: NewPhoto[] = [];
  let refusedPhotos: PhotoRefusal[] = [];
  let photosSent = false;
  if (multipart) {
    const upload = await readEstimateUpload(request, contentType, context.uploads);
    if ("kind" in upload) {
      if (upload.kind === "too-large") return failure(413, "The request is too large.");
      if (upload.kind === "stalled") return failure(408, "The request stopped arriving. Please try again.");
      if (upload.kind === "unexpected-file")
        return answer(400, "Files are not accepted.", [
          { field: upload.field, code: "unexpected_file", message: "Files are not accepted." },
        ]);
      return answer(400, "The form data could not be read.", [
        { field: "form", code: "malformed", message: "Malformed form data." },
      ]);
    } else {
      entries = upload.fields;
      photos = upload.photos;
      refusedPhotos = upload.refused;
      photosSent = photos.length + refusedPhotos.length > 0;
    }
  } else {
    const body = await readBody(request, MAX_BODY_BYTES);
    if (!body) return failure(413, "The request is too large.");
    try {
      entries = [
        ...(await new Request("http://form.invalid/", {
          method: "POST",
          headers: { "content-type": contentType },
          body,
        }).formData()),
      ];
    } catch {
      return answer(400, "The form data could not be read.", [
        { field: "form", code: "malformed", message: "Malformed form data." },
      ]);
    }
  }

  const values: Record<string, string> = {};
  const problems: FieldError[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== "string") {
      problems.push({ field: name, code: "unexpected_file", message: "Files are not accepted." });
    } else if (name === PHOTO_FIELD) {
      // An urlencoded form's empty file input sends the field as text: no photo.
      continue;
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
  let visitLink: string | null = null;
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
        // What the spam trap caught keeps nothing but its words.
        photos: spam ? [] : photos,
        photosRefused: spam ? "" : encodeRefusals(refusedPhotos),
      },
      { notifyTo: context.notifyTo, confirm, confirmationPeriodHours: context.confirmations.periodHours },
    );
    // The owner's phone first (a push leaves at once), the e-mail beside it from the outbox.
    if (!saved.duplicate && !spam) context.push?.newRequest({ id: saved.id, service: result.data.service, city });
    // A link to book the visit: a retried form (the same key) gets a new one, as the first answer never arrived.
    // Booking is an extra: should it fail, the request is stored all the same and the answer says so.
    try {
      if (saved.id > 0 && context.booking.settings().enabled) visitLink = context.booking.newLink(saved.id);
    } catch (error) {
      console.error(`Could not make a booking link for request #${saved.id}`, error);
    }
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

  return success(confirm && !spam, photosSent ? { kept: photos.length, refused: refusedPhotos } : undefined, visitLink);
}
