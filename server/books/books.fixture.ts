// Run under a TZ (books.test.ts): the figures of October and November 2026 and March 2027, as JSON on stdout.
import { buildBooks, monthFigures } from "./books.ts";
import { input } from "./books.fixture-data.ts";

const books = buildBooks(input);
const figures = ["2026-10", "2026-11", "2027-03"].map((m) => {
  const f = monthFigures(books, m);
  return { month: m, paid: f.paidCents, days: f.payments.map((p) => p.day) };
});
process.stdout.write(JSON.stringify(figures));
