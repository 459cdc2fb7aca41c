// A job on a quote the homeowner accepted, made with plain SQL on migration 14's tables (the job service is built
// beside this), with the homeowner's job link whose token the caller gets.
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { newLinkToken } from "../../server/documents/secret-links.ts";
import { quoteServiceOver, seedQuote } from "./seed-quote.ts";

export function seedJob(dataDir: string): {
  jobId: number;
  quoteId: number;
  estimateId: number;
  email: string;
  token: string;
} {
  const { token: quoteToken, quoteId, estimateId } = seedQuote(dataDir);
  const store = openEstimateStore({ dataDir });
  try {
    const quotes = quoteServiceOver(store);
    const found = quotes.lookup(quoteToken, null);
    if (!found || found === "limited") throw new Error("the seeded quote is not found");
    const optionKey = quotes.page(found).options[0]?.key ?? "";
    const choice = { optionKey, addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 };
    quotes.accept(quoteToken, choice, { ip: null, userAgent: null, inHome: false });
    const at = new Date().toISOString();
    const { lastInsertRowid } = store.db
      .prepare("INSERT INTO jobs (quote_id, created_at, updated_at) VALUES (?, ?, ?)")
      .run(quoteId, at, at);
    const jobId = Number(lastInsertRowid);
    const { token, hash } = newLinkToken();
    store.db.prepare("INSERT INTO job_links (job_id, token_hash, created_at) VALUES (?, ?, ?)").run(jobId, hash, at);
    const { email } = store.db
      .prepare<[number], { email: string }>("SELECT email FROM estimates WHERE id = ?")
      .get(estimateId) ?? { email: "" };
    return { jobId, quoteId, estimateId, email, token };
  } finally {
    store.close();
  }
}
