// Run by business-day.test.ts under several TZ values (not a test itself): at 7:30 pm Central on Tuesday 24 November
// 2026 (01:30 UTC on the 25th) a request arrives, a quote is sent and accepted with the pamphlet, and a visit is
// booked; prints every e-mail and the accepted PDF as text, as JSON, for the test to read every date in.
import { createBooking } from "../booking/booking.ts";
import { quoteFixture } from "../quotes/quote.fixture.ts";
import { confirmation, ownerAlert, reminder, type Mail } from "../requests/lead-mail.ts";
import { readStoredMail } from "../requests/stored-mail.ts";
import { pdfText } from "../../tests/support/pdf-text.ts";

const evening = new Date("2026-11-25T01:30:00Z");
const f = quoteFixture({ start: evening });
const now = () => f.clock.at;
const booking = createBooking({
  store: f.store,
  now,
  siteUrl: "https://chimney.example",
  ownerAddress: () => "owner@example.com",
});

const shown: { name: string; text: string }[] = [];
const show = (name: string, mail: Mail) => {
  shown.push({ name: `${name} (subject)`, text: mail.subject }, { name, text: `${mail.text}\n${mail.html}` });
  for (const a of mail.attachments ?? []) {
    if (a.contentType === "application/pdf" && Buffer.isBuffer(a.content))
      shown.push({ name: `${name}: ${a.filename}`, text: pdfText(a.content) });
  }
};


const composers: Record<string, (item: never, stored: Mail | null) => unknown> = {
  ...f.quotes.composers,
  ...booking.composers,
};
const drained = new Set<string>();
/** Every e-mail queued so far, composed as the outbox would send it now. */
async function drain() {
  for (const item of f.store.outbox()) {
    if (drained.has(item.dedupe)) continue;
    drained.add(item.dedupe);
    const stored = item.message ? readStoredMail(item.message) : null;
    const compose = composers[item.kind];
    const mail = compose ? await compose(item as never, stored) : stored;
    if (mail && typeof mail === "object") show(item.dedupe, mail as Mail);
  }
}

const { estimateId, quoteId } = f.draft([["crown-rebuild"]]);
f.quotes.send(quoteId, { ip: null, userAgent: null });
await drain();
f.quotes.accept(
  f.link(quoteId),
  { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
  { ip: "203.0.113.9", userAgent: "Mobile Safari", inHome: false },
);
const token = booking.newLink(estimateId);
booking.place(token, { town: "Normal", served: true, street: "12 Elm St", notes: "" });
const booked = booking.book(token, { day: "2026-12-01", starts: "08:00" }, { key: "evening" });
if (!booked.ok) throw new Error(`not booked: ${booked.reason}`);
await drain();

const lead = f.store.get(estimateId);
if (!lead) throw new Error("no request");
show("owner's alert", ownerAlert(lead));
show("confirmation", confirmation(lead, { siteUrl: "https://chimney.example", now: now() }));
show("owner's reminder", reminder(lead, { siteUrl: "https://chimney.example", now: now() }));
const accepted = await f.quotes.pdfForOwner(quoteId, 1);
shown.push({ name: `accepted PDF ${accepted.name}`, text: pdfText(accepted.pdf) });

f.close();
process.stdout.write(JSON.stringify(shown));
