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
// Setting up is not what is raced: four processes each making 250 requests (each with its customer) can wait on one
// another longer than the busy timeout, so a setup write that finds the file busy is tried again.
async function settingUp<T>(write: () => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return write();
    } catch (error) {
      if (attempt > 100 || !String((error as { code?: string }).code ?? "").startsWith("SQLITE_BUSY")) throw error;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
    }
  }
}
const tokens: string[] = [];
for (let i = 0; i < Number(count); i++) {
  const { id } = await settingUp(() =>
    store.save(
      newLead({
        idempotencyKey: null,
        email: `w${worker}-${i}@example.com`,
        phone: `(309) ${worker}${String(i).padStart(6, "0")}`,
      }),
    ),
  );
  const token = await settingUp(() => booking.newLink(id));
  await settingUp(() => booking.place(token, { town: "Normal", served: true, street: `${i} Elm St`, notes: "" }));
  tokens.push(token);
}
while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 1));
const outcomes: Record<string, number> = {};
for (const token of tokens) {
  const choice = windows[Math.floor(Math.random() * windows.length)] as { day: string; starts: string };
  // Four processes on one file is this test's own (the site runs one): a BEGIN that waited out the busy timeout
  // while the others wrote is tried again, so what is checked is the booking's rules, never the machine's load.
  const result = await settingUp(() => booking.book(token, choice, { key: null }));
  const name = result.ok ? "booked" : result.reason;
  outcomes[name] = (outcomes[name] ?? 0) + 1;
}
store.close();
process.stdout.write(JSON.stringify(outcomes));
