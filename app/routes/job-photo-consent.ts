// POST /job/<link>/photos/<photo>/consent: the homeowner's yes to a photo of their job going on Recent work, or that
// yes taken back while the photo is not on the site (decision 0046). Scanner-safe: only a POST from the job page
// changes anything (server/http/security.ts postGuard for every POST, checked again here); a GET only goes back to the
// page. Answers 303 to /job/<link>#photos.
import { redirect } from "react-router";
import type { Route } from "./+types/job-photo-consent";
import { postedFromOtherSite } from "../../server/documents/scanner-safe.ts";
import { linkTokenHash } from "../../server/documents/secret-links.ts";
import { consentRecord, jobOfLink, plainText } from "../../server/jobs/job-photos-view.ts";
import { makeCopiesAhead, photoCopiesDir } from "../../server/photos/photo-copies.ts";

const backToPage = (token: string) => redirect(`/job/${token}#photos`, { status: 303 });

export function loader({ params }: Route.LoaderArgs) {
  return linkTokenHash(params.token) ? backToPage(params.token) : plainText(404, "There is nothing here.");
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (postedFromOtherSite(request.headers, context.siteOrigin))
    return plainText(403, "Requests from other sites are not accepted.");
  const store = context.estimates.jobPhotos;
  const job = jobOfLink(context.jobs, params.token, context.clientIp);
  if (job instanceof Response) return job;
  const photo = /^[1-9]\d{0,11}$/.test(params.photo) ? Number(params.photo) : null;
  if (job === null || photo === null || !store.get(job, photo)) return plainText(404, "There is nothing here.");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return plainText(400, "This form did not arrive whole. Go back and try again.");
  }
  const intent = form.get("intent");
  if (intent === "consent") {
    store.consent(job, photo, consentRecord(context.quotes.words().terms.photoConsent));
    // Its web copies are made now, in the background, so that the owner's "Put on Recent work" encodes nothing.
    const row = context.publisher ? store.get(job, photo) : undefined;
    const bytes = row ? store.bytes(row, "full") : null;
    if (context.publisher && bytes)
      makeCopiesAhead(bytes, `job-photo-${photo}.jpg`, photoCopiesDir(context.publisher.repoDir)).catch(
        (error: unknown) => console.error(`job photo ${photo}: copies not made ahead: ${(error as Error).message}`),
      );
  } else if (intent === "withdraw") {
    if (store.withdraw(job, photo) === "on-site")
      return plainText(409, "This photo is on the site now. Call or e-mail us and we take it off.");
  } else return plainText(400, "This form did not say what to do. Go back and try again.");
  return backToPage(params.token);
}
