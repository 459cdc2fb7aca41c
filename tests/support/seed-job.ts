// A job on a quote the homeowner accepted (seed-quote.ts's seedJob, made by the job service), with what the photo
// tests also need: the request behind it and the homeowner's e-mail. `city` is the town the request named (null:
// none), `visitTown` the town of the estimate visit's address.
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedJob as seedJobWithDays } from "./seed-quote.ts";

export function seedJob(
  dataDir: string,
  { city, visitTown }: { city?: string | null; visitTown?: string } = {},
): {
  jobId: number;
  quoteId: number;
  estimateId: number;
  email: string;
  token: string;
} {
  const { jobId, quoteId, token } = seedJobWithDays(dataDir, {
    invoice: false,
    ...(city === undefined ? {} : { city }),
  });
  const store = openEstimateStore({ dataDir });
  try {
    const row = store.db
      .prepare<[number], { estimateId: number; email: string }>(
        "SELECT e.id AS estimateId, e.email FROM quotes q JOIN estimates e ON e.id = q.estimate_id WHERE q.id = ?",
      )
      .get(quoteId);
    if (!row) throw new Error("the seeded job has no request");
    if (visitTown) {
      store.visits.putPlace({
        estimateId: row.estimateId,
        town: visitTown,
        served: true,
        street: "12 Oak St",
        notes: "",
      });
    }
    return { jobId, quoteId, token, ...row };
  } finally {
    store.close();
  }
}
