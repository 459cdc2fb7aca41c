// One row of the old list turned into the customer it describes, or refused with the reasons, in words and by the row
// number the spreadsheet shows. A phone must be a whole number (a 7-digit "828-1234" has lost its area code, research
// §4.3) and an e-mail an address; a row is never half taken. Values stay as typed: keys for matching are made later.
import { emailKey, phoneKey } from "../customers/contact-keys.ts";
import type { FileRow } from "./read-file.ts";
import type { AddressColumns, ColumnMap, ImportFormat, PhoneLabel } from "./formats.ts";

export type ImportedAddress = { street1: string; street2: string; city: string; state: string; zip: string };

export type FlueWord = "fireplace" | "insert" | "stove" | "furnace-vent";
export type FuelWord = "wood" | "gas" | "oil" | "pellet" | "coal";

export type ImportedCustomer = {
  row: number;
  /** The old tool's own id for this customer (Jobber's J-ID), so a second import updates it. */
  sourceId: string | null;
  firstName: string;
  lastName: string;
  company: string;
  /** The name to show: the file's display name, else first and last, else the company. */
  name: string;
  emails: string[];
  phones: { typed: string; e164: string; label: PhoneLabel }[];
  /** The service address (Jobber's billing address when the service street is blank); none without a street. */
  address: ImportedAddress | null;
  /** Only Jobber's "Receives automatic visit reminders?" = yes: nothing else in any file signs anyone up. */
  remindersYes: boolean;
  lastServiceDay: string | null;
  flue: FlueWord | null;
  fuel: FuelWord | null;
  /** What else the row said (lead source, tags, custom fields, archived), kept as the customer's note. */
  notes: string[];
};

export type RefusedRow = { row: number; reasons: string[] };

export type MapContext = { format: ImportFormat; columns: ColumnMap; headerCount: number; today: string };

const LIMITS = { name: 100, email: 254, street: 200, city: 100, state: 40, zip: 20, note: 2000 } as const;
const EMPTY = /^(?:-+|n\/?a|none|null)$/i;
const YES = /^(?:yes|y|true|1|x)$/i;
const FLUES: Record<string, FlueWord> = {
  fireplace: "fireplace",
  "open fireplace": "fireplace",
  insert: "insert",
  "fireplace insert": "insert",
  stove: "stove",
  "wood stove": "stove",
  woodstove: "stove",
  "pellet stove": "stove",
  "furnace vent": "furnace-vent",
  furnace: "furnace-vent",
  "furnace flue": "furnace-vent",
  "water heater vent": "furnace-vent",
};
const FUELS: FuelWord[] = ["wood", "gas", "oil", "pellet", "coal"];

export const FLUE_WORDS = "fireplace, insert, stove, furnace vent";
export const FUEL_WORDS = FUELS.join(", ");

const quote = (s: string) => `“${s.length > 60 ? `${s.slice(0, 60)}…` : s}”`;

function cell(cells: readonly string[], index: number): string {
  if (index < 0) return "";
  return (cells[index] ?? "").replace(/\s+/g, " ").trim();
}

/** A cell that may hold several values ("a@x.com, b@y.com"); placeholders such as "n/a" are no value. */
function several(text: string, separators: RegExp): string[] {
  return text
    .split(separators)
    .map((s) => s.trim())
    .filter((s) => s && !EMPTY.test(s));
}

/**
 * An address someone could deliver to: one @, a dotted domain, no spaces or angle brackets, and one the customers'
 * own key (decision 0051) takes, so no e-mail the import counts is dropped when it is stored.
 */
export function plausibleEmail(email: string): boolean {
  return (
    email.length <= LIMITS.email &&
    emailKey(email) !== null &&
    /^[^\s@<>(),;:"\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(
      email,
    ) &&
    !/\.\.|^\.|\.@/.test(email)
  );
}

/** A phone as E.164, or why it is not one. */
export function phoneOf(typed: string): { e164: string } | { reason: string } {
  if (/^\d(?:\.\d+)?E\+\d+$/i.test(typed))
    return {
      reason: `the phone ${quote(typed)} was shortened by a spreadsheet: format the column as text and export again`,
    };
  // The customers' own key (libphonenumber-js, read as a US number unless it says otherwise): the key it is stored by.
  const parsed = phoneKey(typed);
  if (!parsed) {
    const digits = typed.replace(/\D/g, "").length;
    return {
      reason:
        digits === 7
          ? `the phone ${quote(typed)} has no area code`
          : `the phone ${quote(typed)} is not a whole phone number`,
    };
  }
  return { e164: parsed.e164 };
}

