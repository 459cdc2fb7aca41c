// `npm run leads` lists the latest estimate requests; `npm run leads -- --csv > leads.csv` exports them.
// Options: --limit N (default 50), --spam (include requests caught by the spam trap).
import { openEstimateStore } from "./estimate-store.js";
import { toCsv } from "./csv.js";

const args = process.argv.slice(2);
const limitIndex = args.indexOf("--limit");
const limit = limitIndex >= 0 ? Number(args[limitIndex + 1]) : 50;
const store = openEstimateStore();
const rows = store.list({ limit, includeSpam: args.includes("--spam") });
store.close();

const COLUMNS = ["id", "received_at", "name", "email", "phone", "service", "city", "message", "spam"];
if (args.includes("--csv")) {
  process.stdout.write(toCsv(COLUMNS, rows));
} else if (rows.length === 0) {
  console.log("No estimate requests yet.");
} else {
  console.log(`${rows.length} latest estimate request(s), newest first:\n`);
  for (const row of rows) {
    console.log(`#${row.id}  ${row.received_at}  ${row.name}  <${row.email}>  ${row.phone}${row.city ? `  (${row.city})` : ""}`);
    console.log(`     ${row.service || "No service selected"}: ${row.message.replace(/\s+/g, " ").slice(0, 100)}`);
  }
}
