// One of several processes booking at once against the same database file (booking.test.ts): each makes its
// requests, waits for the same start instant, then books random windows as fast as it can, and prints what it got.
import { openEstimateStore } from "../requests/estimate-store.ts";
import { newLead } from "../store/stored-lead.fixture.ts";
import { instantAt } from "../time/wall-time.ts";
import { createBooking } from "./booking.ts";

const [dataDir, worker, count, startAt, windowsJson] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const clock = instantAt("2026-11-30", "10:00", "America/Chicago");
const store = openEstimateStore({ dataDir, now: () => clock });
const booking = createBooking({
  store,
  now: () => clock,
  siteUrl: "https://www.example.com",
  ownerAddress: () => "owner@example.com",
});
const windows = JSON.parse(windowsJson) as { day: string; starts: string }[];
const tokens = Array.from({ length: Number(count) }, (_, i) => {
  const { id } = store.save(
    newLead({
      idempotencyKey: null,
      email: `w${worker}-${i}@example.com`,
      phone: `(309) ${worker}${String(i).padStart(6, "0")}`,
    }),
  );
  const token = booking.newLink(id);
  booking.place(token, { town: "Normal", served: true, street: `${i} Elm St`, notes: "" });
  return token;
});
while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 1));
const outcomes: Record<string, number> = {};
for (const token of tokens) {
  const choice = windows[Math.floor(Math.random() * windows.length)] as { day: string; starts: string };
  const result = booking.book(token, choice, { key: null });
  const name = result.ok ? "booked" : result.reason;
  outcomes[name] = (outcomes[name] ?? 0) + 1;
}
store.close();
process.stdout.write(JSON.stringify(outcomes));
