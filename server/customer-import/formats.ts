// Which program wrote the file, told by its header row, and where each of our fields is in it. The headers are taken as
// those programs write them (research §2.5): Jobber's client export, Housecall Pro's customer report, and the plain
// template the console offers. Case and spacing in a header do not matter; a column a format may leave out is simply
// absent.

export type ImportFormat = "jobber" | "housecall-pro" | "template";

export const FORMAT_NAMES: Record<ImportFormat, string> = {
  jobber: "Jobber client export",
  "housecall-pro": "Housecall Pro customer report",
  template: "our template",
};

export type PhoneLabel = "main" | "mobile" | "home" | "work" | "other";

export type AddressColumns = { street1: number; street2: number; city: number; state: number; zip: number };

/** Column indexes (-1 when the file has no such column). */
export type ColumnMap = {
  sourceId: number;
  displayName: number;
  firstName: number;
  lastName: number;
  company: number;
  /** Each may hold several addresses separated by commas (Jobber's "E-mails"). */
  emails: number[];
  phones: { column: number; label: PhoneLabel }[];
  service: AddressColumns;
  /** Used when the row has no service street (Jobber's billing address). */
  billing: AddressColumns | null;
  /** Jobber's "Receives automatic visit reminders?": the one column that may say yes to reminders by e-mail. */
  reminders: number;
  archived: number;
  leadSource: number;
  tags: number;
  lastServiceDay: number;
  flue: number;
  fuel: number;
  notes: number;
  /** Custom fields (Jobber's CFT[…], CFS[…], PFT[…]) kept as notes: [index, the field's name]. */
  custom: [number, string][];
};

export type RecognisedFormat = { format: ImportFormat; columns: ColumnMap; headerCount: number };

/** Our template's columns, in order: what the console's download writes and what the import reads. */
export const TEMPLATE_HEADERS = [
  "Customer number",
  "First name",
  "Last name",
  "Company",
  "E-mail",
  "Phone",
  "Other phone",
  "Street",
  "Street line 2",
  "City",
  "State",
  "ZIP",
  "Last service day",
  "Flue",
  "Fuel",
  "Notes",
] as const;

const key = (header: string) => header.trim().replace(/\s+/g, " ").toLowerCase();

function finder(headers: readonly string[]) {
  const keys = headers.map(key);
  const at = (...names: string[]) => {
    for (const name of names) {
      const i = keys.indexOf(key(name));
      if (i !== -1) return i;
    }
    return -1;
  };
  return { keys, at };
}

function jobber(headers: readonly string[]): ColumnMap {
  const { at } = finder(headers);
  const address = (kind: "Service" | "Billing"): AddressColumns => ({
    street1: at(`${kind} Street 1`, `${kind} Street`),
    street2: at(`${kind} Street 2`),
    city: at(`${kind} City`),
    state: at(`${kind} State`, `${kind} Province`),
    zip: at(`${kind} Zip code`, `${kind} Zip`, `${kind} Postal code`),
  });
  const custom: [number, string][] = [];
  headers.forEach((h, i) => {
    const m = /^\s*(?:CFT|CFS|PFT|PFS)\[(.+)\]\s*$/i.exec(h);
    if (m?.[1]) custom.push([i, m[1].trim()]);
  });
  return {
    sourceId: at("J-ID"),
    displayName: at("Display Name"),
    firstName: at("First Name"),
    lastName: at("Last Name"),
    company: at("Company Name"),
    emails: [at("E-mails")],
    phones: [
      { column: at("Main Phone #s"), label: "main" },
      { column: at("Mobile Phone #s"), label: "mobile" },
      { column: at("Home Phone #s"), label: "home" },
      { column: at("Work Phone #s"), label: "work" },
      { column: at("Other Phone #s"), label: "other" },
      { column: at("Text Message Enabled Phone #"), label: "mobile" },
    ],
    service: address("Service"),
    billing: address("Billing"),
    reminders: at("Receives automatic visit reminders?"),
    archived: at("Archived"),
    leadSource: at("Lead Source"),
    tags: at("Tags"),
    lastServiceDay: -1,
    flue: -1,
    fuel: -1,
    notes: -1,
    custom,
  };
}

