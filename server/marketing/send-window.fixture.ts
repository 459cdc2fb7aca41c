// Every quarter hour over the weekends of the 2027 clock changes, Thanksgiving week and the leap day of 2028, with the
// slot marketing mail would take at that moment: printed as JSON for send-window.test.ts, which runs this under
// several TZ values and expects the same answer each time.
import { closedDayName } from "../../app/content/closed-days.ts";
import { sendSlot } from "./send-window.ts";

const CLOSED = [{ name: "Thanksgiving", date: "fourth Thursday of November" }];
const rules = { timeZone: "America/Chicago", closed: (day: string) => closedDayName(day, CLOSED) !== null };
const RANGES = [
  ["2027-03-12T00:00:00Z", "2027-03-17T00:00:00Z"],
  ["2027-11-05T00:00:00Z", "2027-11-10T00:00:00Z"],
  ["2027-11-24T00:00:00Z", "2027-11-27T00:00:00Z"],
  ["2028-02-28T00:00:00Z", "2028-03-02T00:00:00Z"],
] as const;
const rows: [string, string | null][] = [];
for (const [from, to] of RANGES) {
  for (let t = Date.parse(from); t < Date.parse(to); t += 15 * 60_000) {
    rows.push([new Date(t).toISOString(), sendSlot(new Date(t), rules)?.toISOString() ?? null]);
  }
}
process.stdout.write(JSON.stringify(rows));
