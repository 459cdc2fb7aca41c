// Quotes from draft to decision against a real SQLite file: freezing, the database's refusals (migration 10's
// triggers), one acceptance however many arrive, all or nothing, expiry that never overwrites a decision, and what
// erasure keeps.
import { afterEach, describe, expect, it } from "vitest";
import { canonicalJson, sha256Hex } from "../documents/canonical-json.ts";
import { readVersion } from "./document.ts";
import { quoteFixture, type Fixture } from "./quote.fixture.ts";
import { ACCEPTED_REFUSAL, CONTRACT_YEARS, QuoteRefusal, quoteStatus } from "./quote-service.ts";
import { MIGRATIONS } from "../db/migrations.ts";

let f: Fixture;
afterEach(() => f?.close());

const accept = (token: string, extra: Partial<Parameters<Fixture["quotes"]["accept"]>[1]> = {}) =>
  f.quotes.accept(
    token,
    { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1, ...extra },
    { ip: "203.0.113.9", userAgent: "Mobile Safari", inHome: false },
  );

describe("sending freezes a version", () => {
  it("stores canonical JSON and its SHA-256, moves the request to quoted and queues the e-mail and follow-ups", () => {
    f = quoteFixture();
    const { estimateId, quoteId } = f.draft([["crown-rebuild", "cap-single"]]);
    const sent = f.quotes.send(quoteId, { ip: null, userAgent: null });
    const row = f.store.quotes.version(quoteId, 1);
    expect(row?.sha256).toBe(sha256Hex(row?.body ?? ""));
    expect(sent.sha256).toBe(row?.sha256);
    const version = readVersion(row?.body ?? "", row?.sha256 ?? "");
    expect(canonicalJson(version)).toBe(row?.body);
    expect(version.options[0]?.lines.map((l) => l.amount)).toEqual([145_000, 38_500]);
    expect(version.options[0]?.total).toBe(183_500);
    expect(version.business.street).toBe("12 Main St");
    expect(version.terms.text).toBe(f.words.terms.terms.text);
    expect(f.store.get(estimateId)?.status).toBe("quoted");
    const mail = f.store.deliveries(estimateId).map((d) => d.dedupe);
    expect(mail).toContain(`quote-sent:${quoteId}:1`);
    expect(mail.filter((k) => k.startsWith(`quote-followup:${quoteId}:`))).toHaveLength(3);
  });

  it("makes a change after sending a new version, which every link then shows", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const token = f.link(quoteId);
    const draft = f.quotes.details(quoteId).draft;
    f.quotes.saveDraft(quoteId, { ...draft, note: "Price held through spring." });
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const found = f.quotes.lookup(token, null);
    expect(found !== null && found !== "limited" && found.current.version.version).toBe(2);
    expect(f.store.quotes.versions(quoteId)).toHaveLength(2);
  });

  it("refuses a draft with no line, a past date, or unlisted materials over $1,000", () => {
    f = quoteFixture();
    const { quoteId } = f.draft([[]]);
    expect(() => f.quotes.send(quoteId, { ip: null, userAgent: null })).toThrow(/add at least one line/);
    const { quoteId: other } = f.draft([["crown-rebuild"]]);
    const draft = f.quotes.details(other).draft;
    const line = draft.options[0]?.lines[0];
    if (!line) throw new Error("no line");
    f.quotes.saveDraft(other, {
      ...draft,
      validUntil: "2026-11-01",
      options: [{ id: "o", name: "", lines: [{ ...line, materials: [] }] }],
    });
    expect(() => f.quotes.send(other, { ip: null, userAgent: null })).toThrow(/valid-until date has passed/);
    f.quotes.saveDraft(other, { ...draft, options: [{ id: "o", name: "", lines: [{ ...line, materials: [] }] }] });
    expect(() => f.quotes.send(other, { ip: null, userAgent: null })).toThrow(/materials/);
  });
});

