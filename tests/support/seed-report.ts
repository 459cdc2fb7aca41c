// An estimate visit to write a condition report at: a request (with the customer and property intake gives it, on
// a street), its booked visit, and the property's flues. Used by the store's tests, the server tests and the
// browser stories (through the data folder of the server they start).
import { randomUUID } from "node:crypto";
import type { EstimateStore, NewEstimate } from "../../server/requests/estimate-store.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import type { FlueInput } from "../../server/store/flues.ts";

export type SeededVisit = { estimateId: number; visitId: number; propertyId: number; flueIds: number[] };

const LEAD: NewEstimate = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "(309) 555-0142",
  service: "Chimney Crown Repair",
  message: "Water stains on the ceiling by the fireplace after rain.",
  city: "Bloomington",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
};

const FIREPLACE: FlueInput = { label: "Living room", appliance: "fireplace", fuel: "wood", useLevel: "occasional" };

/** A request, its property on `street`, a visit booked on `day`, and `flues` flues (a wood fireplace each). */
export function seedVisitIn(
  store: EstimateStore,
  {
    day = "2027-03-16",
    flues = 1,
    street = "1204 N Main St",
    lead = {},
  }: {
    day?: string;
    flues?: number;
    street?: string;
    lead?: Partial<NewEstimate>;
  } = {},
): SeededVisit {
  const { id: estimateId } = store.save({ ...LEAD, ...lead });
  store.visits.putPlace({ estimateId, town: "Bloomington", served: true, street, notes: "" });
  const visitId = store.visits.insert({
    estimate_id: estimateId,
    uid: `${randomUUID()}@test`,
    status: "booked",
    day,
    starts: "09:00",
    ends: "11:00",
    starts_at: `${day}T14:00:00.000Z`,
    ends_at: `${day}T16:00:00.000Z`,
    slot: 0,
    town: "Bloomington",
    street,
    notes: "",
    email: LEAD.email,
    phone_digits: "3095550142",
    booked_at: new Date().toISOString(),
    booked_by: "owner",
    booked_in_hours: 1,
    idempotency_key: null,
  });
  const propertyId = store.db
    .prepare<[number], { property_id: number | null }>("SELECT property_id FROM estimates WHERE id = ?")
    .get(estimateId)?.property_id;
  if (!propertyId) throw new Error("the seeded request has no property");
  const flueIds = Array.from({ length: flues }, (_, i) =>
    store.flues.add(propertyId, { ...FIREPLACE, label: i === 0 ? FIREPLACE.label : `Flue ${i + 1}` }),
  );
  return { estimateId, visitId, propertyId, flueIds };
}

/** The same, in the data folder of a server (its own store, closed after). */
export function seedVisit(dataDir: string, options: Parameters<typeof seedVisitIn>[1] = {}): SeededVisit {
  const store = openEstimateStore({ dataDir });
  try {
    return seedVisitIn(store, options);
  } finally {
    store.close();
  }
}
