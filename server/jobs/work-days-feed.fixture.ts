// The owner's feed built from the database in FEED_DATA_DIR at FEED_CLOCK, as GET /calendar/<secret>.ics builds it,
// printed: work-days.test.ts runs this under several TZ values and expects the same bytes each time.
import { createBooking } from "../booking/booking.ts";
import { visitsFeed } from "../calendars/feed.ts";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { addDays } from "../time/wall-time.ts";

const clock = new Date(process.env.FEED_CLOCK ?? "");
const store = openEstimateStore({ dataDir: process.env.FEED_DATA_DIR ?? "", now: () => clock });
const booking = createBooking({ store, now: () => clock, siteUrl: "https://www.example.com" });
const today = booking.today();
const feed = visitsFeed({
  visits: booking.between(today, addDays(today, 400)),
  workDays: booking.workDaysBetween(today, addDays(today, 400)),
  contact: (visit) => {
    const lead = store.get(visit.estimate_id);
    return lead ? { name: lead.name, phone: lead.phone } : null;
  },
  consoleUrl: "https://www.example.com",
});
store.close();
process.stdout.write(feed.body);
