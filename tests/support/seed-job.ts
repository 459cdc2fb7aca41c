// A job on a quote the homeowner accepted (seed-quote.ts's seedJob, made by the job service), with what the photo
// tests also need: the request behind it and the homeowner's e-mail.
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedJob as seedJobWithDays } from "./seed-quote.ts";

export function seedJob(dataDir: string): {
  jobId: number;
  quoteId: number;
  estimateId: number;
  email: string;
  token: string;
} {
  const { jobId, quoteId, token } = seedJobWithDays(dataDir, { invoice: false });
  const store = openEstimateStore({ dataDir });
  try {
    const row = store.db
      .prepare<[number], { estimateId: number; email: string }>(
        "SELECT e.id AS estimateId, e.email FROM quotes q JOIN estimates e ON e.id = q.estimate_id WHERE q.id = ?",
      )
      .get(quoteId);
    if (!row) throw new Error("the seeded job has no request");
    return { jobId, quoteId, token, ...row };
  } finally {
    store.close();
  }
}
