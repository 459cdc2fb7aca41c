// What the Node server hands every request (server/app.ts): the estimate store and request facts.
import type { EstimateStore } from "../server/estimate-store.ts";
import type { EstimateGuard } from "../server/security.ts";

declare module "react-router" {
  interface AppLoadContext {
    estimates: EstimateStore;
    /** True when SMTP is configured: new requests are queued for the owner's inbox. */
    notifyOwner: boolean;
    /** Where the owner's e-mails go when not the business address (NOTIFY_EMAIL). */
    notifyTo: string | null;
    clientIp: string | null;
    /** Cross-site and rate-limit guards, run by the endpoint itself so every spelling of its URL is covered. */
    guardEstimate: EstimateGuard;
  }
}

export {};
