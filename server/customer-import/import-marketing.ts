// An import signs nobody up for marketing unless the file says so (issue 65; decision 0053): Jobber's "Receives
// automatic visit reminders?" = yes is the only yes. The one suppression list (decision 0052) is how "not signed up" is
// said: an address the import brings that no customer had is put on it (source "import"), unless its row says yes.
// An address already on the list stays on it whatever the file says: an erased person's hashed entry keeps them off
// when a later import brings them back. Everything the import asks of the list goes through this one gate.

import type { Db } from "../db/database.ts";
import { addressKeys, type AddressKeys, type AddressKind } from "../marketing/address-keys.ts";
import { createSuppressionStore } from "../store/suppressions.ts";

export type { AddressKind };

export type MarketingGate = {
  /**
   * Whether any of these normalised addresses (e-mail keys, E.164 phones) is on the suppression list; entries whose
   * hash is in `ignore` (those the running commit made itself) do not count.
   */
  suppressed(
    addresses: { emails: readonly string[]; phones: readonly string[] },
    ignore?: ReadonlySet<string>,
  ): boolean;
  /** Puts an address on the list as the import's; its hash when this put it there, null when it was already on. */
  keepFrom(kind: AddressKind, normalised: string): string | null;
  /** An undo takes off what its import put on, where the list still says it was the import's. */
  lift(hash: string): void;
};

/**
 * The gate over the one suppression list (server/store/suppressions.ts) and its keyed hashes
 * (server/marketing/address-keys.ts). Taking an entry back is the import's own statement: only an entry whose source
 * is still "import" goes.
 */
export function suppressionGate(db: Db, now: () => Date): MarketingGate {
  const list = createSuppressionStore(db, now);
  let keys: AddressKeys | null = null;
  // The key is made at first use; a dry run of a list with no e-mail or phone never needs it.
  const hash = (kind: AddressKind, normalised: string) => (keys ??= addressKeys(list.secret())).hash(kind, normalised);
  const lift = db.prepare("DELETE FROM suppressions WHERE address_hash = ? AND source = 'import'");
  return {
    suppressed: ({ emails, phones }, ignore) =>
      list.any(
        [...emails.map((e) => hash("email", e)), ...phones.map((p) => hash("phone", p))].filter((h) => !ignore?.has(h)),
      ),
    keepFrom(kind, normalised) {
      const h = hash(kind, normalised);
      return list.add(h, kind, "import") ? h : null;
    },
    lift(h) {
      lift.run(h);
    },
  };
}
