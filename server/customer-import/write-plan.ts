// A planned file written row by row, in the commit's short transactions (decision 0053). What the batch makes carries
// its id; what it changes on a customer who was already there is a change row, in the same transaction, with the
// value before and after, so an undo (or the rollback of a commit that stopped) puts back exactly that. A matched
// customer gets the row's new e-mails, phones and address added (nothing of theirs is taken away); their name follows
// the file only if an import of the same tool made them; the row's notes are added. The new customers of a slice are
// written together at its end (`flush`, store/customer-batches.ts: one statement a table, for the search index's
// sake), in the file's order, each as it would have been written on its own row.
import { emailKey, phoneKey } from "../customers/contact-keys.ts";
import type { CustomerBatches } from "../store/customer-batches.ts";
import type { CustomerLinks } from "../store/customer-links.ts";
import type { FlueStore } from "../store/flues.ts";
import { addressColumns, type NewContact, type PropertyRow } from "../store/customers.ts";
import type { ImportBatchStore } from "../store/import-batches.ts";
import type { ImportedCustomer } from "./map-row.ts";
import type { PlanContext, PlannedRow, RowKeys } from "./plan.ts";
import type { OwnWrites } from "./import-lookups.ts";

export type WriteContext = PlanContext & {
  /** What this commit has written so far, kept for its planner (import-lookups.ts). */
  own: OwnWrites;
  links: CustomerLinks;
  flues: FlueStore;
  batches: ImportBatchStore;
  newCustomers: CustomerBatches;
  batchId: number;
};

/** Writes a planned row; a new customer waits for `flush`, which the commit calls before each slice commits. */
export type Writer = { write(p: PlannedRow): void; flush(): void; waiting(): number };

type Created = Extract<PlannedRow, { kind: "new" | "suggested" }>;
type Matched = Extract<PlannedRow, { kind: "matched" }>;

function contactsOf(c: ImportedCustomer): NewContact[] {
  return [
    ...c.emails.map((value): NewContact => ({ kind: "email", value })),
    ...c.phones.map((p): NewContact => ({ kind: "phone", value: p.typed, label: p.label })),
  ];
}

/** "Harold & June Meyer" is a household; anyone else a person. */
const kindOf = (name: string) => (/\s(?:&|and)\s/i.test(name) ? ("household" as const) : ("person" as const));

function propertyOf(c: ImportedCustomer) {
  const a = c.address;
  return a ? { street: a.street1, street2: a.street2, town: a.city, state: a.state, zip: a.zip } : null;
}

