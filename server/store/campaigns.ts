// The owner's campaigns (migration 20, decision 0052): each is the owner's choice of who, the subject it went with,
// and its recipients written into the send ledger in the same transaction, one row each under the key
// "campaign:<id>:<customer>". The Send form carries a one-time key (press_key): a second press of the same form finds
// the campaign it made and queues nothing.
import type { Db } from "../db/database.ts";
import type { MarketingSendStore } from "./marketing-sends.ts";
import type { Clock } from "./secrets.ts";

export type CampaignRow = {
  id: number;
  press_key: string;
  audience: string;
  subject: string;
  queued_at: string;
  recipients: number;
};

export type CampaignRecipient = { customerId: number; propertyId: number | null };

export function createCampaignStore(db: Db, now: Clock, sends: MarketingSendStore) {
  const byPressStmt = db.prepare<[string], CampaignRow>("SELECT * FROM campaigns WHERE press_key = ?");
  const insertStmt = db.prepare(
    `INSERT INTO campaigns (press_key, audience, subject, queued_at, recipients) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (press_key) DO NOTHING`,
  );
  const countStmt = db.prepare("UPDATE campaigns SET recipients = ? WHERE id = ?");
  const getStmt = db.prepare<[number], CampaignRow>("SELECT * FROM campaigns WHERE id = ?");
  const listStmt = db.prepare<[number], CampaignRow>("SELECT * FROM campaigns ORDER BY id DESC LIMIT ?");

  const createTx = db.transaction(
    (pressKey: string, audience: string, subject: string, recipients: readonly CampaignRecipient[]) => {
      const at = now();
      const inserted = insertStmt.run(pressKey, audience, subject, at.toISOString());
      const campaign = byPressStmt.get(pressKey);
      if (!campaign) throw new Error("the campaign could not be stored");
      if (inserted.changes === 0) return { campaign, created: false };
      let queued = 0;
      for (const r of recipients) {
        const key = `campaign:${campaign.id}:${r.customerId}`;
        if (sends.queue({ key, purpose: "campaign", campaignId: campaign.id, ...r, at })) queued += 1;
      }
      countStmt.run(queued, campaign.id);
      return { campaign: { ...campaign, recipients: queued }, created: true };
    },
  );

  return {
    /** The campaign a Send form's key made, if it was pressed before. */
    byPress(pressKey: string): CampaignRow | undefined {
      return byPressStmt.get(pressKey);
    },
    /** The campaign and its ledger rows in one transaction; `created` false when this key made one before. */
    create(pressKey: string, audience: string, subject: string, recipients: readonly CampaignRecipient[]) {
      return createTx.immediate(pressKey, audience, subject, recipients);
    },
    get(id: number): CampaignRow | undefined {
      return getStmt.get(id);
    },
    latest(limit = 20): CampaignRow[] {
      return listStmt.all(limit);
    },
  };
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;
