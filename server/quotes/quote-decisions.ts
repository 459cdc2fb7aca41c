// Decisions on a sent quote: the homeowner's acceptance, online (or at home on the owner's phone), the owner's record
// of one on paper, and the homeowner's "no" or "changes, please". Each is one transaction: it stores the decision,
// moves the request, stops the follow-ups and queues the mails and the owner's push, or none of it.
import type { AcceptanceRow, QuoteRow, VersionRow } from "../store/quotes.ts";
import { storeMail } from "../requests/stored-mail.ts";
import { canonicalJson, sha256Hex } from "../documents/canonical-json.ts";
import { PAMPHLET_ACK_OVER_CENTS, type QuoteVersion } from "./document.ts";
import { ownerNoticeMail } from "./quote-mail.ts";
import { choiceOf, choiceView, totalsOf } from "./quote-view.ts";
import type { Choice } from "./totals.ts";
import {
  currentVersion,
  moveRequest,
  refuseUnless,
  row,
  stopFollowUps,
  type QuoteContext,
  type Who,
} from "./quote-context.ts";
import { find } from "./quote-link.ts";
import { keepPdfLater } from "./quote-pdfs.ts";
import { ACCEPTED_REFUSAL, QuoteRefusal } from "./quote-refusal.ts";

export type AcceptInput = {
  optionKey: string;
  addonKeys: string[];
  name: string;
  consent: boolean;
  pamphlet: boolean;
  /** The version the page showed: an acceptance of an older one is refused, with the new one shown. */
  version: number;
};

function checkedName(name: string): string {
  const clean = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (clean.length < 2 || clean.length > 120 || !/\p{L}/u.test(clean)) {
    throw new QuoteRefusal(400, "Type your full name, as you would sign it.", "name");
  }
  return clean;
}

/** The one transaction of an acceptance. False when the quote had been accepted already (by this or a twin). */
function acceptTx(
  ctx: QuoteContext,
  q: QuoteRow,
  current: { row: VersionRow; version: QuoteVersion },
  choice: Choice,
  fields: {
    name: string;
    method: AcceptanceRow["method"];
    consentVersion: string | null;
    pamphletAcknowledged: boolean;
    ip: string | null;
    userAgent: string | null;
    linkHash: string | null;
    paperPhoto: string | null;
  },
): boolean {
  const { now, quotes, mail, store, ownerAddress, origin } = ctx;
  const { version } = current;
  const totals = totalsOf(version, choice);
  const at = now().toISOString();
  const optionKey = version.options[choice.option]?.key ?? "";
  const addonKeys = totals.chosenAddons.map((i) => version.addons[i]?.key ?? "");
  const record = canonicalJson({
    quote: version.reference,
    version: version.version,
    versionSha256: current.row.sha256,
    option: optionKey,
    addons: addonKeys,
    totalCents: totals.total,
    depositCents: totals.deposit,
    name: fields.name,
    at,
    method: fields.method,
    consentVersion: fields.consentVersion,
    pamphletVersion: fields.pamphletAcknowledged ? version.pamphlet.version : null,
    pamphletAcknowledged: fields.pamphletAcknowledged,
    ip: fields.ip,
    userAgent: fields.userAgent,
    linkSha256: fields.linkHash,
    paperPhoto: fields.paperPhoto,
  });
  const inserted = quotes.insertAcceptance({
    quote_id: q.id,
    version_id: current.row.id,
    version_sha256: current.row.sha256,
    option_key: optionKey,
    addon_keys: JSON.stringify(addonKeys),
    total_cents: totals.total,
    deposit_cents: totals.deposit,
    name: fields.name,
    method: fields.method,
    consent_version: fields.consentVersion,
    pamphlet_version: fields.pamphletAcknowledged ? version.pamphlet.version : null,
    pamphlet_acknowledged: fields.pamphletAcknowledged ? 1 : 0,
    at,
    ip: fields.ip,
    user_agent: fields.userAgent,
    link_hash: fields.linkHash,
    paper_photo: fields.paperPhoto,
    record,
    record_sha256: sha256Hex(record),
  });
  if (!inserted) return false;
  if (!quotes.markAccepted(q.id)) throw new Error("the quote changed while it was being accepted");
  moveRequest(ctx, q, "won", fields.ip, `quote ${q.reference} accepted`);
  stopFollowUps(ctx, q);
  if (mail && q.estimate_id !== null) {
    if (version.customer.email) {
      store.enqueue(q.estimate_id, "quote-accepted", version.customer.email, { key: `quote-accepted:${q.id}` });
    }
    const owner = ownerAddress();
    if (owner && fields.method !== "paper") {
      const notice = ownerNoticeMail(
        version,
        { kind: "accepted", choice, name: fields.name, at, method: fields.method },
        `${origin}/owner/quotes/${q.id}`,
      );
      store.enqueue(q.estimate_id, "quote-owner", owner, {
        key: `quote-accepted-owner:${q.id}`,
        message: storeMail(notice),
      });
    }
  }
  quotes.addEvent(
    q.id,
    version.version,
    "accepted",
    `${choiceView(version, choice).total}${fields.method === "paper" ? " (recorded by you)" : ""}`,
    fields.method !== "paper",
  );
  return true;
}