describe("the database refuses changes to what was sent or accepted (migration 10's triggers)", () => {
  function acceptedQuote() {
    f = quoteFixture();
    const { estimateId, quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    accept(f.link(quoteId));
    return { estimateId, quoteId };
  }

  it("never lets a sent version change, even before acceptance", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const db = f.store.db;
    expect(() => db.prepare("UPDATE quote_versions SET body = '{}' WHERE quote_id = ?").run(quoteId)).toThrow(
      /never changes/,
    );
    expect(() => db.prepare("UPDATE quote_versions SET sha256 = 'x' WHERE quote_id = ?").run(quoteId)).toThrow(
      /never changes/,
    );
  });

  it("refuses every change to an accepted quote, its version, its acceptance, its documents and photos", () => {
    const { quoteId } = acceptedQuote();
    const db = f.store.db;
    const attempts = [
      "UPDATE quotes SET status = 'sent' WHERE id = ?",
      "UPDATE quotes SET draft = '{}' WHERE id = ?",
      "UPDATE quotes SET followups_paused = 1 WHERE id = ?",
      "UPDATE quotes SET decision_note = 'x' WHERE id = ?",
      "UPDATE quotes SET expires_at = '2099-01-01' WHERE id = ?",
      "UPDATE quotes SET estimate_id = 999 WHERE id = ?",
      "UPDATE quote_acceptances SET total_cents = 1 WHERE quote_id = ?",
      "UPDATE quote_acceptances SET name = 'Someone Else' WHERE quote_id = ?",
      "DELETE FROM quote_acceptances WHERE quote_id = ?",
      "DELETE FROM quote_versions WHERE quote_id = ?",
      "DELETE FROM quotes WHERE id = ?",
      "INSERT INTO quote_versions (quote_id, version, body, sha256, sent_at, expires_at) VALUES (?, 2, '{}', 'x', '', '')",
      "INSERT INTO quote_photos (quote_id, sha256, width, height, jpeg, preview) VALUES (?, 'x', 1, 1, x'00', x'00')",
    ];
    const refused = attempts.filter((sql) => {
      try {
        db.prepare(sql).run(quoteId);
        return false;
      } catch (error) {
        return /never changes|contract|only the current version/.test(String(error));
      }
    });
    expect(refused).toEqual(attempts);
    // Every column of quotes is covered: a new column the trigger forgot would change here.
    const columns = (db.prepare("PRAGMA table_info(quotes)").all() as { name: string }[]).map((c) => c.name);
    for (const column of columns.filter((c) => c !== "estimate_id")) {
      expect(
        () => db.prepare(`UPDATE quotes SET ${column} = COALESCE(${column}, '') || 'x' WHERE id = ?`).run(quoteId),
        column,
      ).toThrow();
    }
  });

  it("refuses every owner action on an accepted quote, in words", async () => {
    const { quoteId } = acceptedQuote();
    const who = { ip: null, userAgent: null };
    const draft = f.quotes.details(quoteId).draft;
    const actions: [string, () => unknown][] = [
      ["edit", () => f.quotes.saveDraft(quoteId, draft)],
      ["send", () => f.quotes.send(quoteId, who)],
      ["withdraw", () => f.quotes.withdraw(quoteId, who)],
      ["pause", () => f.quotes.pause(quoteId, true)],
      ["show", () => f.quotes.deviceLink(quoteId)],
      [
        "record",
        () =>
          f.quotes.recordAcceptance(
            quoteId,
            { optionKey: "a", addonKeys: [], name: "X Y", atHome: false, pamphlet: false, paperPhoto: null },
            who,
          ),
      ],
    ];
    for (const [name, act] of actions) {
      let refusal: unknown;
      try {
        await act();
      } catch (error) {
        refusal = error;
      }
      expect(refusal, name).toBeInstanceOf(QuoteRefusal);
      expect((refusal as QuoteRefusal).status, name).toBe(409);
      expect((refusal as QuoteRefusal).message, name).toBe(ACCEPTED_REFUSAL);
    }
    // The deposit received, no more than it asked (more is refused: server/quotes/quote-sending.ts).
    const deposit = f.store.quotes.acceptance(quoteId)?.deposit_cents ?? 0;
    expect(() =>
      f.quotes.recordPayment(quoteId, { cents: deposit, method: "check", receivedOn: "2026-12-01", note: "" }),
    ).not.toThrow();
    expect(() =>
      f.quotes.recordPayment(quoteId, { cents: 1, method: "check", receivedOn: "2026-12-01", note: "" }),
    ).toThrow(/The deposit of \$[\d,.]+ is paid/);
  });

  it("keeps a contract as long as the privacy page says, in the trigger as in the purge", () => {
    const sql = MIGRATIONS.find((m) => m.up.includes("quotes_contract_kept"))?.up ?? "";
    expect(sql).toContain(`'-${CONTRACT_YEARS} years'`);
  });

  it("lets erasure take the request and keep the contract, detached, and the purge take it after 10 years only", () => {
    const { estimateId, quoteId } = acceptedQuote();
    const { quoteId: other } = f.draft();
    const otherEstimate = f.store.quotes.get(other)?.estimate_id as number;
    const email = f.store.get(estimateId)?.email as string;
    expect(f.store.erase(email)).toBe(1);
    expect(f.store.get(estimateId)).toBeUndefined();
    const kept = f.store.quotes.get(quoteId);
    expect(kept?.status).toBe("accepted");
    expect(kept?.estimate_id).toBeNull();
    expect(f.store.quotes.acceptance(quoteId)?.name).toBe("Dana Whitfield");
    // The purge keeps it while its 10 years last, and then deletes it with everything it holds.
    expect(f.quotes.purgeContracts()).toBe(0);
    expect(f.store.quotes.get(quoteId)).toBeDefined();
    f.store.db.pragma("foreign_keys = OFF");
    f.store.db.exec("DROP TRIGGER quote_acceptances_never_change");
    f.store.db.prepare("UPDATE quote_acceptances SET at = '2015-01-01T00:00:00.000Z' WHERE quote_id = ?").run(quoteId);
    f.store.db.pragma("foreign_keys = ON");
    expect(f.quotes.purgeContracts()).toBe(1);
    expect(f.store.quotes.get(quoteId)).toBeUndefined();
    expect(f.store.db.prepare("SELECT count(*) AS n FROM quote_versions WHERE quote_id = ?").get(quoteId)).toEqual({
      n: 0,
    });
    // A quote that was never accepted goes with its request.
    f.store.erase(f.store.get(otherEstimate)?.email as string);
    expect(f.store.quotes.get(other)).toBeUndefined();
  });
});

