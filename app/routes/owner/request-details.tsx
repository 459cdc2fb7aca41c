// What the homeowner sent: how to reach them, their town, when it came, their message and their photos.
import { photoCount } from "~/lib/estimate-photos";
import type { RequestScreen } from "./request.server";
import { Card } from "./ui";

export function RequestDetails({
  lead,
  photos,
  photosRefused,
}: {
  lead: RequestScreen["lead"];
  photos: RequestScreen["photos"];
  photosRefused: RequestScreen["photosRefused"];
}) {
  return (
    <Card className="mb-4">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Phone</dt>
        <dd>{lead.phone}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd className="break-all">{lead.email}</dd>
        <dt className="font-semibold">Town</dt>
        <dd>{lead.city ?? "Not given"}</dd>
        <dt className="font-semibold">Received</dt>
        <dd>{lead.received}</dd>
      </dl>
      <h2 className="mt-4 font-serif text-xl font-bold">Message</h2>
      <p className="mt-1 whitespace-pre-wrap">{lead.message}</p>
      {(photos.length > 0 || photosRefused.length > 0) && (
        <section aria-labelledby="photos-heading" className="mt-4">
          <h2 id="photos-heading" className="font-serif text-xl font-bold">
            Photos ({photoCount(photos.length)})
          </h2>
          {photos.length > 0 && (
            <>
              <p className="text-sm text-soot-800">Tap a photo to see it full size.</p>
              <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {photos.map((p) => (
                  <li key={p.position}>
                    <a href={p.href} className="block overflow-hidden rounded-lg border-2 border-mortar-300">
                      <img
                        src={`${p.href}-small`}
                        width={p.width}
                        height={p.height}
                        alt={`Photo ${p.position} from ${lead.name}`}
                        className="aspect-square h-auto w-full bg-mortar-100 object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {photosRefused.length > 0 && (
            <ul className="mt-2 space-y-1 font-semibold text-brick-800" data-testid="photos-refused">
              {photosRefused.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Card>
  );
}
