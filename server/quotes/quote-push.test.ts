// The owner's quote pushes after the transaction that queued them. A disk that fails the claim's fsync is logged and
// nothing is thrown at the event loop; the pushes it claimed are not sent (a push is a hint: the e-mail and the
// console are the record), and the next ones still go.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PushNotifier } from "../owner/push.ts";
import { quoteFixture, type Fixture } from "./quote.fixture.ts";
import { pushFlusher } from "./quote-push.ts";

let fx: Fixture;
afterEach(() => {
  fx.close();
  vi.restoreAllMocks();
});

const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the owner's quote pushes", () => {
  it("survive a disk that fails the claim: logged, that push not sent, the next one sent", async () => {
    fx = quoteFixture();
    const { quoteId } = fx.draft();
    fx.quotes.send(quoteId, { ip: null, userAgent: null });
    fx.quotes.accept(
      fx.link(quoteId),
      { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
      { ip: "203.0.113.9", userAgent: "Mobile Safari", inHome: false },
    );
    await turn(); // the fixture's own flush, with no notifier
    const sent: string[] = [];
    const push = { notify: async ({ title }: { title: string }) => void sent.push(title) } as unknown as PushNotifier;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = {
      ...fx.store.durable,
      commit: <T>(write: () => T) => {
        write();
        return Promise.reject(new Error("EIO: i/o error, fsync"));
      },
    };
    const { db, quotes } = fx.store;
    // The claim is written but its fsync fails: logged, and this flush sends nothing.
    expect(quotes.pendingPushes().length).toBeGreaterThan(0);
    pushFlusher({ db, quotes, durable: failing, push })();
    // The commit's fsync runs off the event loop: waited for, not timed (a busy machine takes longer than a turn).
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("quote push: EIO: i/o error, fsync")),
    );
    expect(sent).toEqual([]);

    // With the disk back, the next event's push goes.
    quotes.addEvent(quoteId, 1, "deposit paid", "$100.00", true);
    pushFlusher({ db, quotes, durable: fx.store.durable, push })();
    await vi.waitFor(() => expect(sent).toEqual(["Deposit paid"]), { timeout: 10_000 });
    expect(quotes.pendingPushes()).toEqual([]);
  });
});
