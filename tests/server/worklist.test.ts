// The owner's worklist and privacy commands, run as the README says, against a real database file.
import { execSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type NewEstimate } from "../../server/requests/estimate-store.ts";
import { seedJob } from "../support/seed-job.ts";

let dataDir: string;
const env = () => ({ ...process.env, DATA_DIR: dataDir, SMTP_URL: "", NOTIFY_EMAIL: "" });
const leads = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "server/requests/leads-command.ts", ...args], {
    env: env(),
    encoding: "utf8",
  });

const lead = (email: string, extra: Partial<NewEstimate> = {}): NewEstimate => ({
  name: "Ann Lee",
  email,
  phone: "309-555-0100",
  service: "Tuckpointing",
  message: `Mortar is falling out ${email}`,
  city: "Normal",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
  ...extra,
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "worklist-"));
});

describe("npm run leads, worklist", () => {
  it("marks a lead, adds notes, filters by status and age, and shows one in full", () => {
    const store = openEstimateStore({ dataDir, now: () => new Date(Date.now() - 10 * 86_400_000) });
    store.save(lead("old@example.com"));
    store.close();
    const fresh = openEstimateStore({ dataDir });
    const { id } = fresh.save(lead("new@example.com"));
    fresh.close();

    expect(leads("--mark", String(id), "contacted", "--note", "left a voicemail").stdout).toBe(
      `#${id} is now contacted, with your note.\n`,
    );
    expect(leads("--add-note", String(id), "call back after 5").status).toBe(0);
    expect(leads("--status", "new").stdout).toContain("old@example.com");
    expect(leads("--status", "new").stdout).not.toContain("new@example.com");
    expect(leads("--since", "7d").stdout).toContain("new@example.com");
    expect(leads("--since", "7d").stdout).not.toContain("old@example.com");
    const shown = leads("--show", String(id)).stdout;
    expect(shown).toMatch(/status\s+contacted/);
    expect(shown).toContain("left a voicemail");
    expect(shown).toContain("call back after 5");
    expect(leads("--mark", "999", "won").status).toBe(1);
  });

  it("lets the owner review what the spam trap caught and restore it", () => {
    const store = openEstimateStore({ dataDir });
    const { id } = store.save(lead("real@example.com", { spam: true }));
    store.close();
    expect(leads().stdout).not.toContain("real@example.com");
    expect(leads("--spam").stdout).toMatch(/\[NEW SPAM\]/);
    const restored = spawnSync(
      process.execPath,
      ["--import", "tsx", "server/requests/leads-command.ts", "--restore", String(id)],
      {
        env: { ...env(), SMTP_URL: "smtp://127.0.0.1:1" },
        encoding: "utf8",
      },
    );
    expect(restored.stdout).toContain(`#${id} restored`);
    expect(leads().stdout).toContain("real@example.com");
    const check = openEstimateStore({ dataDir });
    // A restored lead is notified like any other.
    expect(
      check
        .deliveries(id)
        .map((d) => d.kind)
        .sort(),
    ).toEqual(["confirmation", "owner-alert"]);
    check.close();
  });

  it("shows each lead's e-mail delivery", () => {
    const store = openEstimateStore({ dataDir });
    const { id } = store.save(lead("ann@example.com"), { notifyTo: "owner@example.com", confirm: true });
    const [alert, confirmation] = store.deliveries(id);
    if (!alert || !confirmation) throw new Error("no mail queued");
    store.markSent(alert.id);
    store.markFailed(confirmation.id, "550 Mailbox unavailable", new Date(Date.now() + 60_000));
    store.close();
    const out = leads().stdout;
    expect(out).toMatch(/owner alert: sent /);
    expect(out).toContain("confirmation: retrying (1 attempt, last error: 550 Mailbox unavailable)");
  });
});

describe("npm run leads, privacy", () => {
  it("--erase names the photos of their job kept on Recent work with their consent, and takes the rest", () => {
    const { jobId, email } = seedJob(dataDir);
    const store = openEstimateStore({ dataDir });
    const photo = { jpeg: Buffer.from("full"), preview: Buffer.from("small"), width: 4, height: 3 };
    const [before, after, other] = (["before", "after", "after"] as const).map((k) =>
      store.jobPhotos.add(jobId, k, photo),
    );
    for (const p of [before, after]) store.jobPhotos.consent(jobId, p?.id ?? 0, "Yes");
    const pair = store.jobPhotos.startPair({
      jobId,
      beforeId: before?.id ?? 0,
      afterId: after?.id ?? 0,
      beforeFile: "chimney-crowns-normal-before.jpg",
      afterFile: "chimney-crowns-normal-after.jpg",
      service: "chimney-crowns",
      city: "normal",
      caption: "New crown",
    });
    store.jobPhotos.published(Number(pair));
    store.close();

    const out = execSync(`npm run leads -- --erase ${email}`, { env: env() }).toString();
    expect(out).toContain(
      'Kept on Recent work, with their consent: chimney-crowns-normal-before.jpg and chimney-crowns-normal-after.jpg ("New crown").',
    );
    const after2 = openEstimateStore({ dataDir });
    expect(after2.jobPhotos.list(jobId).map((p) => p.id)).toEqual([before?.id, after?.id]);
    expect(after2.jobPhotos.get(jobId, other?.id ?? 0)).toBeUndefined();
    after2.close();
  });

  it("--erase removes every request and e-mail of an address, leaving no trace in the database files", () => {
    const store = openEstimateStore({ dataDir });
    for (let i = 0; i < 3; i++)
      store.save(lead("erase.me@example.com"), { notifyTo: "owner@example.com", confirm: true });
    store.save(lead("keep@example.com"), { notifyTo: "owner@example.com" });
    const { id } = store.save(lead("Erase.Me@Example.com"));
    store.addNote(id, "secret-note-text");
    store.close();

    const out = execSync("npm run leads -- --erase erase.me@example.com", { env: env() }).toString();
    expect(out).toContain("Erased 4 request(s) from erase.me@example.com");
    expect(leads().stdout).not.toMatch(/erase\.me/i);
    expect(leads().stdout).toContain("keep@example.com");
    // The bytes are gone from the file and its write-ahead log, not only from the tables.
    for (const file of readdirSync(dataDir)) {
      const bytes = readFileSync(path.join(dataDir, file)).toString("latin1").toLowerCase();
      expect(bytes, file).not.toContain("erase.me@example.com");
      expect(bytes, file).not.toContain("secret-note-text");
    }
  });

  it("--purge deletes requests past the retention period; --dry-run only lists them", () => {
    const old = openEstimateStore({ dataDir, now: () => new Date(Date.now() - 25 * 31 * 86_400_000) });
    old.save(lead("ancient@example.com"), { notifyTo: "owner@example.com" });
    old.close();
    const recent = openEstimateStore({ dataDir });
    recent.save(lead("recent@example.com"));
    recent.close();

    const dry = leads("--purge", "--dry-run").stdout;
    expect(dry).toMatch(/^Would delete 1 request\(s\)/);
    expect(dry).toContain("ancient@example.com");
    expect(leads().stdout).toContain("ancient@example.com");
    expect(leads("--purge").stdout).toMatch(/^Deleted 1 request\(s\)/);
    expect(leads().stdout).not.toContain("ancient@example.com");
    expect(leads().stdout).toContain("recent@example.com");
  });
});