/** The owner records an acceptance given in person or on paper (with a photo of it), also after expiry. */
export function recordAcceptance(
  ctx: QuoteContext,
  quoteId: number,
  input: {
    optionKey: string;
    addonKeys: string[];
    name: string;
    atHome: boolean;
    /** They signed the pamphlet's acknowledgment (on paper, for work over $1,000). */
    pamphlet: boolean;
    paperPhoto: string | null;
  },
  who: Who,
) {
  const q = row(ctx, quoteId);
  refuseUnless(ctx, q, "recordAcceptance");
  const current = currentVersion(ctx, q);
  if (!current) throw new QuoteRefusal(409, "This quote has not been sent yet.");
  const choice = choiceOf(current.version, input.optionKey, input.addonKeys);
  if (!choice) throw new QuoteRefusal(400, "Choose the option they accepted.");
  const name = checkedName(input.name);
  const done = ctx.db
    .transaction(() =>
      acceptTx(ctx, q, current, choice, {
        name,
        method: input.atHome ? "in-home" : "paper",
        consentVersion: null,
        pamphletAcknowledged: input.pamphlet,
        ip: who.ip,
        userAgent: who.userAgent,
        linkHash: null,
        paperPhoto: input.paperPhoto,
      }),
    )
    .immediate();
  if (!done) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
  if (!ctx.mail) keepPdfLater(ctx, q.id, current.version.version, "accepted");
  ctx.flushPushes();
}

/**
 * The checks and the one transaction of a homeowner's acceptance. Returns what to do once it is committed (the
 * push, a PDF without mail): `accept` commits it alone, `acceptSoon` with the others that arrived meanwhile.
 */
function acceptWork(
  ctx: QuoteContext,
  token: string | undefined,
  input: AcceptInput,
  who: Who & { inHome: boolean },
): () => void {
  const { db, mail, flushPushes } = ctx;
  const nothing = () => {};
  const found = find(ctx, token);
  if (!found) throw new QuoteRefusal(404, "");
  const { quote: q, status, current } = found;
  if (status === "accepted") return nothing;
  if (status === "declined") throw new QuoteRefusal(409, "You declined this quote. Call us if you changed your mind.");
  if (status === "expired") throw new QuoteRefusal(410, "This quote has expired. Call us for a new one.");
  if (input.version !== current.version.version) {
    throw new QuoteRefusal(409, "This quote was updated since you opened it. Read the new version, then accept it.");
  }
  const choice = choiceOf(current.version, input.optionKey, input.addonKeys);
  if (!choice) throw new QuoteRefusal(400, "Choose one of the options.", "option");
  const name = checkedName(input.name);
  if (!input.consent) {
    throw new QuoteRefusal(
      400,
      "Tick the consent to electronic records, or call us for a paper copy to sign.",
      "consent",
    );
  }
  const needsAck = totalsOf(current.version, choice).total > PAMPHLET_ACK_OVER_CENTS;
  if (needsAck && !input.pamphlet) {
    throw new QuoteRefusal(400, "Tick that you received the consumer rights pamphlet (work over $1,000).", "pamphlet");
  }
  const done = db
    .transaction(() =>
      acceptTx(ctx, q, current, choice, {
        name,
        method: who.inHome ? "in-home" : "online",
        consentVersion: current.version.consent.version,
        pamphletAcknowledged: needsAck,
        ip: who.ip,
        userAgent: who.userAgent?.slice(0, 400) ?? null,
        linkHash: found.linkHash,
        paperPhoto: null,
      }),
    )
    .immediate();
  if (!done) return nothing;
  return () => {
    // With e-mail, the homeowner's copy makes the accepted PDF when it is composed.
    if (!mail) keepPdfLater(ctx, q.id, current.version.version, "accepted");
    flushPushes();
  };
}

