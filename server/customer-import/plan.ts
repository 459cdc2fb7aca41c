// What each row of the file will do, decided the same way for the dry run and, again, inside the commit's transaction
// (decision 0053). A row is:
// - matched: the customer an earlier import made from the old tool's id, or an existing customer whose e-mail or phone
//   is exactly the row's and whose name is the same (and who is not another of the old tool's customers);
// - suggested: its keys meet a customer (or an earlier row) in any other way, so it comes in as a customer of its own
//   with a merge suggested, for the owner to decide (never on a name alone: decision 0051's keys);
// - new; or refused, with its row number and the reasons.
// A row without an id of the old tool gets one from its own content, so importing one file twice matches every row.
import { createHash } from "node:crypto";
import { emailKey, emailMatchKey, nameKey } from "../customers/contact-keys.ts";
import { addressColumns, type CustomerStore } from "../store/customers.ts";
import type { MatchKeys, MatchReason } from "../store/customer-links.ts";
import type { ImportSource } from "../store/import-batches.ts";
import type { ImportedCustomer, RefusedRow } from "./map-row.ts";
import type { MarketingGate } from "./import-marketing.ts";
import type { ImportLookups, OwnWrites } from "./import-lookups.ts";

export type RowKeys = MatchKeys & { name: string };

/** Who a suggested row looks like: a customer already on file, or an earlier row of the same file. */
export type LooksLike = ({ customerId: number } | { row: number }) & { reasons: MatchReason[] };

/** What the import does about marketing for this row's customer (only Jobber's "yes" signs anyone up). */
export type MarketingOutcome = "signed-up" | "not-signed-up" | "stays-off" | "unchanged";

type Base = { row: number; customer: ImportedCustomer; keys: RowKeys; sourceId: string; marketing: MarketingOutcome };
export type PlannedRow =
  | (Base & { kind: "new" })
  | (Base & { kind: "suggested"; looksLike: LooksLike[] })
  | (Base & { kind: "matched"; targetId: number; by: "id" | "keys" })
  | { kind: "refused"; row: number; reasons: string[] };

export type PlanContext = {
  source: ImportSource;
  customers: CustomerStore;
  lookups: ImportLookups;
  gate: MarketingGate;
  /** While a commit writes as it plans: what it has written, left out of the plan. */
  own?: OwnWrites | null;
};

const ID_WORDS: Record<ImportSource, string> = {
  jobber: "J-ID",
  "housecall-pro": "customer id",
  template: "customer number",
};

export function rowKeys(c: ImportedCustomer): RowKeys {
  const emails = [...new Set(c.emails.flatMap((e) => emailKey(e) ?? []))];
  const address = c.address
    ? addressColumns({
        street: c.address.street1,
        street2: c.address.street2,
        town: c.address.city,
        zip: c.address.zip,
      })
    : null;
  return {
    name: nameKey(c.name),
    emails,
    emailMatches: [...new Set(emails.map(emailMatchKey))],
    phones: [...new Set(c.phones.map((p) => p.e164))],
    addresses: address?.address_key
      ? [{ key: address.address_key, zip5: address.zip5, townKey: address.town_key }]
      : [],
  };
}

