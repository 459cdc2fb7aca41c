// A stored request for tests of what is made from one (e-mails, CSV), with every column present; and a new request
// as a store's `save` takes it.
import type { NewEstimate, StoredEstimate } from "./types.ts";

export function newLead(overrides: Partial<NewEstimate> = {}): NewEstimate {
  return {
    name: "Ann",
    email: "ann@example.com",
    phone: "309-555-0100",
    service: "",
    message: "Crack in the crown",
    city: null,
    spam: false,
    idempotencyKey: null,
    ip: null,
    userAgent: null,
    ...overrides,
  };
}

export function storedLead(overrides: Partial<StoredEstimate> = {}): StoredEstimate {
  return {
    id: 12,
    reference: "R-ABC234",
    received_at: "2026-11-24T15:00:00.000Z",
    name: "Ann",
    email: "ann@example.com",
    phone: "(309) 555-0100",
    service: "Tuckpointing",
    message: "Crumbling mortar",
    city: "Normal",
    spam: 0,
    idempotency_key: null,
    status: "new",
    status_at: null,
    reminded_at: null,
    page: null,
    landing_page: null,
    referrer: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    gclid: null,
    fbclid: null,
    city_param: null,
    photo_count: 0,
    photos_refused: "",
    ...overrides,
  };
}