/** The homeowner accepts: checks, then the one transaction. "accepted" also for a repeat of the same form. */
export function accept(
  ctx: QuoteContext,
  token: string | undefined,
  input: AcceptInput,
  who: Who & { inHome: boolean },
): "accepted" {
  acceptWork(ctx, token, input, who)();
  return "accepted";
}

type Waiting = { work: () => () => void; resolve: (after: () => void) => void; reject: (error: unknown) => void };

/**
 * `accept`, committed together with the acceptances that arrive in the same turn of the event loop: one
 * transaction, each acceptance in its own savepoint (a refusal undoes only its own), one write to disk for all of
 * them. Answered only once committed. 20 homeowners at once wait for one fsync, not for 20 in a row.
 */
export function acceptanceBatcher(ctx: QuoteContext) {
  const { db } = ctx;
  let waiting: Waiting[] = [];

  function acceptSoon(
    token: string | undefined,
    input: AcceptInput,
    who: Who & { inHome: boolean },
  ): Promise<"accepted"> {
    return new Promise<() => void>((resolve, reject) => {
      waiting.push({ work: () => acceptWork(ctx, token, input, who), resolve, reject });
      if (waiting.length === 1) setImmediate(commitWaiting);
    }).then((after) => {
      after();
      return "accepted" as const;
    });
  }

  function commitWaiting() {
    const batch = waiting;
    waiting = [];
    const outcomes: ({ after: () => void } | { error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const item of batch) {
          try {
            outcomes.push({ after: db.transaction(item.work)() });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      }).immediate();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome && "after" in outcome) item.resolve(outcome.after);
      else item.reject(outcome?.error);
    });
  }

  return acceptSoon;
}

/** The homeowner declines (with a reason) or asks for changes: stops the follow-ups and tells the owner. */
export function answer(ctx: QuoteContext, token: string | undefined, kind: "declined" | "changes", note: string): void {
  const { db, quotes, ownerAddress, mail, store, origin, flushPushes } = ctx;
  const found = find(ctx, token);
  if (!found) throw new QuoteRefusal(404, "");
  const { quote: q, status, current } = found;
  if (status === "accepted") throw new QuoteRefusal(409, "You accepted this quote already.");
  if (status === "expired") throw new QuoteRefusal(410, "This quote has expired. Call us for a new one.");
  if (status === "declined") return;
  const text = note
    .replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === "\n" ? c : " "))
    .trim()
    .slice(0, 2000);
  if (kind === "changes" && !text) throw new QuoteRefusal(400, "Tell us what to change.", "changes");
  const changed = db
    .transaction(() => {
      if (!quotes.decide(q.id, kind === "declined" ? "declined" : "changes_requested", text)) return false;
      stopFollowUps(ctx, q);
      const owner = ownerAddress();
      if (mail && owner && q.estimate_id !== null) {
        const notice = ownerNoticeMail(current.version, { kind, note: text }, `${origin}/owner/quotes/${q.id}`);
        const n = quotes.events(q.id).length;
        store.enqueue(q.estimate_id, "quote-owner", owner, {
          key: `quote-${kind}-owner:${q.id}:${n}`,
          message: storeMail(notice),
        });
      }
      quotes.addEvent(
        q.id,
        current.version.version,
        kind === "declined" ? "declined" : "changes requested",
        text,
        true,
      );
      return true;
    })
    .immediate();
  if (changed) flushPushes();
}
