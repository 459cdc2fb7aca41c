// A job photo's bytes as an answer, for the owner's route and the homeowner's: "<id>" is the 1600 px photo,
// "<id>-small" its 640 px preview; anything else is no answer at all (the routes say 404 in their words).
import type { JobPhotoStore } from "../store/job-photos.ts";

export function jobPhotoResponse(store: JobPhotoStore, jobId: number, param: string | undefined): Response | null {
  const match = /^([1-9]\d{0,11})(-small)?$/.exec(param ?? "");
  const row = match ? store.get(jobId, Number(match[1])) : undefined;
  const bytes = row ? store.bytes(row, match?.[2] ? "preview" : "full") : null;
  if (!row || !bytes) return null;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `inline; filename="job-${jobId}-${row.kind}-${row.id}${match?.[2] ? "-small" : ""}.jpg"`,
    },
  });
}
