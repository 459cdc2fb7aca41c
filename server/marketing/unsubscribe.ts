// The one-click unsubscribe (RFC 8058, decision 0052). The link's token is the address's keyed hash with a tag
// (address-keys.ts): a POST puts that hash on the suppression list at once, whoever sends it (a mail provider's
// server, with no cookies and no Origin) and however often; a GET only says what the button will do. No customer is
// looked up, so it works after the person is erased, and for an address no customer has any more.
import type { MarketingContext } from "./marketing-context.ts";

export type UnsubscribeState = "ask" | "done";

export function createUnsubscribe(ctx: MarketingContext) {
  const { suppressions } = ctx.stores;
  return {
    /** What the page shows for a token: the question, or that it is done already; null for a token we never made. */
    view(token: string | undefined): UnsubscribeState | null {
      const hash = ctx.keys.readUnsubscribeToken(token);
      if (hash === null) return null;
      return suppressions.has(hash) ? "done" : "ask";
    },
    /** Honoured at once and idempotent; null for a token we never made. */
    unsubscribe(token: string | undefined): "done" | null {
      const hash = ctx.keys.readUnsubscribeToken(token);
      if (hash === null) return null;
      if (suppressions.add(hash, "email", "unsubscribe")) ctx.log("Marketing: an address unsubscribed.");
      return "done";
    },
  };
}

export type Unsubscribe = ReturnType<typeof createUnsubscribe>;
