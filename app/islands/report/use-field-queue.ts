// The field island's outbox (decision 0054): the phone's photos, saved parts and removals, kept in IndexedDB and sent
// one at a time while the page is open: at once, again on the "online" event, when the page is shown again, and on a
// backoff timer; never by Background Sync (Safari has none). Each photo is uploaded with its own id as soon as it is
// taken; the server answers with its hash, and only a hash equal to the phone's marks it stored.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ReportPart } from "~/content/condition-report";
import {
  afterRemoval,
  afterSave,
  afterUpload,
  nextDue,
  nextWake,
  NEVER,
  uploadTimeoutMs,
  waitingPhotos,
  type Attempt,
  type QueuedDraft,
  type QueuedPhoto,
  type QueuedRemoval,
} from "~/lib/field-queue";
import type { FindingValues, ScopeValues } from "~/lib/report-field";
import { fieldDb } from "./field-db";
import { phonePhoto } from "./phone-photo";

export type Queue = { photos: QueuedPhoto[]; drafts: QueuedDraft[]; removals: QueuedRemoval[] };

export type DraftInput = Pick<QueuedDraft, "key" | "visitId" | "kind" | "flueId" | "part" | "values" | "status">;

export type QueueOptions = {
  visitId: number;
  base: string;
  csrf: string;
  /** The photo ids a saved part names: the server's and the phone's, minus those taken off. */
  photoIdsFor: (flueId: number, part: ReportPart, queue: Queue) => string[];
  /** Called when the outbox has emptied after sending something (to ask the server what still stops sending). */
  onDrained: () => void;
};

const PAGE_CACHE = "owner-report-pages-v1";

async function attempt(url: string, init: RequestInit, timeoutMs: number): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal, credentials: "same-origin" });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { kind: "answer", status: response.status, body };
  } catch {
    return { kind: "network" };
  } finally {
    clearTimeout(timer);
  }
}

function draftForm(csrf: string, draft: QueuedDraft, photoIds: string[]): URLSearchParams {
  const form = new URLSearchParams({ csrf, intent: draft.kind });
  if (draft.kind === "finding") {
    const v = draft.values as FindingValues;
    form.set("flue", String(draft.flueId));
    form.set("part", draft.part ?? "");
    for (const [name, value] of Object.entries(v))
      if (name === "doNotUse") {
        if (value) form.set(name, "on");
      } else form.set(name, String(value));
    for (const id of photoIds) form.append("photos", id);
  } else for (const [name, value] of Object.entries(draft.values as ScopeValues)) form.set(name, value);
  return form;
}

/** Keeps this page and the files it loaded for a reload without signal (served by the console's worker). */
export async function keepPageForOffline(): Promise<void> {
  if (!("caches" in window)) return;
  const cache = await caches.open(PAGE_CACHE);
  const assets = performance
    .getEntriesByType("resource")
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith("/assets/"))
    .map((u) => u.pathname);
  await cache.addAll([location.pathname, ...new Set(assets)]).catch(() => {});
}

