// `npm run check:launch`: lists everything that must change before the site goes live, with file and field,
// and exits 1 while anything remains. Reads the business facts, the testimonials, the environment and .env.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { business, BUSINESS_FILE } from "../app/content/business";
import { loadYaml } from "../app/content/load";
import { testimonialsFile } from "../app/content/schema";
import { QUOTE_TERMS_FILE, quoteTermsFile, unconfirmedQuoteTexts } from "../app/content/quote-words";
import { MARKETING_MAIL_FILE, marketingMailFile, unconfirmedMarketingTexts } from "../app/content/marketing-mail";
import { findLaunchBlockers, findLaunchNotices } from "./launch-blockers";
import { publishingProblem } from "../server/publishing/publishing-problem";

// Read the file directly: app/content/testimonials.ts imports it the Vite way (?raw), which tsx cannot.
const TESTIMONIALS = "content/testimonials.yaml";
const testimonials = loadYaml(`/${TESTIMONIALS}`, readFileSync(TESTIMONIALS, "utf8"), testimonialsFile);
const quoteTerms = loadYaml(`/${QUOTE_TERMS_FILE}`, readFileSync(QUOTE_TERMS_FILE, "utf8"), quoteTermsFile);
const marketingMail = loadYaml(`/${MARKETING_MAIL_FILE}`, readFileSync(MARKETING_MAIL_FILE, "utf8"), marketingMailFile);

/** The real environment wins over .env, as in vite.config.ts and the server. */
function environment(): Record<string, string | undefined> {
  const fromFile = existsSync(".env") ? parseEnv(readFileSync(".env", "utf8")) : {};
  return { ...fromFile, ...process.env };
}

const env = environment();
// As the server decides at start (server/start.ts): publishing is on for a git working copy without BUILD_DIR. Tried
// for real as the user running this, so on the server run it as the site's user (sudo -u <user> npm run …).
const repoDir = path.resolve(env.SITE_REPO?.trim() || ".");
const publishes = !env.BUILD_DIR?.trim() && existsSync(path.join(repoDir, ".git"));

const blockers = findLaunchBlockers({
  business,
  testimonials,
  env,
  files: { business: BUSINESS_FILE, testimonials: TESTIMONIALS },
  quoteTerms: { file: QUOTE_TERMS_FILE, unconfirmed: unconfirmedQuoteTexts(quoteTerms) },
  marketingMail: { file: MARKETING_MAIL_FILE, unconfirmed: unconfirmedMarketingTexts(marketingMail) },
  publishing: publishes ? { repoDir, problem: publishingProblem(repoDir) } : undefined,
});

// Notices first: what the site can go live without, said so the owner chooses it.
const notices = findLaunchNotices(env);
if (notices.length > 0) {
  console.log("Notice (not a blocker):");
  for (const n of notices) console.log(`  ${n.file}: ${n.field}: ${n.problem}`);
  console.log("");
}

if (blockers.length === 0) {
  console.log("Ready to launch: nothing left on the list.");
} else {
  console.log(`Not ready to launch: ${blockers.length} thing${blockers.length === 1 ? "" : "s"} to change first.\n`);
  for (const file of new Set(blockers.map((b) => b.file))) {
    console.log(file);
    for (const b of blockers.filter((x) => x.file === file)) console.log(`  ${b.field}: ${b.problem}`);
  }
  process.exitCode = 1;
}
