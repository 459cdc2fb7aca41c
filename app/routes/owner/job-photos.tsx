// /owner/jobs/<id>/photos: before and after photos of a job, from the phone. An upload streams through the estimate
// photos' reader and ingest (metadata stripped and checked, encoded once), so only the cleaned JPEG is kept. A photo
// can be removed while it is not on the site; a before-and-after pair the homeowner said yes to goes on Recent work
// through the publish pipeline (job-photos.server.ts), naming the request's town, never the street.
import { data, redirect } from "react-router";
import type { Route } from "./+types/job-photos";
import {
  boxText,
  field,
  idParam,
  notFound,
  plainAnswer,
  requireOwner,
  requireStreamedToken,
  unknownIntent,
} from "./guard.server";
import { openSiteRepo, publishingOff } from "./site-files.server";
import { publishPair, serviceOf, servicePages, settlePairs, takeOffPair, townOf } from "./job-photos.server";
import { Button, Card, CsrfField, LimitedBox, Notice, PageTitle } from "./ui";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { PHOTO_FIELD, PHOTO_LIMITS, photoAccept, photoCount, refusalText } from "~/lib/estimate-photos";
import { overLimit, TEXT_LIMITS, typedBack } from "~/lib/text-limits";
import type { JobPhotoKind } from "../../../server/store/job-photos.ts";

const LIMIT = TEXT_LIMITS.jobPhotos;
const NO_STORE = { headers: { "Cache-Control": "no-store" } };
const MB = 1024 * 1024;
/** Said where the owner picks photos, from the limits the reader counts by. */
const LIMIT_WORDS =
  `Up to ${PHOTO_LIMITS.maxFiles} photos at a time, each up to ${PHOTO_LIMITS.maxFileBytes / MB} MB and ` +
  `${PHOTO_LIMITS.maxTotalBytes / MB} MB together. Their location and camera details are removed.`;
const UPLOAD_PROBLEMS = {
  "too-large": "That upload is too large: send fewer photos at a time.",
  malformed: "The upload did not arrive whole. Try again.",
  stalled: "The upload stopped arriving. Try again where the signal is better.",
  "unexpected-file": "The upload did not arrive whole. Try again.",
} as const;

function jobId(params: { id?: string }): number {
  const id = idParam(params.id);
  if (id === null) notFound();
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const id = jobId(args.params);
  const store = args.context.estimates.jobPhotos;
  const job = store.job(id);
  if (!job) notFound();
  openSiteRepo(args.context);
  // A pair may be published from here: the render's worker gets ready meanwhile (decision 0027).
  args.context.publisher?.warm();
  const failures = settlePairs(args.context, id);
  const pairs = store.pairs(id);
  const livePairs = pairs.filter((p) => p.state !== "taken-off");
  const { heicDecodable } = await heic();
  const url = new URL(args.request.url);
  return {
    csrf: owner.csrf,
    id,
    photos: store.list(id).map((p) => ({
      id: p.id,
      kind: p.kind,
      width: p.width,
      height: p.height,
      consent: p.consent_at ? localTime(p.consent_at) : null,
      onSite: livePairs.some((x) => x.before_id === p.id || x.after_id === p.id),
    })),
    pairs: livePairs.map((p) => ({ id: p.id, caption: p.caption, service: p.service, state: p.state })),
    services: servicePages(),
    service: serviceOf(job.service),
    town: townOf(job.town),
    accept: photoAccept(heicDecodable),
    off: publishingOff(args.context),
    failures,
    done: url.searchParams.get("done"),
  };
}

const heic = async () => {
  const { sharpDecodesHeic } = await import("../../../server/photos/photo-ingest.ts");
  return { heicDecodable: sharpDecodesHeic() };
};

const back = (id: number, done: string) =>
  redirect(`/owner/jobs/${id}/photos?done=${encodeURIComponent(done)}`, NO_STORE);

async function upload(args: Route.ActionArgs, id: number) {
  const owner = await requireOwner(args, { stream: true });
  const store = args.context.estimates.jobPhotos;
  // The reader and its image library are loaded on use: a process that only renders pages never needs them.
  const { readEstimateUpload } = await import("../../../server/requests/estimate-upload.ts");
  const read = await readEstimateUpload(args.request, args.request.headers.get("content-type") ?? "", {
    idleMs: args.context.uploads.idleMs,
  });
  if ("kind" in read) {
    const status = read.kind === "too-large" ? 413 : read.kind === "stalled" ? 408 : 400;
    return data({ error: UPLOAD_PROBLEMS[read.kind] }, { status });
  }
  requireStreamedToken(owner, read.fields);
  const fields = new Map(read.fields);
  if (fields.get("intent") !== "add") unknownIntent();
  const kind = fields.get("kind");
  if (kind !== "before" && kind !== "after")
    return data({ error: "Say whether these are before or after photos." }, 400);
  if (!store.job(id)) notFound();
  for (const photo of read.photos) store.add(id, kind satisfies JobPhotoKind, photo);
  const refused = read.refused.map(refusalText);
  if (read.photos.length === 0)
    return data({ error: refused.join(" ") || "Choose at least one photo." }, { status: 400 });
  const added = `Added ${photoCount(read.photos.length)} (${kind}).`;
  return back(id, [added, ...refused].join(" "));
}