describe("acceptance", () => {
  it("stores the record, marks the request won, stops the follow-ups and queues the copy and the owner's e-mail", () => {
    f = quoteFixture();
    const { estimateId, quoteId } = f.draft([["crown-rebuild"], ["crown-rebuild", "flashing"]], ["cap-single"]);
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const token = f.link(quoteId);
    accept(token, { optionKey: "b", addonKeys: ["x1"] });
    const a = f.store.quotes.acceptance(quoteId);
    const v = f.store.quotes.version(quoteId, 1);
    expect(a).toMatchObject({
      name: "Dana Whitfield",
      option_key: "b",
      addon_keys: '["x1"]',
      total_cents: 145_000 + 85_000 + 38_500,
      method: "online",
      ip: "203.0.113.9",
      user_agent: "Mobile Safari",
      version_sha256: v?.sha256,
      link_hash: sha256Hex(token),
      consent_version: f.words.terms.consent.version,
      pamphlet_acknowledged: 1,
    });
    expect(a?.record_sha256).toBe(sha256Hex(a?.record ?? ""));
    expect(f.store.get(estimateId)?.status).toBe("won");
    const mail = f.store.deliveries(estimateId);
    expect(mail.filter((m) => m.kind === "quote-followup").every((m) => m.cancelled_at !== null)).toBe(true);
    expect(mail.map((m) => m.dedupe)).toEqual(
      expect.arrayContaining([`quote-accepted:${quoteId}`, `quote-accepted-owner:${quoteId}`]),
    );
    expect(f.store.quotes.pendingPushes()).toHaveLength(1);
  });

  it("takes one acceptance of 50 at the same instant, and one of the same form posted 5 times", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const tokens = Array.from({ length: 5 }, () => f.link(quoteId));
    const results = Array.from({ length: 50 }, (_, i) => accept(tokens[i % 5] as string, { name: `Person ${i}` }));
    expect(results.every((r) => r === "accepted")).toBe(true);
    expect(f.store.db.prepare("SELECT count(*) AS n FROM quote_acceptances").get()).toEqual({ n: 1 });
    expect(f.store.quotes.acceptance(quoteId)?.name).toBe("Person 0");
    expect(
      f.store.deliveries(f.store.quotes.get(quoteId)?.estimate_id as number).filter((d) => d.kind === "quote-accepted"),
    ).toHaveLength(1);
  });

  it("commits acceptances that arrive together in one transaction, each in its own savepoint", async () => {
    f = quoteFixture();
    const quotes = Array.from({ length: 20 }, () => {
      const { quoteId } = f.draft();
      f.quotes.send(quoteId, { ip: null, userAgent: null });
      return { quoteId, token: f.link(quoteId) };
    });
    const who = { ip: null, userAgent: null, inHome: false };
    const input = { optionKey: "a", addonKeys: [], consent: true, pamphlet: true, version: 1 };
    const { quoteId: refusedId } = f.draft();
    f.quotes.send(refusedId, { ip: null, userAgent: null });
    const refusedToken = f.link(refusedId);
    const results = await Promise.allSettled([
      ...quotes.map((q, i) => f.quotes.acceptSoon(q.token, { ...input, name: `Person ${i}` }, who)),
      // A twin of the first, and one refusal among them: it fails alone.
      f.quotes.acceptSoon(quotes[0]?.token, { ...input, name: "A Twin" }, who),
      f.quotes.acceptSoon(refusedToken, { ...input, name: "1" }, who),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(21).fill("fulfilled"), "rejected"]);
    expect(((results[21] as PromiseRejectedResult).reason as QuoteRefusal).field).toBe("name");
    expect(f.store.db.prepare("SELECT count(*) AS n FROM quote_acceptances").get()).toEqual({ n: 20 });
    expect(f.store.quotes.acceptance(quotes[0]?.quoteId ?? 0)?.name).toBe("Person 0");
    expect(f.store.quotes.acceptance(refusedId)).toBeUndefined();
  });

  it("stores all of it or none of it when a step fails", () => {
    f = quoteFixture();
    const { estimateId, quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const token = f.link(quoteId);
    const enqueue = f.store.enqueue;
    // The crash: the copy cannot be queued, after the record, the status and the request were written.
    f.store.enqueue = (...args) => {
      if (args[1] === "quote-accepted") throw new Error("disk full");
      return enqueue(...args);
    };
    expect(() => accept(token)).toThrow("disk full");
    f.store.enqueue = enqueue;
    expect(f.store.quotes.acceptance(quoteId)).toBeUndefined();
    expect(f.store.quotes.get(quoteId)?.status).toBe("sent");
    expect(f.store.get(estimateId)?.status).toBe("quoted");
    expect(f.store.quotes.pendingPushes()).toHaveLength(0);
    expect(f.store.deliveries(estimateId).filter((d) => d.kind === "quote-followup" && d.cancelled_at)).toHaveLength(0);
    expect(accept(token)).toBe("accepted");
  });

  it("asks for the name, the consent and, over $1,000, the pamphlet's acknowledgment", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const token = f.link(quoteId);
    const fieldOf = (extra: Parameters<typeof accept>[1]) => {
      try {
        accept(token, extra);
      } catch (error) {
        return (error as QuoteRefusal).field;
      }
      return "accepted";
    };
    expect(fieldOf({ name: " " })).toBe("name");
    expect(fieldOf({ name: "12" })).toBe("name");
    expect(fieldOf({ consent: false })).toBe("consent");
    expect(fieldOf({ pamphlet: false })).toBe("pamphlet");
    expect(fieldOf({ optionKey: "z" })).toBe("option");
    expect(() => accept(token, { version: 2 })).toThrow(/updated since you opened it/);
    expect(f.store.quotes.acceptance(quoteId)).toBeUndefined();
  });

  it("needs no acknowledgment at $1,000 or under", () => {
    f = quoteFixture();
    const { quoteId } = f.draft([["cap-single"]]);
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    expect(accept(f.link(quoteId), { pamphlet: false })).toBe("accepted");
    expect(f.store.quotes.acceptance(quoteId)?.pamphlet_acknowledged).toBe(0);
  });
});

