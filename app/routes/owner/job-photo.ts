// GET /owner/jobs/<id>/photos/<photo> (the 1600 px photo) and …/<photo>-small (its preview): a job's photo, only to
// the signed-in owner. Data, not a page: without a session a plain 401. No-store and nosniff come from the server.
import type { Route } from "./+types/job-photo";
import { idParam, notFound, requireOwner } from "./guard.server";
import { jobPhotoResponse } from "../../../server/jobs/job-photos-image.ts";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const id = idParam(args.params.id);
  const answer = id === null ? null : jobPhotoResponse(args.context.estimates.jobPhotos, id, args.params.photo);
  if (!answer) notFound();
  return answer;
}
