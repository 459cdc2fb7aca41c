// The phone's outbox for a condition report (decision 0054): each photo and each saved part waits on the phone until
// the server has it. What an answer does to a waiting item, when it is tried again, what the page shows as waiting,
// and whose values a part shows (the phone's draft or the server's). Pure: the island keeps these records in
// IndexedDB and does the fetching.
import type { ReportPart } from "~/content/condition-report";
import type { FieldFinding, FindingValues, ScopeValues } from "./report-field";

export type PhotoState = "waiting" | "stored" | "refused";

export type QueuedPhoto = {
  /** The id the phone made (crypto.randomUUID()). */
  id: string;
  visitId: number;
  flueId: number;
  part: ReportPart;
  /** The SHA-256 of the resized JPEG the phone keeps and sends. */
  sha256: string;
  bytes: number;
  /** A small data: URL for the page (the console's CSP allows data: images, not blob:). */
  thumb: string;
  state: PhotoState;
  /** Why it was refused, or why it waits (signed out), in words. */
  error: string | null;
  attempts: number;
  /** When to try again (epoch ms); never while signed out, until the page is reloaded. */
  nextAt: number;
  takenAt: number;
};

export type DraftStatus = "typing" | "pending" | "saved" | "refused";

export type QueuedDraft = {
  /** draftKey(): "<visit>:<flue>:<part>" or "<visit>:scope". */
  key: string;
  visitId: number;
  kind: "finding" | "scope";
  flueId: number | null;
  part: ReportPart | null;
  values: FindingValues | ScopeValues;
  status: DraftStatus;
  problems: Record<string, string>;
  /** The report's rev the server gave this save. */
  savedRev: number | null;
  attempts: number;
  nextAt: number;
  at: number;
};

/** A photo the owner took off a part before or after it reached the server: the server is told once it can be. */
export type QueuedRemoval = { key: string; visitId: number; photoId: string; attempts: number; nextAt: number };

/** What a try came back with: the server's status and JSON, or no answer at all (offline, dropped, timed out). */
export type Attempt = { kind: "answer"; status: number; body: Record<string, unknown> | null } | { kind: "network" };

export const QUEUE_WORDS = {
  signedOut: "Signed out: sign in again, and the waiting items go. They are kept on this phone meanwhile.",
  different: "The server kept a different photo under this id. Remove this one and take it again.",
  refused: "The server did not take this photo.",
} as const;

/** Never: an item waits for a reload (a new sign-in) rather than a timer. */
export const NEVER = Number.MAX_SAFE_INTEGER;

/** 2 s, 4 s, 8 s … at most a minute between tries of one item. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(1, attempts));
}

/** How long one upload may take before it is given up and tried again: 20 s, plus 20 s a megabyte (400 kbit/s). */
export function uploadTimeoutMs(bytes: number): number {
  return 20_000 + Math.ceil((bytes / 1_000_000) * 20_000);
}

const retry = <T extends { attempts: number; nextAt: number }>(item: T, now: number): T => ({
  ...item,
  attempts: item.attempts + 1,
  nextAt: now + backoffMs(item.attempts + 1),
});

const signedOut = (status: number) => status === 401 || status === 403;
const worthRetrying = (status: number) => status === 408 || status === 429 || status >= 500;

/** A photo after an upload: stored when the server's hash is the phone's, refused in the server's words, or retried. */
export function afterUpload(photo: QueuedPhoto, attempt: Attempt, now: number): QueuedPhoto {
  if (attempt.kind === "network") return { ...retry(photo, now), error: null };
  const { status, body } = attempt;
  const error = typeof body?.error === "string" ? body.error : null;
  if (status === 200 || status === 201) {
    if (body?.sha256 === photo.sha256) return { ...photo, state: "stored", error: null };
    return { ...photo, state: "refused", error: QUEUE_WORDS.different };
  }
  if (signedOut(status)) return { ...photo, error: QUEUE_WORDS.signedOut, nextAt: NEVER };
  if (worthRetrying(status)) return { ...retry(photo, now), error: null };
  return { ...photo, state: "refused", error: error ?? QUEUE_WORDS.refused };
}

