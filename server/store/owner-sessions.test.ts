// The Account page's list of sessions is the owner's devices: a start's warm-up session (decision 0048) is not one.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { openSessionStore, WARM_UP_AGENT } from "./owner-sessions.ts";

it("lists the owner's sessions, not the start's warm-up, which still reads as live until it is ended", () => {
  const store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "owner-sessions-")) });
  try {
    const sessions = openSessionStore(store.db);
    sessions.create({ ip: "192.0.2.1", userAgent: "Owner's phone", passkeyId: "phone" });
    const warm = sessions.create({ ip: null, userAgent: WARM_UP_AGENT, passkeyId: null });
    // A device that happens to send the same words is still listed: it signed in with a passkey.
    sessions.create({ ip: "192.0.2.2", userAgent: WARM_UP_AGENT, passkeyId: "laptop" });
    // Nor is a session that sent no user agent taken for the warm-up.
    sessions.create({ ip: "192.0.2.3", userAgent: null, passkeyId: null });
    expect(sessions.list().map((s) => s.passkey_id)).toEqual(expect.arrayContaining(["phone", "laptop", null]));
    expect(sessions.list()).toHaveLength(3);
    expect(sessions.read(warm.token)?.id).toBe(warm.id);
    expect(sessions.endWarmUps()).toBe(1);
    expect(sessions.read(warm.token)).toBeNull();
    expect(sessions.list()).toHaveLength(3);
  } finally {
    store.close();
  }
});
