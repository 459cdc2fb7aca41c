// Nobody is left uninformed: without mail, every start and every stored request says so, loudly.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SMTP_URL: "" });
});
afterAll(() => stopServer(server));

describe("without e-mail configured", () => {
  it("warns at start that requests are stored but nobody is told", () => {
    expect(server.output()).toMatch(/WARNING: no e-mail is configured .* NOBODY IS TOLD/s);
  });

  it("warns again for every stored request, naming it", async () => {
    for (let i = 1; i <= 2; i++) {
      const response = await fetch(`${server.url}/api/estimate`, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ name: "Ann", email: `ann${i}@example.com`, phone: "309-555-0100", message: "Hi" }),
      });
      expect(await response.json()).toEqual({ ok: true, visit: expect.stringMatching(/^\/visit\/[\w-]{43}$/) });
    }
    // The warning reaches us through a pipe, maybe after the response: wait for it rather than for a set time.
    await vi.waitFor(
      () =>
        expect(
          server.output().match(/WARNING: estimate request #\d+ \(R-[A-Z0-9]{6}\) is stored, but nobody was told/g),
        ).toHaveLength(2),
      { timeout: 10_000, interval: 50 },
    );
  });
});
