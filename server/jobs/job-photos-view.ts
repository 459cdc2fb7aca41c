// What the homeowner's job page shows of the job's photos (the `photos` prop of app/components/job-photos.tsx), and
// their link's lookups: limited like a quote's (a lookup that finds nothing counts against the address), never a write.
import { dayAt } from "../../app/lib/business-day.ts";
import { business } from "../../app/content/business.ts";
import { limitedLookups } from "../documents/secret-links.ts";
import { LOOKUP_LIMIT } from "../quotes/quote-context.ts";
import type { JobPhotosView } from "../../app/lib/job-photos.ts";
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

const lookups = limitedLookups(() => new Date(), LOOKUP_LIMIT);

/** The job a homeowner's link opens: its id, null, or "limited" after too many links that opened nothing. */
export function jobForLink(
  store: JobPhotoStore,
  token: string | undefined,
  ip: string | null,
): number | null | "limited" {
  return lookups.lookup(ip, () => store.jobForToken(token));
}

/** A short plain answer in our words for the homeowner's photo routes. */
export function plainText(status: number, words: string, headers: Record<string, string> = {}): Response {
  return new Response(words, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/** The answer to a link lookup refused for too many failures from this address. */
export function tooManyTries(ip: string | null): Response {
  return plainText(429, "Too many tries. Wait a few minutes.", { "Retry-After": String(lookups.retryAfter(ip)) });
}
