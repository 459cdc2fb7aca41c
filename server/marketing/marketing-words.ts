// The marketing e-mails' words (content/marketing-mail.yaml), read from the site's working copy each time an e-mail
// is written or the unsubscribe page is drawn: a change the owner saved in the console counts at once, no restart.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadYaml } from "../../app/content/load.ts";
import { MARKETING_MAIL_FILE, marketingMailFile, type MarketingWords } from "../../app/content/marketing-mail.ts";

export function readMarketingWords(repoDir: string): MarketingWords {
  const source = readFileSync(path.join(repoDir, MARKETING_MAIL_FILE), "utf8");
  return loadYaml(`/${MARKETING_MAIL_FILE}`, source, marketingMailFile);
}
