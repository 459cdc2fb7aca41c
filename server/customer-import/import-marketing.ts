// An import signs nobody up for marketing unless the file says so (issue 65; decision 0053): Jobber's "Receives
// automatic visit reminders?" = yes is the only yes. The one suppression list (decision 0052) is how "not signed up" is
// said: an address the import brings that no customer had is put on it (source "import"), unless its row says yes.
// An address already on the list stays on it whatever the file says: an erased person's hashed entry keeps them off
// when a later import brings them back. Everything the import asks of the list goes through this one gate.

export type AddressKind = "email" | "phone";

export type MarketingGate = {
  /** Whether any of these normalised addresses (e-mail keys, E.164 phones) is on the suppression list. */
  suppressed(addresses: { emails: readonly string[]; phones: readonly string[] }): boolean;
  /** Puts an address on the list as the import's; its hash when this put it there, null when it was already on. */
  keepFrom(kind: AddressKind, normalised: string): string | null;
  /** An undo takes off what its import put on, where the list still says it was the import's. */
  lift(hash: string): void;
};
