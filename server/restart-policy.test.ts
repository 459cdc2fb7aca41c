import { describe, expect, it } from "vitest";
import { createRestartPolicy } from "./restart-policy.ts";

function setup(afterPublishes: number, quietMs = 30_000) {
  let clock = 1_000_000;
  const policy = createRestartPolicy({ afterPublishes, quietMs, now: () => clock });
  return { policy, tick: (ms: number) => (clock += ms) };
}

describe("restart after publishing", () => {
  it("is due once enough publishes have piled up and the console has been quiet long enough", () => {
    const { policy, tick } = setup(2);
    expect(policy.due(false)).toBe(false);
    policy.published();
    tick(60_000);
    expect(policy.due(false)).toBe(false);
    policy.published();
    tick(29_999);
    expect(policy.due(false)).toBe(false);
    tick(1);
    expect(policy.due(false)).toBe(true);
  });

  it("waits while a publish is queued or building", () => {
    const { policy, tick } = setup(1);
    policy.published();
    tick(120_000);
    expect(policy.due(true)).toBe(false);
    expect(policy.due(false)).toBe(true);
  });

  it("never restarts when turned off (no supervisor to start it again)", () => {
    const { policy, tick } = setup(0);
    for (let i = 0; i < 50; i++) policy.published();
    tick(3_600_000);
    expect(policy.due(false)).toBe(false);
    expect(policy.publishes()).toBe(50);
  });
});
