// The owner's devices that get a push for each new request (Web Push), and the server's VAPID key pair. A
// subscription belongs to the passkey that turned it on: removing the passkey removes it (ON DELETE CASCADE), and
// signing out everywhere removes them all. The keys live in the database, so a backup and restore keeps every
// subscription working.
import type Database from "better-sqlite3";
import type { Clock } from "./secrets.ts";

export type PushSubscriptionRow = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  passkey_id: string | null;
  device: string;
  created_at: string;
  last_sent_at: string | null;
};

export type NewPushSubscription = { endpoint: string; p256dh: string; auth: string };

export function openPushStore(db: Database.Database, now: Clock = () => new Date()) {
  const keys = db.prepare<[], { public_key: string; private_key: string }>(
    "SELECT public_key, private_key FROM push_keys WHERE id = 1",
  );
  const insertKeys = db.prepare(
    "INSERT OR IGNORE INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)",
  );
  // One endpoint is one browser on one device: subscribing again replaces its keys and owner.
  const upsert = db.prepare(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, passkey_id, device, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
       passkey_id = excluded.passkey_id, device = excluded.device`,
  );
  const all = db.prepare<[], PushSubscriptionRow>("SELECT * FROM push_subscriptions ORDER BY id");
  const byId = db.prepare<[number], PushSubscriptionRow>("SELECT * FROM push_subscriptions WHERE id = ?");
  const removeById = db.prepare("DELETE FROM push_subscriptions WHERE id = ?");
  const removeAll = db.prepare("DELETE FROM push_subscriptions");
  const sent = db.prepare("UPDATE push_subscriptions SET last_sent_at = ? WHERE id = ?");

  return {
    /** The VAPID key pair, made by `generate` the first time it is asked for. */
    vapidKeys(generate: () => { publicKey: string; privateKey: string }): { publicKey: string; privateKey: string } {
      let row = keys.get();
      if (!row) {
        const made = generate();
        insertKeys.run(made.publicKey, made.privateKey, now().toISOString());
        row = keys.get();
      }
      if (!row) throw new Error("the push keys could not be stored");
      return { publicKey: row.public_key, privateKey: row.private_key };
    },
    add(subscription: NewPushSubscription, passkeyId: string | null, device: string): number {
      upsert.run(
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        passkeyId,
        device.slice(0, 100),
        now().toISOString(),
      );
      return all.all().find((s) => s.endpoint === subscription.endpoint)?.id ?? 0;
    },
    list(): PushSubscriptionRow[] {
      return all.all();
    },
    get(id: number): PushSubscriptionRow | undefined {
      return byId.get(id);
    },
    remove(id: number): boolean {
      return removeById.run(id).changes > 0;
    },
    removeAll(): number {
      return removeAll.run().changes;
    },
    markSent(id: number): void {
      sent.run(now().toISOString(), id);
    },
  };
}

export type PushStore = ReturnType<typeof openPushStore>;
