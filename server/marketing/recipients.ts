// Who a marketing e-mail goes to, decided when it is claimed (decision 0052): the customer as they are now (a merged
// one speaks through its survivor, which has a send of its own), the newest e-mail of their whole group, and whether
// any of the group's e-mails or phones is on the suppression list: the strictest wins, so a merge or an undo never
// lets an unsubscribed address back in.
import type { AddressKind } from "./address-keys.ts";
import type { MarketingContext } from "./marketing-context.ts";

export type Recipient = {
  customerId: number;
  group: number[];
  name: string;
  /** The e-mail it goes to (its key: lowercased and trimmed). */
  email: string;
  emails: string[];
  phones: string[];
};

/** Why a send does not go; said to the owner on the campaign's screen. */
export type Refusal = "gone" | "merged" | "no e-mail" | "unsubscribed" | "visit booked" | "request open";

export function addressHashes(ctx: MarketingContext, emails: readonly string[], phones: readonly string[]): string[] {
  const hash = (kind: AddressKind) => (key: string) => ctx.keys.hash(kind, key);
  return [...emails.map(hash("email")), ...phones.map(hash("phone"))];
}

/** The customer's contact keys, e-mails newest first. */
export function contactKeys(ctx: MarketingContext, group: readonly number[]) {
  const contacts = ctx.store.customers.contactsOf(group).filter((c) => c.key !== null);
  const keys = (kind: AddressKind) => [...new Set(contacts.filter((c) => c.kind === kind).map((c) => c.key ?? ""))];
  return { emails: keys("email").reverse(), phones: keys("phone") };
}

/** The customer a send is for, or why it must not go to them now. */
export function recipientOf(ctx: MarketingContext, customerId: number): Recipient | { refused: Refusal } {
  const customers = ctx.store.customers;
  const customer = customers.get(customerId);
  if (!customer) return { refused: "gone" };
  if (customers.root(customerId) !== customerId) return { refused: "merged" };
  const group = customers.group(customerId);
  const { emails, phones } = contactKeys(ctx, group);
  const email = emails[0];
  if (!email) return { refused: "no e-mail" };
  if (ctx.stores.suppressions.any(addressHashes(ctx, emails, phones))) return { refused: "unsubscribed" };
  const activity = ctx.activity.of(group, [...emails, ...phones], ctx.now());
  if (activity.futureVisit) return { refused: "visit booked" };
  if (activity.openRequest) return { refused: "request open" };
  return { customerId, group, name: customer.display_name, email, emails, phones };
}