function housecallPro(headers: readonly string[]): ColumnMap {
  const { at } = finder(headers);
  return {
    // The report has no id column as documented; a file that carries one (an API export) keeps it.
    sourceId: at("Customer ID", "Customer Id", "ID"),
    displayName: at("Customer", "Display Name"),
    firstName: at("First Name"),
    lastName: at("Last Name"),
    company: at("Company"),
    emails: [at("Email"), at("Additional Emails")],
    phones: [
      { column: at("Mobile Phone"), label: "mobile" },
      { column: at("Home Phone"), label: "home" },
      { column: at("Work Phone"), label: "work" },
    ],
    service: {
      street1: at("Street", "Address"),
      street2: at("Street Line 2"),
      city: at("City"),
      state: at("State"),
      zip: at("ZIP", "Zip Code", "Postal Code"),
    },
    billing: null,
    reminders: -1,
    archived: -1,
    leadSource: at("Lead Source"),
    tags: at("Customer Tags", "Tags"),
    lastServiceDay: -1,
    flue: -1,
    fuel: -1,
    notes: at("Notes"),
    custom: [],
  };
}

function template(headers: readonly string[]): ColumnMap {
  const { at } = finder(headers);
  return {
    sourceId: at("Customer number"),
    displayName: -1,
    firstName: at("First name"),
    lastName: at("Last name"),
    company: at("Company"),
    emails: [at("E-mail")],
    phones: [
      { column: at("Phone"), label: "main" },
      { column: at("Other phone"), label: "other" },
    ],
    service: {
      street1: at("Street"),
      street2: at("Street line 2"),
      city: at("City"),
      state: at("State"),
      zip: at("ZIP"),
    },
    billing: null,
    reminders: -1,
    archived: -1,
    leadSource: -1,
    tags: -1,
    lastServiceDay: at("Last service day"),
    flue: at("Flue"),
    fuel: at("Fuel"),
    notes: at("Notes"),
    custom: [],
  };
}

/** A format with no name, e-mail or phone column cannot make a single customer. */
function usable(columns: ColumnMap): boolean {
  return [columns.displayName, columns.firstName, columns.lastName, columns.company, ...columns.emails]
    .concat(columns.phones.map((p) => p.column))
    .some((i) => i !== -1);
}

/** The file's format from its header row, or the reason none fits. */
export function recogniseFormat(headers: readonly string[]): RecognisedFormat | { problem: string } {
  const { keys } = finder(headers);
  const has = (...names: string[]) => names.every((n) => keys.includes(key(n)));
  let found: RecognisedFormat | null = null;
  const headerCount = headers.length;
  if (has("Last service day", "Flue") && (has("First name") || has("Last name") || has("E-mail")))
    found = { format: "template", columns: template(headers), headerCount };
  else if (has("J-ID") || has("Display Name", "E-mails"))
    found = { format: "jobber", columns: jobber(headers), headerCount };
  else if (has("Customer", "First Name", "Last Name") && (has("Email") || has("Mobile Phone") || has("Home Phone")))
    found = { format: "housecall-pro", columns: housecallPro(headers), headerCount };
  if (found && usable(found.columns)) return found;
  const shown = headers
    .filter((h) => h)
    .slice(0, 6)
    .map((h) => `“${h.slice(0, 40)}”`)
    .join(", ");
  return {
    problem:
      "We could not tell which program wrote this file. Its first row should be the column names of a Jobber client " +
      "export (J-ID, Display Name, …), a Housecall Pro customer report (Customer, First Name, …) or our template. " +
      (shown ? `This file’s first row starts ${shown}.` : "This file’s first row is empty."),
  };
}