export async function action(args: Route.ActionArgs) {
  const id = jobId(args.params);
  if (/^multipart\/form-data/i.test(args.request.headers.get("content-type") ?? "")) return upload(args, id);
  const owner = await requireOwner(args);
  const form = owner.form;
  const intent = field(form, "intent", 20);
  if (intent !== "remove" && intent !== "publish" && intent !== "take-off") unknownIntent();
  const store = args.context.estimates.jobPhotos;
  if (!store.job(id)) notFound();
  if (intent === "remove") {
    const photo = idParam(field(form, "photo", 12));
    if (photo === null || !store.remove(id, photo))
      return data({ error: "That photo cannot be removed: it is on Recent work, or already gone." }, { status: 409 });
    return back(id, "Photo removed.");
  }
  if (intent === "take-off") {
    const pair = idParam(field(form, "pair", 12));
    if (pair === null) throw plainAnswer(400, "Which pair?");
    const outcome = await takeOffPair(args.context, id, pair);
    return outcome.ok ? back(id, outcome.words) : data({ error: outcome.words }, { status: 409 });
  }
  const caption = boxText(form, "caption");
  const altBefore = boxText(form, "altBefore");
  const altAfter = boxText(form, "altAfter");
  const typed = { caption, altBefore, altAfter };
  const over =
    overLimit(caption, LIMIT.caption) ?? overLimit(altBefore, LIMIT.altBefore) ?? overLimit(altAfter, LIMIT.altAfter);
  if (over) return data({ error: over, typed }, { status: 400 });
  if (!caption || !altBefore || !altAfter)
    return data({ error: "Fill in the caption and what each photo shows.", typed }, { status: 400 });
  const outcome = await publishPair(args.context, {
    jobId: id,
    beforeId: idParam(field(form, "before", 12)) ?? 0,
    afterId: idParam(field(form, "after", 12)) ?? 0,
    caption,
    altBefore,
    altAfter,
    service: field(form, "service", 100),
  });
  return outcome.ok ? back(id, outcome.words) : data({ error: outcome.words, typed }, { status: 409 });
}