/** A day as typed in a spreadsheet (2026-10-14, 10/14/2026, 10/14/26) as YYYY-MM-DD, or null. */
export function dayOf(typed: string): string | null {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(typed);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) {
    [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (us[3]?.length === 2) y += 2000;
  } else return null;
  if (y < 1900 || m < 1 || m > 12 || d < 1) return null;
  // Days in the month by the calendar's own rule (29 February only in a leap year).
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function addressOf(cells: readonly string[], columns: AddressColumns): ImportedAddress | null {
  const street1 = cell(cells, columns.street1);
  const street2 = cell(cells, columns.street2);
  if (!street1 && !street2) return null;
  return {
    street1: street1 || street2,
    street2: street1 ? street2 : "",
    city: cell(cells, columns.city),
    state: cell(cells, columns.state),
    zip: cell(cells, columns.zip),
  };
}

function tooLong(reasons: string[], what: string, value: string, max: number) {
  if (value.length > max) reasons.push(`the ${what} is longer than ${max} characters`);
}

function flueAndFuel(cells: readonly string[], columns: ColumnMap, reasons: string[]) {
  const flueText = cell(cells, columns.flue).toLowerCase();
  const fuelText = cell(cells, columns.fuel).toLowerCase();
  const flue = flueText ? (FLUES[flueText] ?? null) : null;
  if (flueText && !flue) reasons.push(`the flue ${quote(flueText)} is not one of ${FLUE_WORDS}`);
  const fuel = fuelText ? (FUELS.find((f) => f === fuelText) ?? null) : null;
  if (fuelText && !fuel) reasons.push(`the fuel ${quote(fuelText)} is not one of ${FUEL_WORDS}`);
  return { flue, fuel };
}

/** A row as a customer, or refused with every reason it has. */
export function mapRow({ row, cells }: FileRow, context: MapContext): ImportedCustomer | RefusedRow {
  const { columns } = context;
  const reasons: string[] = [];
  if (cells.length !== context.headerCount) {
    reasons.push(
      cells.length < context.headerCount
        ? `it has ${cells.length} of the ${context.headerCount} columns: it may have been cut short`
        : `it has ${cells.length} columns, the header ${context.headerCount}: a comma or quote may be out of place`,
    );
    return { row, reasons };
  }
  const firstName = cell(cells, columns.firstName);
  const lastName = cell(cells, columns.lastName);
  const company = cell(cells, columns.company);
  const joined = [firstName, lastName].filter(Boolean).join(" ");
  const name = cell(cells, columns.displayName) || joined || company;
  for (const [what, value] of [
    ["name", name],
    ["first name", firstName],
    ["last name", lastName],
    ["company", company],
  ] as const)
    tooLong(reasons, what, value, LIMITS.name);

  const emails: string[] = [];
  for (const column of columns.emails)
    for (const email of several(cell(cells, column), /[,;\s]+/)) {
      if (!plausibleEmail(email)) reasons.push(`the e-mail ${quote(email)} is not an e-mail address`);
      else if (!emails.some((e) => e.toLowerCase() === email.toLowerCase())) emails.push(email);
    }

  const phones: ImportedCustomer["phones"] = [];
  for (const { column, label } of columns.phones)
    for (const typed of several(cell(cells, column), /[,;]+/)) {
      const phone = phoneOf(typed);
      if ("reason" in phone) reasons.push(phone.reason);
      else if (!phones.some((p) => p.e164 === phone.e164)) phones.push({ typed, e164: phone.e164, label });
    }

  if (!name && emails.length === 0 && phones.length === 0 && !reasons.length)
    reasons.push("it has no name, e-mail or phone");

  const address = addressOf(cells, columns.service) ?? (columns.billing ? addressOf(cells, columns.billing) : null);
  if (address) {
    tooLong(reasons, "street", `${address.street1} ${address.street2}`.trim(), LIMITS.street);
    tooLong(reasons, "city", address.city, LIMITS.city);
    tooLong(reasons, "state", address.state, LIMITS.state);
    tooLong(reasons, "ZIP code", address.zip, LIMITS.zip);
  }

  const dayText = cell(cells, columns.lastServiceDay);
  const lastServiceDay = dayText ? dayOf(dayText) : null;
  if (dayText && !lastServiceDay) reasons.push(`the last service day ${quote(dayText)} is not a date`);
  else if (lastServiceDay && lastServiceDay > context.today)
    reasons.push(`the last service day ${quote(dayText)} is after today`);
  const { flue, fuel } = flueAndFuel(cells, columns, reasons);
  // A flue's record lives on its house (decision 0051): without a street there is nowhere to keep it.
  if ((flue || lastServiceDay) && !address) reasons.push("a flue or a last service day needs the house’s street");
  else if (lastServiceDay && !flue) reasons.push(`say which flue (${FLUE_WORDS}) was serviced on the last service day`);

  const notes: string[] = [];
  const note = (label: string, value: string) => value && notes.push(`${label}: ${value}`);
  note("Lead source", cell(cells, columns.leadSource));
  note("Tags", cell(cells, columns.tags));
  for (const [index, label] of columns.custom) note(label, cell(cells, index));
  const free = cell(cells, columns.notes);
  if (free) notes.push(free);
  if (YES.test(cell(cells, columns.archived))) notes.push("Archived in Jobber");
  tooLong(reasons, "note", notes.join("\n"), LIMITS.note);

  if (reasons.length) return { row, reasons };
  return {
    row,
    sourceId: cell(cells, columns.sourceId) || null,
    firstName,
    lastName,
    company,
    name,
    emails,
    phones,
    address,
    remindersYes: YES.test(cell(cells, columns.reminders)),
    lastServiceDay,
    flue,
    fuel,
    notes,
  };
}

/** The refusal's line for the owner: "Row 7: the phone “828-1234” has no area code." */
export function refusalLine({ row, reasons }: RefusedRow): string {
  return `Row ${row}: ${reasons.join("; ")}.`;
}