/** Writes planned rows in the file's order; a row that looks like an earlier row of the file finds its customer. */
export function createWriter(context: WriteContext): Writer {
  const { customers, newCustomers, lookups, links, flues, batches, batchId, source, gate, own } = context;
  const createdByRow = new Map<number, number>();
  /** New customers waiting for the slice's end. */
  let waiting: Created[] = [];
  /** Their e-mail and phone keys: held already for the rows after them, as if written. */
  const waitingKeys = new Set<string>();
  const held = (kind: "email" | "phone", key: string) => waitingKeys.has(`${kind} ${key}`) || lookups.held(kind, key);

  /** Addresses no customer has yet: the ones the import brings, kept from marketing unless the row says yes. */
  const fresh = (keys: RowKeys) => [
    ...keys.emails.filter((e) => !held("email", e)).map((e) => ["email", e] as const),
    ...keys.phones.filter((p) => !held("phone", p)).map((p) => ["phone", p] as const),
  ];
  const keepFromMarketing = (addresses: ReturnType<typeof fresh>) => {
    for (const [kind, key] of addresses) {
      const hash = gate.keepFrom(kind, key);
      if (!hash) continue;
      own.suppressions.add(hash);
      batches.change(batchId, { kind: "suppression-added", targetKey: hash });
    }
  };

  function addFlue(propertyId: number, c: ImportedCustomer) {
    if (!c.flue) return;
    const same = lookups.fluesOf(propertyId).find((f) => f.appliance === c.flue);
    if (!same) {
      const id = flues.add(propertyId, {
        appliance: c.flue,
        fuel: c.fuel ?? "unknown",
        useLevel: "unknown",
        lastServiceDay: c.lastServiceDay,
      });
      batches.change(batchId, { kind: "flue-added", targetId: id });
      return;
    }
    const later = c.lastServiceDay && (!same.last_service_day || c.lastServiceDay > same.last_service_day);
    const fuel = same.fuel === "unknown" && c.fuel ? c.fuel : same.fuel;
    if (!later && fuel === same.fuel) return;
    const lastServiceDay = later ? c.lastServiceDay : same.last_service_day;
    flues.update(same.id, {
      label: same.label,
      appliance: same.appliance,
      fuel,
      useLevel: same.use_level,
      notes: same.notes,
      lastServiceDay,
      dueOverride: same.due_override,
      cadenceMonths: same.cadence_months,
    });
    batches.change(batchId, {
      kind: "flue-updated",
      targetId: same.id,
      before: { fuel: same.fuel, last_service_day: same.last_service_day },
      after: { fuel, last_service_day: lastServiceDay },
    });
  }

  const newCustomer = (p: Created) => {
    const c = p.customer;
    const property = propertyOf(c);
    return {
      displayName: c.name || c.emails[0] || c.phones[0]?.typed || "",
      kind: kindOf(c.name),
      notes: c.notes.join("\n"),
      source,
      sourceId: p.sourceId,
      importBatch: batchId,
      contacts: contactsOf(c),
      properties: property ? [{ ...property, source, sourceId: p.sourceId, importBatch: batchId }] : [],
    };
  };

  function create(p: Created) {
    // Kept from marketing at once: the list's writes go before the slice's first write to the search index, which
    // would make each of them a flush of its pending rows (store/customer-batches.ts).
    if (p.marketing === "not-signed-up") keepFromMarketing(fresh(p.keys));
    waiting.push(p);
    for (const e of p.keys.emails) waitingKeys.add(`email ${e}`);
    for (const phone of p.keys.phones) waitingKeys.add(`phone ${phone}`);
  }

  /** The waiting new customers written, then what each row adds to its customer, in the file's order. */
  function flush() {
    if (waiting.length === 0) return;
    const rows = waiting;
    waiting = [];
    waitingKeys.clear();
    const made = newCustomers.createMany(rows.map(newCustomer));
    rows.forEach((p, i) => {
      const m = made[i];
      if (!m) throw new Error(`row ${p.row}'s customer was not written`);
      createdByRow.set(p.row, m.id);
      own.customers.add(m.id);
      for (const id of m.contactIds) own.contacts.add(id);
      for (const id of m.propertyIds) own.properties.add(id);
      const propertyId = m.propertyIds[0];
      if (propertyId !== undefined) addFlue(propertyId, p.customer);
      if (p.kind === "suggested")
        for (const other of p.looksLike) {
          const id = "customerId" in other ? other.customerId : createdByRow.get(other.row);
          if (id !== undefined) links.suggest(m.id, id, other.reasons);
        }
    });
  }

  function samePlace(p: PropertyRow, property: NonNullable<ReturnType<typeof propertyOf>>, key: string | null) {
    if (key) return p.address_key === key;
    return (
      p.street.toLowerCase() === property.street.toLowerCase() && p.town.toLowerCase() === property.town.toLowerCase()
    );
  }

  function update(p: Matched) {
    const c = p.customer;
    const target = customers.get(p.targetId);
    if (!target) throw new Error(`customer ${p.targetId} went away during the import`);
    const name = target.source === source && c.name ? c.name : target.display_name;
    const lines = target.notes ? target.notes.split("\n") : [];
    const notes = [...lines, ...c.notes.filter((n) => !lines.includes(n))].join("\n");
    if (name !== target.display_name || notes !== target.notes) {
      customers.update(target.id, { displayName: name, notes });
      const now = customers.get(target.id);
      batches.change(batchId, {
        kind: "customer-updated",
        targetId: target.id,
        before: { display_name: target.display_name, notes: target.notes },
        after: { display_name: now?.display_name ?? name, notes: now?.notes ?? notes },
      });
    }

    const group = lookups.group(target.id);
    const addresses = fresh(p.keys);
    const had = new Set(lookups.contactsOf(group).map((x) => `${x.kind} ${x.key ?? x.value}`));
    for (const contact of contactsOf(c)) {
      const key = contact.kind === "email" ? emailKey(contact.value) : phoneKey(contact.value)?.e164;
      if (had.has(`${contact.kind} ${key ?? contact.value}`)) continue;
      const id = customers.addContact(target.id, contact);
      if (id === null) continue;
      own.contacts.add(id);
      batches.change(batchId, { kind: "contact-added", targetId: id });
    }
    if (!c.remindersYes) keepFromMarketing(addresses);

    const property = propertyOf(c);
    if (!property) return;
    const key = addressColumns(property).address_key;
    const existing = lookups.propertiesOf(group).find((x) => samePlace(x, property, key));
    // A property added here carries the batch (deleted by its undo); an old tool's id is the first property's only.
    let propertyId = existing?.id;
    if (propertyId === undefined) {
      propertyId = customers.addProperty(target.id, { ...property, source, sourceId: null, importBatch: batchId });
      own.properties.add(propertyId);
    }
    addFlue(propertyId, c);
  }

  return {
    write(p) {
      if (p.kind === "matched") update(p);
      else if (p.kind !== "refused") create(p);
    },
    flush,
    /** How many new customers wait for `flush`. */
    waiting: () => waiting.length,
  };
}
