// A job's before-and-after pair on "Recent work": through the owner's publish pipeline like any photo (decisions 0015,
// 0027): the two photos and content/gallery.yaml in one change, checked by the schema, committed, rendered and
// switched, or nothing changes and the owner reads why. The pair's row says which photos are on the site; the tap
// waits for the publish (its goal is 1.5 s) and a publish still running is settled when the page is next opened.
import type { AppLoadContext } from "react-router";
import { gallery as liveGallery } from "~/content/gallery";
import type { JobPhotoPairRow, JobPhotoStore } from "../../../server/store/job-photos.ts";
import type { PublishJob } from "../../../server/publishing/publish-job.ts";
import {
  checkSource,
  freePhotoName,
  gallery,
  lookups,
  openSiteRepo,
  photoUsedElsewhere,
  publishingOff,
  serialize,
} from "./site-files.server";

/** How long the owner's tap waits for its publish before the page says "still publishing". */
const WAIT_MS = 15_000;

export type PairOutcome = { ok: true; words: string } | { ok: false; words: string };

/**
 * The town a job names on the site (its request's, else the visit's address's: the job store's), matched to a town
 * page; never the street. `file` is what the photos' file names carry: the page's slug, else the town's own name.
 */
export function townOf(town: string | null): { name: string | null; slug: string | null; file: string | null } {
  const match = (lookups().city ?? []).find((c) => c.label.toLowerCase() === town?.toLowerCase());
  const own =
    (town ?? "")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || null;
  return { name: match?.label ?? town, slug: match?.value ?? null, file: match?.value ?? own };
}

/** The service pages the owner picks from: their file names and the names the pages show. */
export function servicePages(): { value: string; label: string }[] {
  return lookups().service ?? [];
}

/** The service page the request's service names, if one does ("Chimney Crown Repair" → chimney-crowns). */
export function serviceOf(service: string | null): string {
  const words = (service ?? "").toLowerCase().split(/\W+/).filter(Boolean);
  const services = servicePages();
  const best =
    services.find((s) => s.label.toLowerCase() === service?.toLowerCase()) ??
    services.find((s) =>
      s.label
        .toLowerCase()
        .split(/\W+/)
        .every((w) => words.includes(w)),
    );
  return best?.value ?? "";
}

async function finished(job: PublishJob, publisher: NonNullable<AppLoadContext["publisher"]>): Promise<PublishJob> {
  const until = Date.now() + WAIT_MS;
  let now = publisher.job(job.id) ?? job;
  while ((now.state === "queued" || now.state === "rendering" || now.state === "checking") && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    now = publisher.job(job.id) ?? now;
  }
  return now;
}

/** Where a pair's publish stands, settled into its row; the failure's words when it failed. */
function settle(
  store: JobPhotoStore,
  pair: JobPhotoPairRow,
  job: PublishJob | undefined,
  live: boolean,
): string | null {
  if (pair.state !== "publishing") return null;
  if (job?.state === "published") store.published(pair.id);
  else if (job?.state === "failed" || job?.state === "unchanged") {
    store.dropPair(pair.id);
    return `“${pair.caption}” was not put on Recent work: ${job.error ?? "nothing changed"}. The site is as it was.`;
  } else if (!job) {
    // The server restarted since: the site's own gallery says whether it went live.
    if (live) store.published(pair.id);
    else store.dropPair(pair.id);
  }
  return null;
}

/** Settles every pair of a job still publishing; returns the words of those that failed. */
export function settlePairs(context: AppLoadContext, jobId: number): string[] {
  const store = context.estimates.jobPhotos;
  const onSite = new Set(liveGallery.map((g) => g.file));
  return store
    .pairs(jobId)
    .map((p) =>
      settle(store, p, p.publish_job ? context.publisher?.job(p.publish_job) : undefined, onSite.has(p.after_file)),
    )
    .filter((w): w is string => w !== null);
}

export type PairRequest = {
  jobId: number;
  beforeId: number;
  afterId: number;
  caption: string;
  altBefore: string;
  altAfter: string;
  service: string;
};

