// The phone's outbox for a condition report (decision 0054): an answer stores, refuses or retries; nothing is lost
// to a dropped connection or a signed-out session; the order things go in; whose values a part shows.
import { describe, expect, it } from "vitest";
import {
  afterRemoval,
  afterSave,
  afterUpload,
  backoffMs,
  NEVER,
  nextDue,
  nextWake,
  partPhotos,
  QUEUE_WORDS,
  shownValues,
  uploadTimeoutMs,
  waitingPhotos,
  type QueuedDraft,
  type QueuedPhoto,
} from "./field-queue";

const now = 1_000_000;
const photo = (over: Partial<QueuedPhoto> = {}): QueuedPhoto => ({
  id: "p1",
  visitId: 7,
  flueId: 3,
  part: "crown",
  sha256: "a".repeat(64),
  bytes: 500_000,
  thumb: "data:image/jpeg;base64,AA",
  state: "waiting",
  error: null,
  attempts: 0,
  nextAt: 0,
  takenAt: 1,
  ...over,
});
const draft = (over: Partial<QueuedDraft> = {}): QueuedDraft =>
  ({
    key: "7:3:crown",
    visitId: 7,
    kind: "finding",
    flueId: 3,
    part: "crown",
    values: { state: "repair" },
    status: "pending",
    problems: {},
    savedRev: null,
    attempts: 0,
    nextAt: 0,
    at: 1,
    ...over,
  }) as QueuedDraft;
const answer = (status: number, body: Record<string, unknown> | null = null) => ({
  kind: "answer" as const,
  status,
  body,
});

describe("a photo's upload", () => {
  it("is stored only when the server's hash is the phone's", () => {
    expect(afterUpload(photo(), answer(201, { sha256: "a".repeat(64) }), now).state).toBe("stored");
    expect(afterUpload(photo(), answer(200, { sha256: "a".repeat(64) }), now).state).toBe("stored");
    expect(afterUpload(photo(), answer(200, { sha256: "b".repeat(64) }), now)).toMatchObject({
      state: "refused",
      error: QUEUE_WORDS.different,
    });
  });

  it("is tried again, later each time, after no answer, a timeout or a server error; never lost", () => {
    const once = afterUpload(photo(), { kind: "network" }, now);
    expect(once).toMatchObject({ state: "waiting", attempts: 1, nextAt: now + 2000 });
    const twice = afterUpload(once, answer(503), now);
    expect(twice).toMatchObject({ state: "waiting", attempts: 2, nextAt: now + 4000 });
    expect(afterUpload(photo({ attempts: 9 }), answer(408), now).nextAt).toBe(now + 60_000);
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it("waits for a new sign-in when the session ended, and is refused in the server's words otherwise", () => {
    expect(afterUpload(photo(), answer(403), now)).toMatchObject({
      state: "waiting",
      nextAt: NEVER,
      error: QUEUE_WORDS.signedOut,
    });
    expect(afterUpload(photo(), answer(415, { error: "Not a JPEG." }), now)).toMatchObject({
      state: "refused",
      error: "Not a JPEG.",
    });
    expect(afterUpload(photo(), answer(409, null), now).error).toBe(QUEUE_WORDS.refused);
  });

  it("gets more time the larger it is", () => {
    expect(uploadTimeoutMs(0)).toBe(20_000);
    expect(uploadTimeoutMs(1_500_000)).toBe(50_000);
  });
});

describe("a saved part", () => {
  it("is saved with the server's rev, refused with its problems, or tried again", () => {
    expect(afterSave(draft(), answer(200, { ok: true, rev: 12 }), now)).toMatchObject({
      status: "saved",
      savedRev: 12,
    });
    expect(afterSave(draft(), answer(400, { ok: false, problems: { photos: "Needs one." } }), now)).toMatchObject({
      status: "refused",
      problems: { photos: "Needs one." },
    });
    expect(afterSave(draft(), { kind: "network" }, now)).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterSave(draft(), answer(401), now)).toMatchObject({ status: "pending", nextAt: NEVER });
  });

  it("a removal is done once answered, kept while unanswered", () => {
    const removal = { key: "r", visitId: 7, photoId: "p1", attempts: 0, nextAt: 0 };
    expect(afterRemoval(removal, answer(200, { ok: true }), now)).toBeNull();
    expect(afterRemoval(removal, answer(409, { error: "kept" }), now)).toBeNull();
    expect(afterRemoval(removal, { kind: "network" }, now)).toMatchObject({ attempts: 1 });
  });
});

describe("the queue", () => {
  const queue = {
    removals: [],
    drafts: [draft({ at: 5 }), draft({ key: "x", status: "typing", at: 1 })],
    photos: [
      photo({ id: "late", takenAt: 9 }),
      photo({ id: "early", takenAt: 2 }),
      photo({ id: "done", state: "stored" }),
    ],
  };

  it("sends saves before photos, oldest first, and only what is due, for this visit", () => {
    expect(nextDue(queue, 7, now)).toMatchObject({ kind: "draft", item: { key: "7:3:crown" } });
    expect(nextDue({ ...queue, drafts: [] }, 7, now)).toMatchObject({ kind: "photo", item: { id: "early" } });
    expect(nextDue({ ...queue, drafts: [], photos: [photo({ nextAt: now + 5 })] }, 7, now)).toBeNull();
    expect(nextDue(queue, 8, now)).toBeNull();
    expect(nextWake({ ...queue, drafts: [], photos: [photo({ nextAt: now + 5 }), photo({ nextAt: NEVER })] }, 7)).toBe(
      now + 5,
    );
  });

  it("counts what is still waiting for the server", () => {
    expect(waitingPhotos(queue.photos, 7).map((p) => p.id)).toEqual(["late", "early"]);
    expect(waitingPhotos(queue.photos, 8)).toEqual([]);
  });
});

describe("what a part shows", () => {
  const server = { state: "good" };
  it("is the phone's while typed, waiting, refused, or newer than the page; else the server's", () => {
    expect(shownValues(server, undefined, 3)).toEqual({ values: server, fromPhone: false });
    for (const status of ["typing", "pending", "refused"] as const)
      expect(shownValues(server, { values: { state: "watch" }, status, savedRev: null }, 3).fromPhone).toBe(true);
    expect(shownValues(server, { values: { state: "watch" }, status: "saved", savedRev: 4 }, 3).fromPhone).toBe(true);
    expect(shownValues(server, { values: { state: "watch" }, status: "saved", savedRev: 3 }, 3).fromPhone).toBe(false);
  });

  it("lists the server's photos and the phone's it does not know yet, without those taken off", () => {
    const finding = {
      flueId: 3,
      part: "crown" as const,
      rev: 1,
      state: "repair" as const,
      doNotUse: false,
      defect: "",
      note: "",
      worseIf: "",
      recheckDay: "",
      notInspectedWhy: "",
      photos: [
        { id: "a", sha256: "x" },
        { id: "b", sha256: null },
      ],
    };
    const shown = partPhotos(finding, [photo({ id: "b" }), photo({ id: "c" })], new Set(["a"]));
    expect(shown.map((p) => [p.id, p.state, p.thumb !== null])).toEqual([
      ["b", "waiting", true],
      ["c", "waiting", true],
    ]);
  });
});
