// The job photos' store: consent before a pair, a photo on the site neither removed nor withdrawn, and erasure that
// takes a job's photos except a consented pair on the site.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { seedJob } from "../../tests/support/seed-job.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const photo = (n: number) => ({
  jpeg: Buffer.from(`full ${n}`),
  preview: Buffer.from(`small ${n}`),
  width: 1600,
  height: 1200,
});

function setUp(options: Parameters<typeof seedJob>[1] = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "job-photos-"));
  dirs.push(dir);
  const seeded = seedJob(dir, options);
  const store = openEstimateStore({ dataDir: dir });
  return { dir, store, photos: store.jobPhotos, ...seeded };
}

const pairOf = (jobId: number, beforeId: number, afterId: number) => ({
  jobId,
  beforeId,
  afterId,
  beforeFile: "chimney-crowns-normal-before.jpg",
  afterFile: "chimney-crowns-normal-after.jpg",
  service: "chimney-crowns",
  city: "normal",
  caption: "New crown",
});

describe("job photos", () => {
  it("keeps each photo as a file and a row, with the request's town", () => {
    const { store, photos, jobId } = setUp();
    const row = photos.add(jobId, "before", photo(1));
    expect(row).toMatchObject({ job_id: jobId, kind: "before", width: 1600, consent_at: null });
    expect(photos.bytes(row, "full")?.toString()).toBe("full 1");
    expect(photos.bytes(row, "preview")?.toString()).toBe("small 1");
    expect(photos.job(jobId)).toEqual({ id: jobId, town: "Normal", service: "Chimney Crown Repair" });
    store.close();
  });

  it("names the town from the visit's address when the request named none, and the request's over it", () => {
    const named = setUp({ city: "Normal", visitTown: "Bloomington" });
    expect(named.photos.job(named.jobId)?.town).toBe("Normal");
    named.store.close();
    const visit = setUp({ city: null, visitTown: "Bloomington" });
    expect(visit.photos.job(visit.jobId)).toEqual({
      id: visit.jobId,
      town: "Bloomington",
      service: "Chimney Crown Repair",
    });
    visit.store.close();
    const none = setUp({ city: null });
    expect(none.photos.job(none.jobId)?.town).toBeNull();
    none.store.close();
  });

  it("refuses a pair without both consents, then a photo on the site is neither removed nor withdrawn", () => {
    const { store, photos, jobId } = setUp();
    const before = photos.add(jobId, "before", photo(1));
    const after = photos.add(jobId, "after", photo(2));
    expect(photos.startPair(pairOf(jobId, before.id, after.id))).toBe("no-consent");
    photos.consent(jobId, before.id, "Yes");
    expect(photos.startPair(pairOf(jobId, before.id, after.id))).toBe("no-consent");
    photos.consent(jobId, after.id, "Yes");
    // The order matters: a before photo is not an after photo.
    expect(photos.startPair(pairOf(jobId, after.id, before.id))).toBe("no-consent");
    const pairId = photos.startPair(pairOf(jobId, before.id, after.id));
    expect(typeof pairId).toBe("number");
    expect(photos.startPair(pairOf(jobId, before.id, after.id))).toBe("on-site");
    expect(photos.remove(jobId, before.id)).toBe(false);
    expect(photos.withdraw(jobId, after.id)).toBe("on-site");
    photos.dropPair(Number(pairId));
    expect(photos.withdraw(jobId, after.id)).toBe("withdrawn");
    expect(photos.get(jobId, after.id)?.consent_at).toBeNull();
    expect(photos.remove(jobId, before.id)).toBe(true);
    expect(photos.bytes(before, "full")).toBeNull();
    expect(photos.bytes(after, "preview")?.toString()).toBe("small 2");
    store.close();
  });

  it("erasure takes the job's photos, but keeps a consented pair on the site, naming it first", () => {
    const { store, photos, jobId, email } = setUp();
    const before = photos.add(jobId, "before", photo(1));
    const after = photos.add(jobId, "after", photo(2));
    const other = photos.add(jobId, "after", photo(3));
    photos.consent(jobId, before.id, "Yes");
    photos.consent(jobId, after.id, "Yes");
    const pairId = Number(photos.startPair(pairOf(jobId, before.id, after.id)));
    photos.published(pairId);
    expect(photos.onSiteFor(email.toUpperCase())).toEqual([
      {
        jobId,
        pairId,
        files: ["chimney-crowns-normal-before.jpg", "chimney-crowns-normal-after.jpg"],
        caption: "New crown",
      },
    ]);
    expect(store.erase(email)).toBe(1);
    expect(photos.list(jobId).map((p) => p.id)).toEqual([before.id, after.id]);
    expect(photos.get(jobId, before.id)?.consent_words).toBe("Yes");
    expect(photos.bytes(other, "full")).toBeNull();
    expect(photos.bytes(before, "full")?.toString()).toBe("full 1");
    store.close();
  });

  it("a pair taken off the site goes with the rest at erasure", () => {
    const { store, photos, jobId, email } = setUp();
    const before = photos.add(jobId, "before", photo(1));
    const after = photos.add(jobId, "after", photo(2));
    photos.consent(jobId, before.id, "Yes");
    photos.consent(jobId, after.id, "Yes");
    const pairId = Number(photos.startPair(pairOf(jobId, before.id, after.id)));
    photos.published(pairId);
    photos.takenOff(pairId);
    store.erase(email);
    expect(photos.list(jobId)).toEqual([]);
    expect(store.db.prepare("SELECT count(*) AS n FROM job_photos").get()).toEqual({ n: 0 });
    store.close();
  });
});
