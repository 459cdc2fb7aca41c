// The photos on the homeowner's job page (/job/<link>#photos): before and after, each with the homeowner's yes to
// show it on Recent work, given or taken back with a plain form (no script; the job page sends no JavaScript). The
// words they agree to are the owner's (content/quote-terms.yaml, photoConsent).
import type { JobPhotoItem, JobPhotosView } from "~/lib/job-photos";
import { dayLabel } from "~/lib/visit-labels";

const KINDS = [
  ["before", "Before"],
  ["after", "After"],
] as const;

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

export function JobPhotos({ token, photos }: { token: string; photos: JobPhotosView }) {
  if (photos.items.length === 0) return null;
  const asking = photos.items.some((p) => !p.consentDay);
  return (
    <section id="photos" aria-labelledby="photos-heading" className="mt-8">
      <h2 id="photos-heading" className="font-serif text-2xl font-bold">
        Photos of the work
      </h2>
      {asking && (
        <div className="mt-2 rounded-lg border border-mortar-200 bg-mortar-50 p-3">
          <p className="font-semibold">May we show a photo on our website?</p>
          {photos.consent.text.split(/\n\s*\n/).map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {paragraph}
            </p>
          ))}
        </div>
      )}
      {KINDS.map(([kind, label]) => {
        const items = photos.items.filter((p) => p.kind === kind);
        if (items.length === 0) return null;
        return (
          <div key={kind} className="mt-4">
            <h3 className="text-lg font-semibold">{label}</h3>
            <ul className="mt-2 grid grid-cols-2 gap-3">
              {items.map((photo) => (
                <li key={photo.id}>
                  <PhotoCard token={token} photo={photo} label={label} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function PhotoCard({ token, photo, label }: { token: string; photo: JobPhotoItem; label: string }) {
  const base = `/job/${token}/photos/${photo.id}`;
  return (
    <figure>
      <a href={base}>
        <img
          src={`${base}-small`}
          alt={`${label} photo ${photo.id} of the work`}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="h-auto w-full rounded-lg"
        />
      </a>
      <figcaption className="mt-1 text-sm">
        {photo.onSite ? (
          <>On our website’s Recent work, with your yes of {dayLabel(photo.consentDay ?? "", { long: true })}.</>
        ) : (
          <form method="post" action={`${base}/consent`}>
            {photo.consentDay && <p>You said yes on {dayLabel(photo.consentDay, { long: true })}.</p>}
            <button
              name="intent"
              value={photo.consentDay ? "withdraw" : "consent"}
              className={`${button} mt-1 w-full ${photo.consentDay ? "border-2 border-soot-800 bg-white" : "bg-brick-700 text-white"}`}
            >
              {photo.consentDay ? "Take my yes back" : "Yes, you may show it"}
              <span className="sr-only">
                {" "}
                ({label.toLowerCase()} photo {photo.id})
              </span>
            </button>
          </form>
        )}
      </figcaption>
    </figure>
  );
}
