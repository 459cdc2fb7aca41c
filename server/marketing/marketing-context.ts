// What every step of marketing mail reads (decision 0052), put together once by marketing.ts: the store, the keyed
// hashes, the clock, the owner's settings and words (read fresh each time: a saved change counts at once), the send
// window and the site's address for links.
import type { MarketingWords } from "../../app/content/marketing-mail.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { DueSettings } from "../store/flue-dues.ts";
import { createCustomerActivity, type CustomerActivity } from "../store/customer-activity.ts";
import { addressKeys, type AddressKeys } from "./address-keys.ts";
import type { MarketingFacts } from "./marketing-mail.ts";
import type { SendRules } from "./send-window.ts";

export type MarketingSettings = {
  /** A homeowner's reminder goes this many weeks before a chimney of theirs is due. */
  reminderWeeks: number;
  /** A second, last reminder on the due day itself. */
  secondReminder: boolean;
};

export type MarketingOptions = {
  store: EstimateStore;
  now: () => Date;
  /** The public origin the links point at (SITE_URL). */
  siteUrl: string;
  /** MAIL_FROM: a mailbox somebody reads also takes "unsubscribe" e-mails (List-Unsubscribe's mailto). */
  mailFrom: string;
  words: () => MarketingWords;
  /** The business's name, phone, e-mail and postal address, as the foot of the e-mails prints them. */
  facts: () => MarketingFacts;
  settings: () => MarketingSettings;
  /** How the flues' due days are counted (the owner's cadences). */
  dueSettings: () => DueSettings;
  sendRules: () => SendRules;
  /** The shortest time between two marketing sends, in ms (MARKETING_SEND_INTERVAL_MS). */
  paceMs?: number;
  log?: (message: string) => void;
  warn?: (message: string) => void;
};

export type MarketingContext = Required<Omit<MarketingOptions, "siteUrl">> & {
  siteUrl: string;
  keys: AddressKeys;
  activity: CustomerActivity;
  stores: EstimateStore["marketing"];
  /** The site's address for a path, with no trailing slash doubled. */
  url: (path: string) => string;
};

export function marketingContext(options: MarketingOptions): MarketingContext {
  const origin = options.siteUrl.replace(/\/+$/, "");
  return {
    paceMs: 2000,
    log: console.log,
    warn: console.error,
    ...options,
    siteUrl: origin,
    keys: addressKeys(options.store.marketing.suppressions.secret()),
    activity: createCustomerActivity(options.store.db),
    stores: options.store.marketing,
    url: (path) => `${origin}${path}`,
  };
}