export function useFieldQueue(options: QueueOptions) {
  const { visitId, base, csrf } = options;
  const [queue, setQueue] = useState<Queue>({ photos: [], drafts: [], removals: [] });
  const [loaded, setLoaded] = useState(false);
  const [online, setOnline] = useState(true);
  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  const ref = useRef(queue);
  const pumping = useRef(false);
  /** The pump, for its own timer (a callback cannot name itself and stay memoized). */
  const again = useRef<() => Promise<void>>(async () => {});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const update = useCallback((change: (q: Queue) => Queue) => {
    ref.current = change(ref.current);
    setQueue(ref.current);
  }, []);

  const pump = useCallback(async () => {
    const replacePhoto = (photo: QueuedPhoto) =>
      update((q) => ({ ...q, photos: q.photos.map((p) => (p.id === photo.id ? photo : p)) }));
    const replaceDraft = (draft: QueuedDraft) =>
      update((q) => ({ ...q, drafts: [...q.drafts.filter((d) => d.key !== draft.key), draft] }));
    if (pumping.current) return;
    pumping.current = true;
    clearTimeout(timer.current);
    let sent = false;
    try {
      while (navigator.onLine) {
        const next = nextDue(ref.current, visitId, Date.now());
        if (!next) break;
        sent = true;
        // A phone can say it is online with no signal at all: what the last try met is what the page says.
        const heard = (result: Attempt) => {
          setOnline(result.kind === "answer");
          return result;
        };
        if (next.kind === "removal") {
          const form = new URLSearchParams({ csrf, intent: "remove-photo", photo: next.item.photoId });
          const result = afterRemoval(
            next.item,
            heard(await attempt(`${base}/save`, { method: "POST", body: form }, 20_000)),
            Date.now(),
          );
          if (result) await fieldDb.putRemoval(result);
          else await fieldDb.deleteRemoval(next.item.key);
          update((q) => ({
            ...q,
            removals: result
              ? q.removals.map((r) => (r.key === result.key ? result : r))
              : q.removals.filter((r) => r.key !== next.item.key),
          }));
        } else if (next.kind === "draft") {
          const draft = next.item;
          const ids =
            draft.flueId !== null && draft.part
              ? latest.current.photoIdsFor(draft.flueId, draft.part, ref.current)
              : [];
          const result = afterSave(
            draft,
            heard(await attempt(`${base}/save`, { method: "POST", body: draftForm(csrf, draft, ids) }, 20_000)),
            Date.now(),
          );
          await fieldDb.putDraft(result);
          replaceDraft(result);
        } else {
          const photo = next.item;
          const blob = await fieldDb.blob(photo.id);
          if (!blob) {
            const lost = {
              ...photo,
              state: "refused" as const,
              error: "This photo's file is no longer on this phone. Take it again.",
            };
            await fieldDb.putPhoto(lost);
            replacePhoto(lost);
            continue;
          }
          const url = `${base}/photos/${photo.id}?flue=${photo.flueId}&part=${photo.part}`;
          const init = {
            method: "POST",
            body: blob,
            headers: { "Content-Type": blob.type || "image/jpeg", "X-CSRF-Token": csrf },
          };
          const result = afterUpload(photo, heard(await attempt(url, init, uploadTimeoutMs(photo.bytes))), Date.now());
          await fieldDb.putPhoto(result);
          if (result.state === "stored") await fieldDb.dropBlob(photo.id);
          replacePhoto(result);
        }
      }
    } catch (error) {
      setStorageProblem(`This phone's storage failed: ${error instanceof Error ? error.message : "unknown error"}.`);
    } finally {
      pumping.current = false;
      const wake = nextWake(ref.current, visitId);
      if (wake !== null) timer.current = setTimeout(() => void again.current(), Math.max(0, wake - Date.now()));
      if (sent && nextDue(ref.current, visitId, NEVER - 1) === null) {
        latest.current.onDrained();
        void keepPageForOffline();
      }
    }
  }, [base, csrf, update, visitId]);
  useEffect(() => {
    again.current = pump;
  }, [pump]);

  useEffect(() => {
    let stop = false;
    queueMicrotask(() => setOnline(navigator.onLine));
    // A new page is a new sign-in's token: what waited for one is tried again.
    fieldDb
      .load(visitId)
      .then(async (stored) => {
        if (stop) return;
        const wake = <T extends { nextAt: number }>(item: T): T =>
          item.nextAt === NEVER ? { ...item, nextAt: 0 } : item;
        ref.current = {
          photos: stored.photos.map(wake),
          drafts: stored.drafts.map(wake),
          removals: stored.removals.map(wake),
        };
        setQueue(ref.current);
        setLoaded(true);
        void pump();
      })
      .catch(() =>
        setStorageProblem(
          "This browser keeps nothing for the console (private browsing?): photos go only while the signal holds.",
        ),
      );
    void navigator.storage?.persist?.().catch(() => false);
    navigator.serviceWorker?.register("/owner/sw.js", { scope: "/owner/" }).catch(() => {});
    void keepPageForOffline();
    const goOnline = () => {
      setOnline(true);
      // The signal is back: everything waiting on a timer goes now.
      update((q) => ({
        photos: q.photos.map((p) => (p.state === "waiting" && p.nextAt < NEVER ? { ...p, nextAt: 0 } : p)),
        drafts: q.drafts.map((d) => (d.nextAt < NEVER ? { ...d, nextAt: 0 } : d)),
        removals: q.removals.map((r) => (r.nextAt < NEVER ? { ...r, nextAt: 0 } : r)),
      }));
      void pump();
    };
    const goOffline = () => setOnline(false);
    const shown = () => document.visibilityState === "visible" && void pump();
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    document.addEventListener("visibilitychange", shown);
    return () => {
      stop = true;
      clearTimeout(timer.current);
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      document.removeEventListener("visibilitychange", shown);
    };
  }, [pump, update, visitId]);

  /** Photos taken for a part: each made ready, kept on the phone, then sent. Returns the refusals' words. */
  const addPhotos = useCallback(
    async (flueId: number, part: ReportPart, files: readonly File[]): Promise<string[]> => {
      const refusals: string[] = [];
      for (const file of files) {
        const made = await phonePhoto(file);
        if ("error" in made) {
          refusals.push(made.error);
          continue;
        }
        const photo: QueuedPhoto = {
          id: crypto.randomUUID(),
          visitId,
          flueId,
          part,
          sha256: made.sha256,
          bytes: made.blob.size,
          thumb: made.thumb,
          state: "waiting",
          error: null,
          attempts: 0,
          nextAt: 0,
          takenAt: Date.now(),
        };
        try {
          await fieldDb.addPhoto(photo, made.blob);
        } catch {
          refusals.push(
            "This phone could not keep the photo (its storage is full?). Free some space and take it again.",
          );
          continue;
        }
        update((q) => ({ ...q, photos: [...q.photos, photo] }));
      }
      void pump();
      return refusals;
    },
    [pump, update, visitId],
  );

  /** A photo taken off its part: gone from the phone at once, and the server told when it can be. */
  const removePhoto = useCallback(
    async (photoId: string) => {
      const removal: QueuedRemoval = { key: `${visitId}:remove:${photoId}`, visitId, photoId, attempts: 0, nextAt: 0 };
      await fieldDb.putRemoval(removal);
      await fieldDb.removePhoto(photoId);
      update((q) => ({
        photos: q.photos.filter((p) => p.id !== photoId),
        drafts: q.drafts,
        removals: [...q.removals.filter((r) => r.key !== removal.key), removal],
      }));
      void pump();
    },
    [pump, update, visitId],
  );

  /**
   * A part or the scope as typed ("typing", kept on the phone), saved ("pending": kept, then sent), or refused on the
   * phone before it was sent ("refused", with the rules' words).
   */
  const keepDraft = useCallback(
    async (draft: DraftInput, problems: Record<string, string> = {}) => {
      const kept: QueuedDraft = { ...draft, problems, savedRev: null, attempts: 0, nextAt: 0, at: Date.now() };
      update((q) => ({ ...q, drafts: [...q.drafts.filter((d) => d.key !== kept.key), kept] }));
      await fieldDb.putDraft(kept).catch(() => setStorageProblem("This phone could not keep what you typed."));
      if (kept.status === "pending") void pump();
    },
    [pump, update],
  );

  return {
    queue,
    loaded,
    online,
    storageProblem,
    waiting: waitingPhotos(queue.photos, visitId).length,
    unsaved: queue.drafts.filter((d) => d.visitId === visitId && d.status === "pending").length,
    addPhotos,
    removePhoto,
    keepDraft,
  };
}
