import { describe, expect, it } from "vitest";
import { createIncidents } from "./incidents.ts";

function setup(failSend = false) {
  const sent: { subject: string; text: string }[] = [];
  const logs: string[] = [];
  let clock = new Date("2026-11-24T10:00:00Z");
  const incidents = createIncidents({
    send: async (subject, text) => {
      if (failSend) throw new Error("connection refused");
      sent.push({ subject, text });
    },
    now: () => clock,
    log: (m) => logs.push(m),
    warn: (m) => logs.push(m),
  });
  return { incidents, sent, logs, tick: (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000)) };
}

describe("one e-mail per incident", () => {
  it("sends one e-mail when a check starts failing, none while it keeps failing, and one for the next incident", async () => {
    const { incidents, sent, tick } = setup();
    await incidents.report("database", true);
    expect(sent).toHaveLength(0);
    for (let i = 0; i < 60; i++) {
      await incidents.report("database", false, "disk full");
      tick(1);
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(
      "Website problem: the database does not take writes (new estimate requests are being refused)",
    );
    expect(sent[0]?.text).toContain("Since 2026-11-24T10:00:00.000Z");
    expect(sent[0]?.text).toContain("disk full");
    await incidents.report("database", true);
    expect(incidents.open()).toEqual([]);
    await incidents.report("database", false, "disk full again");
    expect(sent).toHaveLength(2);
  });

  it("never e-mails about the mail itself, and holds other incidents until mail works again", async () => {
    const { incidents, sent, logs } = setup();
    for (let i = 0; i < 5; i++) await incidents.report("mail", false, "3 e-mail(s) not delivered");
    expect(sent).toHaveLength(0);
    expect(logs.some((m) => m.includes("INCIDENT: e-mail cannot be delivered"))).toBe(true);
    await incidents.report("backup", false, "no space left on device");
    expect(sent).toHaveLength(0);
    await incidents.report("mail", true);
    expect(sent.map((m) => m.subject)).toEqual(["Website problem: the database backup is failing"]);
    await incidents.report("backup", false, "no space left on device");
    expect(sent).toHaveLength(1);
  });

  it("does not retry a failed alert at every check", async () => {
    const { incidents, logs } = setup(true);
    for (let i = 0; i < 10; i++) await incidents.report("backup", false, "x");
    expect(logs.filter((m) => m.startsWith("Could not e-mail the owner"))).toHaveLength(1);
  });
});
