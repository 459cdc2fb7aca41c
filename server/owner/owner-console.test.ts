// The owner console's stores on a controllable clock: session timeouts, single-use invites and one-tap tokens,
// secrets stored only as hashes, and the failed-sign-in limit.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { createOwnerConsole, SIGN_IN_LIMIT, type OwnerConsole } from "./owner-console.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../store/owner-sessions.ts";
import { INVITE_TTL_MS } from "../store/owner-passkeys.ts";
import { ACTION_TOKEN_TTL_MS } from "../store/owner-action-tokens.ts";

let clock: number;
let store: EstimateStore;
let owner: OwnerConsole;

beforeEach(() => {
  clock = Date.parse("2026-11-24T12:00:00Z");
  store = openEstimateStore({
    dataDir: mkdtempSync(path.join(tmpdir(), "owner-console-")),
    now: () => new Date(clock),
  });
  owner = createOwnerConsole({ db: store.db, now: () => new Date(clock) });
});
afterEach(() => store.close());

const MINUTE = 60_000;
const lead = () =>
  store.save({
    name: "A",
    email: "a@example.com",
    phone: "1",
    service: "",
    message: "m",
    city: null,
    spam: false,
    idempotencyKey: null,
    ip: null,
    userAgent: null,
  }).id;

describe("owner sessions", () => {
  it("keep only a hash of the id, which is 256 random bits", () => {
    const { token } = owner.sessions.create({ ip: null, userAgent: null, passkeyId: null });
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const raw = JSON.stringify(store.db.prepare("SELECT * FROM owner_sessions").all());
    expect(raw).not.toContain(token);
    expect(owner.sessions.read(token)).not.toBeNull();
  });

  it("end after the idle timeout without requests, and stay alive with them", () => {
    const { token } = owner.sessions.create({ ip: null, userAgent: null, passkeyId: null });
    clock += SESSION_IDLE_MS - MINUTE;
    expect(owner.sessions.read(token)).not.toBeNull();
    clock += SESSION_IDLE_MS - MINUTE;
    expect(owner.sessions.read(token)).not.toBeNull();
    clock += SESSION_IDLE_MS;
    expect(owner.sessions.read(token)).toBeNull();
    // Gone for good, not only refused.
    expect(store.db.prepare("SELECT count(*) AS n FROM owner_sessions").get()).toEqual({ n: 0 });
  });

  it("end at the absolute timeout however busy", () => {
    const { token } = owner.sessions.create({ ip: null, userAgent: null, passkeyId: null });
    while (clock < Date.parse("2026-11-24T12:00:00Z") + SESSION_ABSOLUTE_MS - 2 * 3_600_000) {
      clock += 3_600_000;
      expect(owner.sessions.read(token)).not.toBeNull();
    }
    clock += 2 * 3_600_000;
    expect(owner.sessions.read(token)).toBeNull();
  });

  it("end on sign-out and on revoke", () => {
    const a = owner.sessions.create({ ip: null, userAgent: null, passkeyId: null });
    const b = owner.sessions.create({ ip: null, userAgent: null, passkeyId: null });
    expect(owner.sessions.end(a.token)).toBe(true);
    expect(owner.sessions.read(a.token)).toBeNull();
    expect(owner.sessions.revoke(b.id)).toBe(true);
    expect(owner.sessions.read(b.token)).toBeNull();
  });
});

describe("enrolment invites", () => {
  it("work once", () => {
    const { token } = owner.passkeys.createInvite();
    expect(owner.passkeys.inviteValid(token)).toBe(true);
    expect(owner.passkeys.consumeInvite(token)).toBe(true);
    expect(owner.passkeys.inviteValid(token)).toBe(false);
    expect(owner.passkeys.consumeInvite(token)).toBe(false);
  });

  it("expire after 30 minutes, and are stored hashed", () => {
    const { token } = owner.passkeys.createInvite();
    expect(JSON.stringify(store.db.prepare("SELECT * FROM owner_invites").all())).not.toContain(token);
    clock += INVITE_TTL_MS;
    expect(owner.passkeys.inviteValid(token)).toBe(false);
    expect(owner.passkeys.consumeInvite(token)).toBe(false);
  });
});

describe("one-tap tokens", () => {
  it("are for one request and one action, work once, and expire", () => {
    const id = lead();
    const token = owner.actionTokens.create(id, "mark-contacted");
    expect(owner.actionTokens.peek(token)).toMatchObject({ estimate_id: id, action: "mark-contacted" });
    expect(owner.actionTokens.peek(token)).not.toBeNull(); // looking does not use it
    expect(owner.actionTokens.consume(token)).toMatchObject({ estimate_id: id });
    expect(owner.actionTokens.consume(token)).toBeNull();

    const later = owner.actionTokens.create(id, "mark-contacted");
    clock += ACTION_TOKEN_TTL_MS;
    expect(owner.actionTokens.peek(later)).toBeNull();
    expect(owner.actionTokens.consume(later)).toBeNull();
  });

  it("go with their request when it is erased", () => {
    const id = lead();
    const token = owner.actionTokens.create(id, "mark-contacted");
    owner.audit.log("status", { estimateId: id, detail: "new → won" });
    store.erase("a@example.com");
    expect(owner.actionTokens.peek(token)).toBeNull();
    expect(owner.audit.forLead(id)).toEqual([]);
  });
});

describe("the failed sign-in limit", () => {
  it("holds an address after its failures, for the rest of the window, and only that address", () => {
    for (let i = 0; i < SIGN_IN_LIMIT.perAddress; i++) {
      expect(owner.signInLimit.wait("203.0.113.1")).toBe(0);
      owner.signInLimit.failed("203.0.113.1");
    }
    expect(owner.signInLimit.wait("203.0.113.1")).toBeGreaterThan(0);
    expect(owner.signInLimit.wait("198.51.100.7")).toBe(0);
    clock += SIGN_IN_LIMIT.windowMs;
    expect(owner.signInLimit.wait("203.0.113.1")).toBe(0);
  });

  it("holds everyone after too many failures overall", () => {
    for (let i = 0; i < SIGN_IN_LIMIT.total; i++) owner.signInLimit.failed(`10.0.${i >> 8}.${i & 255}`);
    expect(owner.signInLimit.wait("198.51.100.7")).toBeGreaterThan(0);
  });
});

describe("held WebAuthn challenges", () => {
  it("are taken once, for their own ceremony, within five minutes", () => {
    const a = owner.holdChallenge("c1", "sign-in");
    expect(owner.takeChallenge(a, "enrol")).toBeNull();
    const b = owner.holdChallenge("c2", "sign-in");
    expect(owner.takeChallenge(b, "sign-in")).toMatchObject({ challenge: "c2" });
    expect(owner.takeChallenge(b, "sign-in")).toBeNull();
    const c = owner.holdChallenge("c3", "sign-in");
    clock += 5 * MINUTE;
    expect(owner.takeChallenge(c, "sign-in")).toBeNull();
  });
});
