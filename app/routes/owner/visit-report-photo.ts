// /owner/visits/<id>/report/photos/<photo id>: a condition report's photo, by the id the phone made for it.
// POST: the photo's bytes as the body (image/jpeg or image/png), the session's token in X-CSRF-Token, its flue and
// part in the query; answered in JSON with the stored photo's hash, the same for any retry (decision 0054).
// GET …/<id> (the 1600 px copy), …/<id>-thumb (480 px) and …/<id>-original (the evidence): only to the signed-in
// owner, with no metadata. Data, not a page: without a session a plain 401.
import type { Route } from "./+types/visit-report-photo";
import { idParam, notFound, plainAnswer, requireHeaderToken, requireOwner } from "./guard.server";
import { reportContext, visitOf } from "./visit-report.server";
import { CLIENT_ID, REPORT_PHOTO_MAX_BYTES } from "~/content/condition-report";
import { REPORT_PHOTO_WORDS } from "~/lib/report-photos";
import { readPhotoBody } from "../../../server/reports/read-photo-body.ts";
import { reportForUpload } from "../../../server/reports/report-draft.ts";
import { reportPhotoUploads } from "../../../server/reports/report-photo-upload.ts";
import type { PhotoSize } from "../../../server/store/report-photos.ts";

const SIZES: Record<string, PhotoSize> = { "": "page", "-thumb": "thumb", "-original": "evidence" };
const PHOTO = /^([0-9a-f-]{36})(-thumb|-original)?$/;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const context = reportContext(args.context);
  const v = visitOf(context, args.params.id);
  const match = PHOTO.exec(args.params.photo ?? "");
  const row = match?.[1] ? context.stores.reportPhotos.byClientId(match[1]) : undefined;
  if (!match || !row || row.report_id !== v.report?.id || !row.stored_at) notFound();
  const bytes = context.stores.reportPhotos.bytes(row, SIZES[match[2] ?? ""] ?? "page");
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
      // Private to this browser; a photo never changes under its id.
      "Cache-Control": "private, max-age=86400, immutable",
    },
  });
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args, { stream: true });
  requireHeaderToken(owner, args.request);
  const context = reportContext(args.context);
  const v = visitOf(context, args.params.id);
  const clientId = args.params.photo ?? "";
  if (!CLIENT_ID.test(clientId)) return json(400, { error: REPORT_PHOTO_WORDS.id });
  const type = (args.request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "image/jpeg" && type !== "image/png") return json(415, { error: REPORT_PHOTO_WORDS.type });
  const url = new URL(args.request.url);
  const flueId = idParam(url.searchParams.get("flue") ?? "") ?? 0;
  const target = reportForUpload(context, v, flueId, url.searchParams.get("part") ?? "");
  if (target === "noProperty") throw plainAnswer(409, "This request has no property yet.");
  if (target === "flue" || target === "part") return json(400, { error: REPORT_PHOTO_WORDS[target] });
  const bytes = await readPhotoBody(args.request, {
    maxBytes: REPORT_PHOTO_MAX_BYTES,
    idleMs: args.context.uploads.idleMs,
  });
  if (typeof bytes === "string") return json(bytes === "size" ? 413 : 400, { error: REPORT_PHOTO_WORDS[bytes] });
  try {
    const answer = await reportPhotoUploads.receive(context.stores, { ...target, flueId, clientId, bytes });
    return json(answer.status, answer.body);
  } catch (error) {
    console.error("A report photo could not be kept", error);
    return json(500, { error: REPORT_PHOTO_WORDS.failed });
  }
}
