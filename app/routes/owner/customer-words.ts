// The words of the Customers pages (decision 0051): what each flue, fuel and use is called, why two customers look
// alike, and what each action says when it is done.
import type { MatchReason } from "../../../server/store/customer-links.ts";
import type { Appliance, Fuel, UseLevel } from "../../../server/store/flues.ts";

export const APPLIANCE_WORDS: Record<Appliance, string> = {
  fireplace: "Fireplace",
  insert: "Fireplace insert",
  stove: "Stove",
  "furnace-vent": "Furnace vent",
};

export const FUEL_WORDS: Record<Fuel, string> = {
  wood: "Wood",
  gas: "Gas",
  oil: "Oil",
  pellet: "Pellets",
  coal: "Coal",
  unknown: "Fuel not known",
};

export const USE_WORDS: Record<UseLevel, string> = {
  unused: "Not used",
  occasional: "Used now and then",
  regular: "Used every week in season",
  daily: "Used every day in season",
  unknown: "Use not known",
};

export const REASON_WORDS: Record<MatchReason, string> = {
  phone: "Same phone",
  email: "Same e-mail",
  "email-alias": "Same Gmail address, written another way",
  address: "Same street address",
};

export const CUSTOMER_DONE = {
  merged: "Merged: their history is on this page now. Undo it below if they are not the same person.",
  undone: "Merge undone: they stand apart again, each with their own history.",
  apart: "Noted: they will not be suggested together again.",
  "flue-added": "Flue added.",
  "flue-saved": "Flue saved.",
  "flue-removed": "Flue removed.",
  "due-set": "Due day set for that flue.",
  "due-cleared": "Due day cleared: it counts from the last visit or job again.",
  "property-added": "Property added.",
  "contact-added": "Added.",
  saved: "Saved.",
} as const;

export type CustomerDone = keyof typeof CUSTOMER_DONE;

export const MERGE_REFUSALS = {
  already: "That one was already merged: the page shows where it went.",
  missing: "That customer is not on file any more, or was merged into another. Reload the page.",
  "told-apart": "You said these two are not the same person, so they were not merged.",
  same: "That is this customer already.",
} as const;