/** The id of a row that has none of the old tool's: its keys and name, so the same row is the same id next time. */
export function contentId(keys: RowKeys): string {
  const text = JSON.stringify([
    keys.name,
    [...keys.emails].sort(),
    [...keys.phones].sort(),
    keys.addresses.map((a) => [a.key, a.zip5 ?? a.townKey]),
  ]);
  return `row:${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
}

/** The rows of one file met so far, by their keys, so a later row can be told it looks like one of them. */
function fileIndex() {
  const byKey = new Map<string, number>();
  const byId = new Map<string, number>();
  const keyList = (keys: RowKeys): [string, MatchReason][] => [
    ...keys.phones.map((p): [string, MatchReason] => [`p ${p}`, "phone"]),
    ...keys.emails.map((e): [string, MatchReason] => [`e ${e}`, "email"]),
    ...keys.emailMatches.map((e): [string, MatchReason] => [`m ${e}`, "email-alias"]),
    ...keys.addresses.flatMap((a): [string, MatchReason][] => [
      ...(a.zip5 ? [[`a ${a.key} ${a.zip5}`, "address"] as [string, MatchReason]] : []),
      ...(a.townKey ? [[`a ${a.key} ${a.townKey}`, "address"] as [string, MatchReason]] : []),
    ]),
  ];
  return {
    idRow: (id: string) => byId.get(id),
    matches(keys: RowKeys): LooksLike[] {
      const found = new Map<number, Set<MatchReason>>();
      for (const [k, reason] of keyList(keys)) {
        const row = byKey.get(k);
        if (row === undefined) continue;
        // An alias only counts where the address itself differs.
        if (reason === "email-alias" && keys.emails.some((e) => byKey.get(`e ${e}`) === row)) continue;
        found.set(row, (found.get(row) ?? new Set()).add(reason));
      }
      return [...found].map(([row, reasons]) => ({ row, reasons: [...reasons] }));
    },
    add(row: number, id: string, keys: RowKeys) {
      byId.set(id, row);
      for (const [k] of keyList(keys)) if (!byKey.has(k)) byKey.set(k, row);
    },
  };
}

/** Plans rows one at a time (the dry run yields between them); the file's earlier rows are remembered. */
export function createPlanner(context: PlanContext) {
  const { source, customers, lookups, gate } = context;
  const own = context.own ?? null;
  const file = fileIndex();

  function marketingOf(c: ImportedCustomer, keys: RowKeys, created: boolean): MarketingOutcome {
    const suppressed = () => gate.suppressed({ emails: keys.emails, phones: keys.phones }, own?.suppressions);
    if (c.remindersYes && suppressed()) return "stays-off";
    if (!created) return "unchanged";
    return c.remindersYes ? "signed-up" : "not-signed-up";
  }

  /** The one existing customer this row exactly is: the same e-mail or phone, the same name, no other tool id. */
  function exactly(matches: { customerId: number; reasons: MatchReason[] }[], keys: RowKeys, sourceId: string) {
    const only = matches.length === 1 ? matches[0] : undefined;
    if (!only || !(only.reasons.includes("email") || only.reasons.includes("phone")) || !keys.name) return null;
    const target = customers.get(only.customerId);
    if (!target || target.name_key !== keys.name) return null;
    if (target.source === source && target.source_id !== null && target.source_id !== sourceId) return null;
    return target.id;
  }

  return {
    plan(item: ImportedCustomer | RefusedRow): PlannedRow {
      if ("reasons" in item) return { kind: "refused", row: item.row, reasons: item.reasons };
      const keys = rowKeys(item);
      const sourceId = item.sourceId ?? contentId(keys);
      const earlier = file.idRow(sourceId);
      if (earlier !== undefined)
        return {
          kind: "refused",
          row: item.row,
          reasons: [
            item.sourceId
              ? `its ${ID_WORDS[source]} “${item.sourceId}” is also on row ${earlier}`
              : `it is the same customer as row ${earlier}`,
          ],
        };
      const base = { row: item.row, customer: item, keys, sourceId };
      const inFile = file.matches(keys);
      file.add(item.row, sourceId, keys);
      const made = customers.bySource(source, sourceId);
      if (made)
        return {
          ...base,
          kind: "matched",
          targetId: customers.root(made.id),
          by: "id",
          marketing: marketingOf(item, keys, false),
        };
      const onFile = lookups.matches(keys, own);
      const target = inFile.length === 0 ? exactly(onFile, keys, sourceId) : null;
      if (target !== null)
        return { ...base, kind: "matched", targetId: target, by: "keys", marketing: marketingOf(item, keys, false) };
      const marketing = marketingOf(item, keys, true);
      if (onFile.length === 0 && inFile.length === 0) return { ...base, kind: "new", marketing };
      return { ...base, kind: "suggested", looksLike: [...onFile, ...inFile], marketing };
    },
  };
}
