// An erased person's e-mail stays on the suppression list as its keyed hash (decision 0052): never mailed again, and
// a later import of the same address cannot sign it back up. Used by every erasure: the console's Erase and
// `npm run leads -- --erase` (which opens the store without the server's marketing service).
import { emailKey } from "../customers/contact-keys.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import { addressKeys } from "./address-keys.ts";

/** True when the address is one (and now on the list). */
export function suppressErasedAddress(store: EstimateStore, email: string): boolean {
  const key = emailKey(email);
  if (!key) return false;
  const suppressions = store.marketing.suppressions;
  suppressions.add(addressKeys(suppressions.secret()).hash("email", key), "email", "erasure");
  return true;
}
