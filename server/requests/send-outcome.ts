// Whether a failed send certainly left the message undelivered, from nodemailer's error: the mail server answered
// with a refusal (a 4xx or 5xx code), or no conversation began (refused or unreachable, no greeting). Anything else (a
// timeout or a dropped connection in the middle) may have come after the server kept the message: a ledger that must
// never send twice (server/marketing/, decision 0052) then marks the send unknown rather than trying it again.

const NEVER_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
]);
const BEFORE_THE_MESSAGE = new Set(["CONNECT_TIMEOUT", "GREETING_TIMEOUT"]);
const REFUSED_BEFORE = new Set(["EAUTH", "EENVELOPE", "EMESSAGE", "EDNS", "ETLS", "EREQUIRETLS"]);

export function certainlyNotDelivered(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { responseCode?: unknown; code?: unknown; originalCode?: unknown; timeoutType?: unknown };
  if (typeof e.responseCode === "number" && e.responseCode >= 400) return true;
  if (typeof e.originalCode === "string" && NEVER_CONNECTED.has(e.originalCode)) return true;
  if (typeof e.code === "string" && (NEVER_CONNECTED.has(e.code) || REFUSED_BEFORE.has(e.code))) return true;
  return typeof e.timeoutType === "string" && BEFORE_THE_MESSAGE.has(e.timeoutType);
}