describe("expiry, at the end of the valid-until day in Central Time", () => {
  it("expires a sent quote at midnight that ends the day, refuses the homeowner after it, and lets the owner record a late yes", () => {
    f = quoteFixture({ start: new Date("2026-11-30T15:00:00Z") });
    const { quoteId } = f.draft();
    const draft = f.quotes.details(quoteId).draft;
    f.quotes.saveDraft(quoteId, { ...draft, validUntil: "2026-12-15" });
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const token = f.link(quoteId);
    const q = () => f.store.quotes.get(quoteId) as NonNullable<ReturnType<Fixture["store"]["quotes"]["get"]>>;
    expect(q().expires_at).toBe("2026-12-16T06:00:00.000Z"); // midnight CST
    f.clock.at = new Date("2026-12-16T05:59:59.999Z");
    expect(quoteStatus(q(), f.clock.at)).toBe("sent");
    f.clock.at = new Date("2026-12-16T06:00:00.000Z");
    expect(quoteStatus(q(), f.clock.at)).toBe("expired");
    expect(() => accept(token)).toThrow(/expired/);
    f.quotes.recordAcceptance(
      quoteId,
      { optionKey: "a", addonKeys: [], name: "Dana Whitfield", atHome: false, pamphlet: true, paperPhoto: null },
      { ip: "192.0.2.1", userAgent: null },
    );
    expect(q().status).toBe("accepted");
    expect(f.store.quotes.acceptance(quoteId)?.method).toBe("paper");
  });

  it("never turns a decision into 'expired'", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    f.quotes.answer(f.link(quoteId), "declined", "Too dear");
    f.clock.at = new Date("2027-06-01T00:00:00Z");
    const q = f.store.quotes.get(quoteId);
    expect(q && quoteStatus(q, f.clock.at)).toBe("declined");
    expect(q?.decision_note).toBe("Too dear");
  });

  it.each(["UTC", "America/Chicago", "Asia/Kolkata"])(
    "gives the same instants whatever the server's zone (TZ=%s), across the DST changes",
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        f = quoteFixture({ start: new Date("2026-03-01T15:00:00Z") });
        const ends: Record<string, string> = {
          "2026-03-07": "2026-03-08T06:00:00.000Z", // the night the clocks go forward: midnight is still CST
          "2026-03-08": "2026-03-09T05:00:00.000Z", // and the next midnight is CDT
          "2026-10-31": "2026-11-01T05:00:00.000Z",
          "2026-11-01": "2026-11-02T06:00:00.000Z",
          "2027-03-14": "2027-03-15T05:00:00.000Z",
          "2027-11-07": "2027-11-08T06:00:00.000Z",
        };
        for (const [day, end] of Object.entries(ends)) {
          const { quoteId } = f.draft();
          const draft = f.quotes.details(quoteId).draft;
          f.quotes.saveDraft(quoteId, { ...draft, validUntil: day });
          f.quotes.send(quoteId, { ip: null, userAgent: null });
          expect(f.store.quotes.get(quoteId)?.expires_at, day).toBe(end);
        }
        f.close();
      } finally {
        process.env.TZ = before;
      }
    },
  );
});

describe("the homeowner's link", () => {
  it("gives one answer (none) for an unknown, a withdrawn and an old link, and limits failed lookups", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    const live = f.link(quoteId);
    expect(f.quotes.lookup(live, "198.51.100.1")).not.toBeNull();
    expect(f.quotes.lookup("A".repeat(43), "198.51.100.1")).toBeNull();
    const { quoteId: gone } = f.draft();
    f.quotes.send(gone, { ip: null, userAgent: null });
    const withdrawn = f.link(gone);
    f.quotes.withdraw(gone, { ip: null, userAgent: null });
    expect(f.quotes.lookup(withdrawn, "198.51.100.1")).toBeNull();
    f.clock.at = new Date(Date.parse(f.store.quotes.get(quoteId)?.expires_at ?? "") + 91 * 86_400_000);
    expect(f.quotes.lookup(live, "198.51.100.1")).toBeNull();
    for (let i = 0; i < 30; i++) f.quotes.lookup(`wrong${i}`.padEnd(43, "x"), "198.51.100.2");
    expect(f.quotes.lookup(live, "198.51.100.2")).toBe("limited");
    expect(f.quotes.retryAfter("198.51.100.2")).toBeGreaterThan(0);
  });
});