/** Puts a consented pair on Recent work; the answer in the owner's words. */
export async function publishPair(context: AppLoadContext, request: PairRequest): Promise<PairOutcome> {
  const store = context.estimates.jobPhotos;
  const publisher = context.publisher;
  const repo = openSiteRepo(context);
  if (!publisher) return { ok: false, words: publishingOff(context) ?? "Publishing is off on this server." };
  const job = store.job(request.jobId);
  const before = store.get(request.jobId, request.beforeId);
  const after = store.get(request.jobId, request.afterId);
  if (!job || !before || !after) return { ok: false, words: "Choose a before photo and an after photo of this job." };
  if (!servicePages().some((s) => s.value === request.service))
    return { ok: false, words: "Choose the service the job was." };
  const town = townOf(job.town);
  const beforeBytes = store.bytes(before, "full");
  const afterBytes = store.bytes(after, "full");
  if (!beforeBytes || !afterBytes) return { ok: false, words: "A photo's file is missing; add it again." };
  const taken = new Set<string>();
  const stem = `${request.service}-${town.file ?? "job"}`;
  const beforeFile = freePhotoName(repo, `${stem}-before`, taken);
  const afterFile = freePhotoName(repo, `${stem}-after`, taken);
  const { file, source, items } = gallery();
  const place = { service: request.service, ...(town.slug ? { city: town.slug } : {}) };
  const next = [
    { file: beforeFile, alt: request.altBefore, caption: `Before: ${request.caption}`, ...place },
    { file: afterFile, alt: request.altAfter, caption: `After: ${request.caption}`, ...place },
    ...items,
  ];
  const gallerySource = serialize(file, { items: next }, source);
  try {
    checkSource(file, gallerySource);
  } catch (error) {
    if (error instanceof Error && error.name === "ContentError")
      return { ok: false, words: `Not put on Recent work: ${error.message}` };
    throw error;
  }
  const pairId = store.startPair({
    jobId: request.jobId,
    beforeId: before.id,
    afterId: after.id,
    beforeFile,
    afterFile,
    service: request.service,
    city: town.slug,
    caption: request.caption,
  });
  if (pairId === "no-consent")
    return { ok: false, words: "Both photos need the homeowner’s yes first: they give it on their job page." };
  if (pairId === "on-site") return { ok: false, words: "One of these photos is already on Recent work." };
  const queued = publisher.save({
    summary: `Recent work: before and after, ${request.caption}`,
    files: [
      { path: `content/photos/${beforeFile}`, content: beforeBytes },
      { path: `content/photos/${afterFile}`, content: afterBytes },
      { path: file.path, content: gallerySource },
    ],
  });
  store.publishing(pairId, queued.id);
  const done = await finished(queued, publisher);
  const pair = store.pair(pairId);
  const failed = pair ? settle(store, pair, done, false) : null;
  if (failed) return { ok: false, words: failed };
  if (done.state === "published") return { ok: true, words: "On Recent work now." };
  return { ok: true, words: "Saved. Publishing now: it shows on the site in a moment." };
}

/** Takes a pair off Recent work: its two gallery entries and photo files go in one publish; its record stays. */
export async function takeOffPair(context: AppLoadContext, jobId: number, pairId: number): Promise<PairOutcome> {
  const store = context.estimates.jobPhotos;
  const publisher = context.publisher;
  const repo = openSiteRepo(context);
  if (!publisher) return { ok: false, words: publishingOff(context) ?? "Publishing is off on this server." };
  const pair = store.pair(pairId);
  if (!pair || pair.job_id !== jobId || pair.state === "taken-off")
    return { ok: false, words: "That pair is not on Recent work." };
  const names = [pair.before_file, pair.after_file];
  const { file, source, items } = gallery();
  const rest = items.filter((i) => !names.includes(i.file));
  const queued = publisher.save({
    summary: `Recent work: took off ${pair.caption}`,
    files: [
      { path: file.path, content: serialize(file, { items: rest }, source) },
      ...names.filter((n) => !photoUsedElsewhere(repo, n)).map((n) => ({ path: `content/photos/${n}`, content: null })),
    ],
  });
  const done = await finished(queued, publisher);
  if (done.state === "failed") return { ok: false, words: `Not taken off: ${done.error ?? "the publish failed"}.` };
  store.takenOff(pairId);
  return { ok: true, words: done.state === "published" ? "Taken off Recent work." : "Taken off; publishing now." };
}
