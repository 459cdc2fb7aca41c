// GET /job/<link>/photos/<photo> (1600 px) and …/<photo>-small (640 px): a photo of the homeowner's job, by the job's
// secret link, with one 404 for anything else. Never stored, never indexed, no Referer (server/http/page-cache.ts).
import type { Route } from "./+types/job-photo";
import { jobPhotoResponse } from "../../server/jobs/job-photos-image.ts";
import { jobOfLink, plainText } from "../../server/jobs/job-photos-view.ts";

export function loader({ params, context }: Route.LoaderArgs) {
  const store = context.estimates.jobPhotos;
  const job = jobOfLink(context.jobs, params.token, context.clientIp);
  if (job instanceof Response) return job;
  return (job === null ? null : jobPhotoResponse(store, job, params.photo)) ?? plainText(404, "There is nothing here.");
}
