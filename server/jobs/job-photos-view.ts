// What the homeowner's job page shows of the job's photos (the `photos` prop of app/components/job-photos.tsx), and
// the plain answers of their routes (the link is looked up by the job service, limited like a quote's).
import { dayAt } from "../../app/lib/business-day.ts";
import { business } from "../../app/content/business.ts";
import type { JobPhotosView } from "../../app/lib/job-photos.ts";
import type { AppLoadContext } from "react-router";
import type { JobPhotoStore } from "../store/job-photos.ts";

export type { JobPhotoItem, JobPhotosView } from "../../app/lib/job-photos.ts";

export function jobPhotosView(
  store: JobPhotoStore,
  consent: { version: string; text: string },
  jobId: number,
): JobPhotosView {
  return {
    consent: { version: consent.version, text: consent.text },
    items: store.list(jobId).map((p) => ({
      id: p.id,
      kind: p.kind,
      width: p.width,
      height: p.height,
      consentDay: p.consent_at ? dayAt(new Date(p.consent_at), business.timeZone) : null,
      onSite: store.onSite(p.id),
    })),
  };
}

/** What the homeowner agreed to, kept with their yes: the words' version, then the words. */
export function consentRecord(consent: { version: string; text: string }): string {
  return `${consent.version}\n${consent.text}`;
}

/** A short plain answer in our words for the homeowner's photo routes. */
export function plainText(status: number, words: string, headers: Record<string, string> = {}): Response {
  return new Response(words, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/** The job a homeowner's link opens, through the job service's limited lookups: its id, null, or a 429 to answer. */
export function jobOfLink(jobs: AppLoadContext["jobs"], token: string, ip: string | null): number | null | Response {
  const found = jobs.lookup(token, ip);
  if (found === "limited")
    return plainText(429, "Too many tries. Wait a few minutes.", { "Retry-After": String(jobs.retryAfter(ip)) });
  return found ? found.id : null;
}
