// The import's own reads find what the customers' own reads find (server/store/customer-links.ts), rule for rule: the
// same matches and reasons for every row of the fixtures, after an import, with a merge and an e-mail two households
// share (told apart) among them.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { readCustomerFile } from "./read-file.ts";
import { recogniseFormat } from "./formats.ts";
import { mapRow } from "./map-row.ts";
import { rowKeys } from "./plan.ts";
import { createImportLookups } from "./import-lookups.ts";

const fixture = (name: string) => readFileSync(new URL(`../../tests/support/customer-import/${name}`, import.meta.url));

it("finds the same customers, for the same reasons, as the customers' own matching", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lookups-"));
  const store = openEstimateStore({ dataDir: dir });
  try {
    const { customers, customerLinks: links } = store;
    const hollis = customers.create({
      displayName: "Margaret Hollis",
      contacts: [{ kind: "email", value: "mhollis@example.com" }],
      properties: [{ street: "1204 North Main Street", town: "Bloomington", zip: "61701" }],
    });
    const dale = customers.create({ displayName: "Dale K", contacts: [{ kind: "phone", value: "309-452-7781" }] });
    const dale2 = customers.create({ displayName: "D. Kowalski", contacts: [{ kind: "phone", value: "3094527781" }] });
    links.merge(dale2.id, dale.id);
    // One e-mail, two households the owner told apart: not a key for either.
    const a = customers.create({
      displayName: "Renée D",
      contacts: [{ kind: "email", value: "renee.dubois@example.org" }],
    });
    const b = customers.create({
      displayName: "Rene D",
      contacts: [{ kind: "email", value: "renee.dubois@example.org" }],
    });
    links.tellApart(a.id, b.id);
    customers.create({ displayName: "Alias", contacts: [{ kind: "email", value: "Gwen.Sato+chimney@gmail.com" }] });
    const lookups = createImportLookups(store.db, customers, links);
    const sort = <T extends { customerId: number }>(list: T[]) => [...list].sort((x, y) => x.customerId - y.customerId);
    let compared = 0;
    for (const name of ["jobber-clients.csv", "housecall-pro-customers.csv", "our-template.csv"]) {
      const file = readCustomerFile(fixture(name));
      if ("problem" in file) throw new Error(file.problem);
      const format = recogniseFormat(file.headers);
      if ("problem" in format) throw new Error(format.problem);
      for (const row of file.rows) {
        const c = mapRow(row, { ...format, today: "2026-12-01" });
        if ("reasons" in c) continue;
        const keys = rowKeys(c);
        expect(sort(lookups.matches(keys)), `${name} row ${row.row}`).toEqual(sort(links.matches(keys)));
        compared += 1;
      }
    }
    expect(compared).toBe(16);
    // The fixtures do meet these customers: the comparison is not of empty lists.
    const hits = lookups.matches({
      emails: ["mhollis@example.com"],
      emailMatches: [],
      phones: ["+13094527781"],
      addresses: [],
    });
    expect(sort(hits)).toEqual([
      { customerId: hollis.id, reasons: ["email"] },
      { customerId: dale.id, reasons: ["phone"] },
    ]);
    expect(lookups.group(dale2.id)).toEqual([dale.id, dale2.id]);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
