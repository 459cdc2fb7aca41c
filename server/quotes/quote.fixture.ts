// A quote service over a fresh database, with the site's own words and facts and a clock the test moves: shared by
// the quote unit tests (not a test itself).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { business } from "../../app/content/business.ts";
import { openEstimateStore, type EstimateStore, type NewEstimate } from "../requests/estimate-store.ts";
import { openAuditLog } from "../store/owner-audit.ts";
import { createQuoteService, type QuoteService } from "./quote-service.ts";
import { lineFromPreset, readQuoteWords, type QuoteWords } from "./quote-words.ts";
import type { Draft } from "./document.ts";
import { hashSecret, newSecret } from "../store/secrets.ts";

export const LEAD: NewEstimate = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "(309) 555-0177",
  service: "Chimney Crown Repair",
  message: "The crown is cracked.",
  city: "Normal",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
};

export type Fixture = {
  store: EstimateStore;
  quotes: QuoteService;
  clock: { at: Date };
  words: QuoteWords;
  /** A request with a draft of the given presets (by key) in one option, or in several. */
  draft: (options?: string[][], addons?: string[]) => { estimateId: number; quoteId: number };
  /** A homeowner's link for a quote, as the quote's e-mail carries one: its token. */
  link: (quoteId: number) => string;
  close: () => void;
};

export function quoteFixture({
  start = new Date("2026-11-30T15:00:00Z"),
  mail = true,
  dataDir = mkdtempSync(path.join(tmpdir(), "quotes-test-")),
  words = readQuoteWords(process.cwd()),
}: { start?: Date; mail?: boolean; dataDir?: string; words?: QuoteWords } = {}): Fixture {
  const clock = { at: start };
  const now = () => clock.at;
  const store = openEstimateStore({ dataDir, now });
  const quotes = createQuoteService({
    store,
    audit: openAuditLog(store.db, now),
    now,
    words: () => words,
    business: () => ({ ...business, address: { ...business.address, street: "12 Main St", postalCode: "61701" } }),
    siteUrl: "https://chimney.example",
    ownerAddress: () => "owner@example.com",
    mail,
  });
  let n = 0;
  const preset = (key: string) => {
    const p = words.presets.find((x) => x.key === key);
    if (!p) throw new Error(`no preset ${key}`);
    n += 1;
    return lineFromPreset(p, `l${n}`);
  };
  return {
    store,
    quotes,
    clock,
    words,
    draft(options = [["crown-rebuild"]], addons = []) {
      const { id: estimateId } = store.save({
        ...LEAD,
        email: `dana${Math.random().toString(36).slice(2, 8)}@example.com`,
      });
      const q = quotes.draftFor(estimateId);
      const draft = quotes.details(q.id).draft;
      const next: Draft = {
        ...draft,
        options: options.map((keys, i) => ({
          id: `o${i}`,
          name: options.length > 1 ? (["Good", "Better", "Best"][i] ?? "") : "",
          lines: keys.map(preset),
        })),
        addons: addons.map(preset),
      };
      quotes.saveDraft(q.id, next);
      return { estimateId, quoteId: q.id };
    },
    link(quoteId) {
      const token = newSecret();
      store.quotes.addLink(quoteId, hashSecret(token), "email");
      return token;
    },
    close: () => store.close(),
  };
}