/** A saved part or scope after its POST: saved with the server's rev, refused with its problems, or retried. */
export function afterSave(draft: QueuedDraft, attempt: Attempt, now: number): QueuedDraft {
  if (attempt.kind === "network") return retry(draft, now);
  const { status, body } = attempt;
  if (status === 200 && typeof body?.rev === "number")
    return { ...draft, status: "saved", savedRev: body.rev, problems: {} };
  if (signedOut(status)) return { ...draft, nextAt: NEVER };
  if (worthRetrying(status)) return retry(draft, now);
  const problems = body?.problems && typeof body.problems === "object" ? (body.problems as Record<string, string>) : {};
  return {
    ...draft,
    status: "refused",
    problems: Object.keys(problems).length ? problems : { state: QUEUE_WORDS.refused },
  };
}

/** A removal after its POST: done (null) unless there was no answer worth stopping for. */
export function afterRemoval(removal: QueuedRemoval, attempt: Attempt, now: number): QueuedRemoval | null {
  if (attempt.kind === "network") return retry(removal, now);
  if (signedOut(attempt.status)) return { ...removal, nextAt: NEVER };
  if (worthRetrying(attempt.status)) return retry(removal, now);
  return null;
}

/** The photos of one visit still waiting for the server. */
export function waitingPhotos(photos: readonly QueuedPhoto[], visitId: number): QueuedPhoto[] {
  return photos.filter((p) => p.visitId === visitId && p.state === "waiting");
}

/** The next item to send: removals, then saves, then photos, each oldest first; none while offline. */
export function nextDue(
  queue: { photos: readonly QueuedPhoto[]; drafts: readonly QueuedDraft[]; removals: readonly QueuedRemoval[] },
  visitId: number,
  now: number,
):
  | { kind: "removal"; item: QueuedRemoval }
  | { kind: "draft"; item: QueuedDraft }
  | { kind: "photo"; item: QueuedPhoto }
  | null {
  const removal = queue.removals.find((r) => r.visitId === visitId && r.nextAt <= now);
  if (removal) return { kind: "removal", item: removal };
  const draft = queue.drafts
    .filter((d) => d.visitId === visitId && d.status === "pending" && d.nextAt <= now)
    .sort((a, b) => a.at - b.at)[0];
  if (draft) return { kind: "draft", item: draft };
  const photo = waitingPhotos(queue.photos, visitId)
    .filter((p) => p.nextAt <= now)
    .sort((a, b) => a.takenAt - b.takenAt)[0];
  return photo ? { kind: "photo", item: photo } : null;
}

/** When the next waiting item is due (epoch ms), for the timer; null when nothing waits on a timer. */
export function nextWake(
  queue: { photos: readonly QueuedPhoto[]; drafts: readonly QueuedDraft[]; removals: readonly QueuedRemoval[] },
  visitId: number,
): number | null {
  const times = [
    ...queue.removals.filter((r) => r.visitId === visitId).map((r) => r.nextAt),
    ...queue.drafts.filter((d) => d.visitId === visitId && d.status === "pending").map((d) => d.nextAt),
    ...waitingPhotos(queue.photos, visitId).map((p) => p.nextAt),
  ].filter((t) => t < NEVER);
  return times.length ? Math.min(...times) : null;
}

/**
 * Whose values a part shows: the phone's while it is being typed, waits to be saved, or was refused; the phone's
 * saved ones when the page is older than that save (a page kept for offline use); else the server's.
 */
export function shownValues<V>(
  server: V,
  draft: { values: unknown; status: DraftStatus; savedRev: number | null } | undefined,
  pageRev: number,
): { values: V; fromPhone: boolean } {
  if (!draft) return { values: server, fromPhone: false };
  if (draft.status !== "saved" || (draft.savedRev ?? 0) > pageRev)
    return { values: draft.values as V, fromPhone: true };
  return { values: server, fromPhone: false };
}

/** A part's photos on the page: the server's, then the phone's it does not list yet, minus those taken off. */
export function partPhotos(
  server: FieldFinding | undefined,
  phone: readonly QueuedPhoto[],
  removed: ReadonlySet<string>,
): { id: string; state: PhotoState; error: string | null; thumb: string | null }[] {
  const mine = new Map(phone.map((p) => [p.id, p]));
  const listed = (server?.photos ?? []).map((p) => {
    const local = mine.get(p.id);
    return {
      id: p.id,
      state: p.sha256 ? ("stored" as const) : (local?.state ?? "waiting"),
      error: local?.error ?? null,
      thumb: local?.thumb ?? null,
    };
  });
  const known = new Set(listed.map((p) => p.id));
  const extra = phone
    .filter((p) => !known.has(p.id))
    .map((p) => ({ id: p.id, state: p.state, error: p.error, thumb: p.thumb }));
  return [...listed, ...extra].filter((p) => !removed.has(p.id));
}
