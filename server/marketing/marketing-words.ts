// The marketing e-mails' words (content/marketing-mail.yaml), read from the site's working copy each time an e-mail
// is written or the unsubscribe page is drawn (parsed again only when the file changed): a change the owner saved in
// the console counts at once, no restart.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadYaml } from "../../app/content/load.ts";
import { MARKETING_MAIL_FILE, marketingMailFile, type MarketingWords } from "../../app/content/marketing-mail.ts";

/** The last file read, by its path, change time and size: a campaign's 2,000 e-mails parse it once, not 2,000 times. */
let last: { key: string; words: MarketingWords } | null = null;

export function readMarketingWords(repoDir: string): MarketingWords {
  const file = path.join(repoDir, MARKETING_MAIL_FILE);
  const { mtimeMs, size } = statSync(file);
  const key = `${file} ${mtimeMs} ${size}`;
  if (last?.key === key) return last.words;
  const words = loadYaml(`/${MARKETING_MAIL_FILE}`, readFileSync(file, "utf8"), marketingMailFile);
  last = { key, words };
  return words;
}