export const meta = () => [{ title: "Job photos | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-base";
const KIND_WORDS: Record<JobPhotoKind, string> = { before: "Before", after: "After" };

export default function JobPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, id, photos, pairs, services, service, town, failures, done } = loaderData;
  const typed = typedBack(actionData);
  const ready = (kind: JobPhotoKind) => photos.filter((p) => p.kind === kind && p.consent && !p.onSite);
  const before = ready("before");
  const after = ready("after");
  return (
    <>
      <a href={`/owner/jobs/${id}`} className="inline-flex min-h-11 items-center underline underline-offset-4">
        ← Job
      </a>
      <PageTitle sub="The homeowner sees them on their job page. With their yes, a pair can go on Recent work.">
        Before and after photos
      </PageTitle>
      {done && <Notice>{done}</Notice>}
      {failures.map((f) => (
        <Notice key={f} tone="warn">
          {f}
        </Notice>
      ))}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Add photos</h2>
        <form method="post" encType="multipart/form-data" className="mt-2">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="add" />
          <fieldset>
            <legend className="font-semibold">These photos are</legend>
            <div className="mt-1 flex gap-3">
              {(["before", "after"] as const).map((k) => (
                <label
                  key={k}
                  className="flex min-h-11 flex-1 items-center gap-2 rounded-lg border-2 border-mortar-300 px-3"
                >
                  <input type="radio" name="kind" value={k} required defaultChecked={k === "before"} />
                  {KIND_WORDS[k]}
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor="photos" className="mt-3 block font-semibold">
            Photos
          </label>
          <input
            id="photos"
            name={PHOTO_FIELD}
            type="file"
            accept={loaderData.accept}
            multiple
            required
            className="mt-1 block w-full"
          />
          <p className="mt-1 text-sm text-soot-800">{LIMIT_WORDS}</p>
          <Button className="mt-3">Add photos</Button>
        </form>
      </Card>
      {(["before", "after"] as const).map((k) => (
        <section key={k} className="mb-5" aria-labelledby={`${k}-heading`}>
          <h2 id={`${k}-heading`} className="font-serif text-xl font-bold">
            {KIND_WORDS[k]}
          </h2>
          {photos.filter((p) => p.kind === k).length === 0 ? (
            <p className="mt-1">No {k} photos yet.</p>
          ) : (
            <ul className="mt-2 grid grid-cols-2 gap-3">
              {photos
                .filter((p) => p.kind === k)
                .map((p) => (
                  <li key={p.id}>
                    <Card className="p-2">
                      <a href={`/owner/jobs/${id}/photos/${p.id}`}>
                        <img
                          src={`/owner/jobs/${id}/photos/${p.id}-small`}
                          alt={`${KIND_WORDS[k]} photo ${p.id}`}
                          width={p.width}
                          height={p.height}
                          className="h-auto w-full rounded"
                        />
                      </a>
                      <p className="mt-1 text-sm">
                        {p.onSite ? (
                          <span className="font-semibold text-green-900">On Recent work</span>
                        ) : p.consent ? (
                          <>Homeowner said yes, {p.consent}</>
                        ) : (
                          <>Waiting for the homeowner’s yes</>
                        )}
                      </p>
                      {!p.onSite && (
                        <form method="post" className="mt-1">
                          <CsrfField token={csrf} />
                          <input type="hidden" name="photo" value={p.id} />
                          <Button name="intent" value="remove" variant="danger" className="w-full">
                            Remove
                            <span className="sr-only">
                              {" "}
                              {k} photo {p.id}
                            </span>
                          </Button>
                        </form>
                      )}
                    </Card>
                  </li>
                ))}
            </ul>
          )}
        </section>
      ))}
      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Put on Recent work</h2>
        {loaderData.off && <Notice tone="warn">{loaderData.off}</Notice>}
        {before.length === 0 || after.length === 0 ? (
          <p className="mt-1">
            {pairs.length > 0 ? "Another pair needs" : "Needs"} a before photo and an after photo the homeowner has said
            yes to. They say yes on their job page.
          </p>
        ) : (
          <form method="post" className="mt-2">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="publish" />
            <PhotoChoice name="before" label="Before photo" photos={before} />
            <PhotoChoice name="after" label="After photo" photos={after} />
            <label htmlFor="service" className="mt-3 block font-semibold">
              Service
            </label>
            <select id="service" name="service" required className={input} defaultValue={service}>
              <option value="">Choose…</option>
              {services.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <p className="mt-3">
              <span className="font-semibold">Town named:</span> {town.name ?? "none"}
              {town.name && !town.slug && " (no town page: shown on the service page only)"}. The street and house
              number are never shown.
            </p>
            {(
              [
                ["caption", "New poured crown, October 2026"],
                ["altBefore", "Cracked crown with loose bricks on a brick chimney"],
                ["altAfter", "New concrete crown with a drip edge on the same chimney"],
              ] as const
            ).map(([name, hint]) => (
              <LimitedBox
                key={name}
                name={name}
                limit={LIMIT[name]}
                required
                defaultValue={typed[name]}
                placeholder={hint}
                className="mt-3"
              />
            ))}
            <Button className="mt-4">Put on Recent work</Button>
          </form>
        )}
      </Card>
      {pairs.length > 0 && (
        <section aria-labelledby="pairs-heading">
          <h2 id="pairs-heading" className="font-serif text-xl font-bold">
            On Recent work
          </h2>
          <ul className="mt-2 space-y-3">
            {pairs.map((p) => (
              <li key={p.id}>
                <Card>
                  <p className="font-semibold">{p.caption}</p>
                  <p className="text-sm">
                    {p.state === "publishing" ? "Publishing…" : "On the site: "}
                    <a href={`/services/${p.service}`} className="underline underline-offset-4">
                      the service page
                    </a>
                  </p>
                  <form method="post" className="mt-2">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="pair" value={p.id} />
                    <Button name="intent" value="take-off" variant="danger">
                      Take off the site<span className="sr-only">: {p.caption}</span>
                    </Button>
                  </form>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function PhotoChoice({ name, label, photos }: { name: string; label: string; photos: { id: number }[] }) {
  return (
    <>
      <label htmlFor={name} className="mt-3 block font-semibold">
        {label}
      </label>
      <select id={name} name={name} required className={input}>
        {photos.map((p) => (
          <option key={p.id} value={p.id}>
            Photo {p.id}
          </option>
        ))}
      </select>
    </>
  );
}
