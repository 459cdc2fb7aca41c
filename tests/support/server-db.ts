// The server's database and the owner's forms as the server tests reach them: through a store of the test's own,
// and posted as the console's own pages post them.
import { openEstimateStore, type EstimateStore } from "../../server/requests/estimate-store.ts";

/** Works on the database in `dataDir` through a store of its own, closed after. */
export function withStoreAt<T>(dataDir: string, work: (store: EstimateStore) => T): T {
  const store = openEstimateStore({ dataDir });
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** Every table with its rows, sorted (photos as base64): for "nothing was saved". */
export function tableRows(store: EstimateStore): [string, string[]][] {
  const tables = store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return tables.map(({ name }) => [
    name,
    store.db
      .prepare(`SELECT * FROM "${name}"`)
      .all()
      .map((row) => JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("base64") : v)))
      .sort(),
  ]);
}

/** The owner's form POST from the console's own page at `origin`: the session's cookie and token. */
export function ownerFormPost(
  origin: string,
  session: { token: string; csrf: string },
  pathname: string,
  fields: Record<string, string>,
): Promise<Response> {
  return fetch(`${origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: `owner=${session.token}`,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }),
  });
}
