// Marketing mail's tables (migration 20, decision 0052), one module each: the suppression list and its key, the send
// ledger, the campaigns. The rules that read them are server/marketing/.
import type { Db } from "../db/database.ts";
import { createCampaignStore } from "./campaigns.ts";
import { createMarketingSendStore } from "./marketing-sends.ts";
import type { Clock } from "./secrets.ts";
import { createSuppressionStore } from "./suppressions.ts";

export function createMarketingStores(db: Db, now: Clock) {
  const sends = createMarketingSendStore(db, now);
  return {
    suppressions: createSuppressionStore(db, now),
    sends,
    campaigns: createCampaignStore(db, now, sends),
  };
}

export type MarketingStores = ReturnType<typeof createMarketingStores>;
