// Article dates are calendar days in the business's time zone; render them the same everywhere.
const TIME_ZONE = "America/Chicago";

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: TIME_ZONE });

/** "2025-06-10" -> "June 10, 2025", whatever the server's or browser's own time zone. */
export function formatDate(isoDate: string): string {
  // Noon UTC falls on the same calendar day in Chicago (UTC-5/-6).
  return longDate.format(new Date(`${isoDate}T12:00:00Z`));
}
