// Deposits paid on the site (decision 0040), against the built server with a local mail server and a loopback
// stand-in for Stripe (tests/support/stripe-stand-in.ts): the homeowner's Pay is a 303 to the checkout, a second Pay
// reuses it, a forged amount changes nothing; Stripe's signed events, delivered 50 times at once or out of order,
// give one payment and one receipt in the right state; a bad, foreign or stale signature is a 400 that records
// nothing; a bank payment that fails leaves the deposit owed and both sides told; the return before the event says
// "confirming"; 100 GETs of the mails' links change nothing; without Stripe's settings there is no Pay button.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { dollarsInput, formatCents } from "../../server/quotes/money.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { acceptOnline, homeownerPost } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import type { RunningServer } from "./harness";
import { startPaymentServers } from "./payment-servers";
import type { startSmtp } from "./smtp";
import { mailInbox, outboxSettled } from "../support/mail-inbox.ts";

const WEBHOOK_SECRET = "whsec_test_payments";

let server: RunningServer;
let bare: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stripe: StripeStandIn;

function withStore<T>(work: (store: EstimateStore) => T, dir = server.dataDir): T {
  return withStoreAt(dir, work);
}

const snapshot = () => JSON.stringify(withStore(tableRows));

/**
 * The tables a Pay or an event could write, for a server just started (whose own start-up writes, such as its keys,
 * may land meanwhile).
 */
const PAYMENT_TABLES = new Set([
  "checkout_sessions",
  "online_payments",
  "provider_events",
  "quote_payments",
  "quote_events",
  "quotes",
  "outbox",
]);
const paymentTables = (on: RunningServer) =>
  JSON.stringify(withStore(tableRows, on.dataDir).filter(([name]) => PAYMENT_TABLES.has(name)));

type Accepted = { link: string; token: string; quoteId: number; cents: number; email: string };

/** A quote sent (as the console sends one) and accepted by the homeowner over HTTP. */
async function acceptedQuote(on: RunningServer = server): Promise<Accepted> {
  const { token, quoteId, estimateId } = seedQuote(on.dataDir);
  const link = `${on.url}/quote/${token}`;
  expect((await acceptOnline(link)).status).toBe(303);
  const { cents, email } = withStore(
    (s) => ({
      cents: s.quotes.acceptance(quoteId)?.deposit_cents ?? 0,
      email: s.get(estimateId)?.email ?? "",
    }),
    on.dataDir,
  );
  expect(cents).toBeGreaterThan(0);
  return { link, token, quoteId, cents, email };
}

/** Pay: the 303's Location, and the stand-in's session it names. */
async function pay(q: Accepted, fields: Record<string, string> = {}) {
  const response = await homeownerPost(q.link, { intent: "pay", ...fields });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  const session = stripe.sessions.get(location.split("/").pop() ?? "");
  if (!session) throw new Error(`no session at ${location}`);
  return { location, session };
}

const onlinePayments = (quoteId: number) =>
  withStore((s) => s.db.prepare("SELECT * FROM online_payments WHERE quote_id = ?").all(quoteId)) as {
    state: string;
    cents: number;
    method: string;
  }[];

const { mailsTo, mailTo, parsed } = mailInbox(() => smtp);

const settled = () => outboxSettled((work) => withStore(work));

const pageText = async (url: string) => (await fetch(url)).text();

let servers: Awaited<ReturnType<typeof startPaymentServers>>;
beforeAll(async () => {
  servers = await startPaymentServers("payments", WEBHOOK_SECRET);
  ({ server, bare, smtp, stripe } = servers);
}, 90_000);

afterAll(async () => {
  await servers?.stop();
});

describe("the homeowner pays the deposit by card", () => {
  let q: Accepted;
  let first: Awaited<ReturnType<typeof pay>>;

  it("sees a Pay button for the acceptance's deposit on a page with no script, and the acceptance mail links to it", async () => {
    q = await acceptedQuote();
    const html = await pageText(q.link);
    expect(html).toContain(`Pay the ${formatCents(q.cents)} deposit`);
    expect(html).not.toMatch(/<script/i);
    const copy = await mailTo(q.email, /^You accepted quote/);
    expect(copy.text).toMatch(new RegExp(`Pay the \\${formatCents(q.cents)} deposit online: http://\\S+/quote/\\S+`));
  });

  it("goes to the checkout with a 303: the acceptance's amount, card and bank, back to the quote page", async () => {
    first = await pay(q);
    expect(first.location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const made = stripe.created.at(-1);
    expect(made?.key).toMatch(/^deposit:\d+:0:\d+$/);
    expect(made?.body.get("mode")).toBe("payment");
    expect(made?.body.get("line_items[0][price_data][unit_amount]")).toBe(String(q.cents));
    expect(first.session.allowed_payment_method_types).toEqual(["card", "us_bank_account"]);
    // Back to the page on the site's public origin (SITE_URL; the default one here).
    expect(first.session.success_url).toMatch(new RegExp(`^http://[^/]+/quote/${q.token}\\?paid=1$`));
    expect(first.session.cancel_url).toMatch(new RegExp(`^http://[^/]+/quote/${q.token}$`));
  });

  it("reuses the open session on a second Pay, and ignores a forged amount", async () => {
    const before = stripe.created.length;
    const again = await pay(q, { amount: "1", cents: "1", unit_amount: "1" });
    expect(again.location).toBe(first.location);
    expect(stripe.created.length).toBe(before);
    const sessions = withStore((s) =>
      s.db.prepare("SELECT cents, state FROM checkout_sessions WHERE quote_id = ?").all(q.quoteId),
    );
    expect(sessions).toEqual([{ cents: q.cents, state: "open" }]);
  });

  it("refuses a Pay posted from another site, and makes no session", async () => {
    const before = stripe.created.length;
    const response = await homeownerPost(
      q.link,
      { intent: "pay" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect(stripe.created.length).toBe(before);
  });

  it("says 'confirming' on the return before Stripe's event, and records nothing from it", async () => {
    const html = await pageText(`${q.link}?paid=1`);
    expect(html).toContain("Payment received, confirming…");
    expect(html).not.toContain("Pay the ");
    expect(onlinePayments(q.quoteId)).toEqual([]);
  });

  it("records one payment and sends one receipt for 50 identical deliveries at once, and more events for it", async () => {
    const event = stripe.event("checkout.session.completed", stripe.completed(first.session, "paid"));
    const answers = await Promise.all(Array.from({ length: 50 }, () => stripe.deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    // The same payment told again under other event ids (Stripe's retries of another type, a second endpoint).
    for (let i = 0; i < 5; i++) {
      const other = stripe.event("checkout.session.completed", stripe.completed(first.session, "paid"));
      expect((await stripe.deliver(other)).status).toBe(200);
    }
    expect(onlinePayments(q.quoteId)).toMatchObject([{ state: "paid", cents: q.cents, method: "card" }]);
    expect(withStore((s) => s.db.prepare("SELECT count(*) AS n FROM provider_events").get())).toEqual({ n: 6 });
    await mailTo(q.email, /^Receipt: deposit/);
    await mailTo("owner@example.com", /^Deposit paid/);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsTo(q.email, /^Receipt: deposit/)).toHaveLength(1);
    expect(await mailsTo("owner@example.com", /^Deposit paid/)).toHaveLength(1);
  });

  it("shows the deposit paid on the business's day, with no Pay button, to the homeowner and the owner", async () => {
    const html = await pageText(`${q.link}?paid=1`);
    expect(html).toMatch(new RegExp(`Deposit of \\${formatCents(q.cents)} paid on [A-Z][a-z]{2} \\d{1,2}, \\d{4}`));
    expect(html).not.toContain("Pay the ");
    const again = await homeownerPost(q.link, { intent: "pay" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("There is no deposit to pay here now.");
    const { token } = withStore((s) =>
      createOwnerConsole({ db: s.db }).sessions.create({ ip: "127.0.0.1", userAgent: "test", passkeyId: null }),
    );
    const console = await (
      await fetch(`${server.url}/owner/quotes/${q.quoteId}`, { headers: { Cookie: `owner=${token}` } })
    ).text();
    expect(console).toContain(`${formatCents(q.cents)} by card on the site: <strong>paid</strong>`);
  });

  it("tells the owner of a refund and a dispute made in Stripe", async () => {
    const pi = `pi_${first.session.id.slice(3)}`;
    const charge = { id: "ch_test_1", object: "charge", payment_intent: pi, amount: q.cents, amount_refunded: q.cents };
    expect((await stripe.deliver(stripe.event("charge.refunded", charge))).status).toBe(200);
    const dispute = { id: "dp_test_1", object: "dispute", payment_intent: pi, amount: q.cents, charge: "ch_test_1" };
    expect((await stripe.deliver(stripe.event("charge.dispute.created", dispute))).status).toBe(200);
    expect(onlinePayments(q.quoteId)).toMatchObject([{ state: "refunded" }]);
    const kinds = withStore((s) => s.quotes.events(q.quoteId).map((e) => e.kind));
    expect(kinds).toEqual(expect.arrayContaining(["deposit paid", "deposit refunded", "deposit disputed"]));
    await mailTo("owner@example.com", /^Refunded/);
    await mailTo("owner@example.com", /^Payment disputed/);
  });
});

describe("Pay tapped many times", () => {
  it("gives one session for five taps at once, and a new one once Stripe says it expired", async () => {
    const q = await acceptedQuote();
    const taps = await Promise.all(Array.from({ length: 5 }, () => homeownerPost(q.link, { intent: "pay" })));
    const locations = new Set(taps.map((t) => `${t.status} ${t.headers.get("location")}`));
    expect(locations.size).toBe(1);
    const sessions = () =>
      withStore((s) =>
        s.db
          .prepare("SELECT provider_session_id AS id, state FROM checkout_sessions WHERE quote_id = ?")
          .all(q.quoteId),
      ) as { id: string; state: string }[];
    expect(sessions()).toHaveLength(1);
    const [first] = sessions();
    const session = stripe.sessions.get(first?.id ?? "");
    if (!session) throw new Error("no session");
    const expired = stripe.event("checkout.session.expired", { ...session, status: "expired" });
    expect((await stripe.deliver(expired)).status).toBe(200);
    expect(sessions()).toEqual([{ id: session.id, state: "expired" }]);
    const again = await pay(q);
    expect(again.session.id).not.toBe(session.id);
    expect(stripe.created.at(-1)?.key).toMatch(/^deposit:\d+:1:\d+$/);
  });
});

describe("Stripe's events, in any order", () => {
  it("keeps a payment paid when 'succeeded' comes before a late 'completed, unpaid'", async () => {
    const q = await acceptedQuote();
    const { session } = await pay(q);
    const done = stripe.completed(session, "paid");
    expect((await stripe.deliver(stripe.event("checkout.session.async_payment_succeeded", done))).status).toBe(200);
    const late = stripe.completed(session, "unpaid");
    expect((await stripe.deliver(stripe.event("checkout.session.completed", late))).status).toBe(200);
    expect(onlinePayments(q.quoteId)).toMatchObject([{ state: "paid", method: "bank" }]);
    await mailTo(q.email, /^Receipt: deposit/);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(q.email, /^Receipt: deposit/)).toHaveLength(1);
  });

  it("records nothing for an amount other than the one asked, and tells the owner", async () => {
    const q = await acceptedQuote();
    const { session } = await pay(q);
    const wrong = stripe.completed(session, "paid", { amount_total: q.cents - 100 });
    expect((await stripe.deliver(stripe.event("checkout.session.completed", wrong))).status).toBe(200);
    expect(onlinePayments(q.quoteId)).toEqual([]);
    expect(withStore((s) => s.quotes.events(q.quoteId).map((e) => e.kind))).toContain("deposit amount wrong");
  });
});

describe("a bank payment that fails", () => {
  let q: Accepted;
  let session: Awaited<ReturnType<typeof pay>>["session"];

  it("is pending after 'completed, unpaid', and the page says so with no Pay button", async () => {
    q = await acceptedQuote();
    ({ session } = await pay(q));
    const pending = stripe.completed(session, "unpaid");
    expect((await stripe.deliver(stripe.event("checkout.session.completed", pending))).status).toBe(200);
    expect(onlinePayments(q.quoteId)).toMatchObject([{ state: "pending", method: "bank" }]);
    const html = await pageText(q.link);
    expect(html).toContain(`Your bank payment of ${formatCents(q.cents)} is pending.`);
    expect(html).not.toContain("Pay the ");
  });

  it("fails: the deposit is owed again, both sides are told, a late 'pending' changes nothing, Pay makes a new session", async () => {
    const failed = stripe.completed(session, "unpaid");
    expect((await stripe.deliver(stripe.event("checkout.session.async_payment_failed", failed))).status).toBe(200);
    const late = stripe.completed(session, "unpaid");
    expect((await stripe.deliver(stripe.event("checkout.session.completed", late))).status).toBe(200);
    expect(onlinePayments(q.quoteId)).toMatchObject([{ state: "failed" }]);
    const html = await pageText(q.link);
    expect(html).toContain("did not go through");
    expect(html).toContain(`Pay the ${formatCents(q.cents)} deposit`);
    const told = await mailTo(q.email, /did not go through/);
    expect(told.text).toMatch(/Pay the deposit: http:\/\/\S+\/quote\//);
    await mailTo("owner@example.com", /^Bank payment failed/);
    expect(withStore((s) => s.quotes.events(q.quoteId).map((e) => e.kind))).toContain("deposit failed");
    const again = await pay(q);
    expect(again.session.id).not.toBe(session.id);
  });
});

describe("what never records anything", () => {
  it("refuses a tampered body, a foreign secret, a stale timestamp and no signature with a 400 in our words", async () => {
    const q = await acceptedQuote();
    const { session } = await pay(q);
    const event = stripe.event("checkout.session.completed", stripe.completed(session, "paid"));
    const payload = JSON.stringify(event);
    await settled();
    const before = snapshot();
    const tampered = await stripe.deliver(payload.replace(`"amount_total":${q.cents}`, `"amount_total":1`), {
      header: stripe.sign(payload),
    });
    const foreign = await stripe.deliver(event, { secret: "whsec_someone_else" });
    const stale = await stripe.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const unsigned = await stripe.deliver(event, { header: null });
    for (const response of [tampered, foreign, stale, unsigned]) {
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toMatch(/^That (is not a signed event|event's signature does not check out)\.\n$/);
    }
    expect(snapshot()).toBe(before);
  });

  it("leaves the database as it was after 100 GETs of the links in the mails", async () => {
    await settled();
    const mails = await mailsTo("", /./).then(() =>
      smtp.received.map((m) => parsed.get(m.raw)).filter((m): m is ParsedMail => m !== undefined),
    );
    const links = [
      ...new Set(
        mails.flatMap((m) =>
          [...(m.text ?? "").matchAll(/http:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_-]{32,64}/g)].map((x) =>
            x[0].replace(/^http:\/\/[^/]+/, server.url),
          ),
        ),
      ),
    ];
    expect(links.length).toBeGreaterThan(3);
    const before = snapshot();
    for (let i = 0; i < 100; i++) {
      const link = links[i % links.length] ?? "";
      const response = await fetch(i % 2 ? link : `${link}?paid=1`, {
        headers: { "User-Agent": "Mozilla/5.0 (compatible; SafeLinks scanner)" },
      });
      expect(response.status).toBe(200);
    }
    expect((await fetch(`${server.url}/payments/stripe/webhook`)).status).toBeGreaterThanOrEqual(400);
    expect(snapshot()).toBe(before);
  });
});

describe("without Stripe's settings", () => {
  it("shows no Pay button, and a Pay posted anyway gets a clean 404 in our words; the webhook is 404", async () => {
    const q = await acceptedQuote(bare);
    const html = await pageText(q.link);
    expect(html).not.toContain("Pay the ");
    const before = paymentTables(bare);
    const response = await homeownerPost(q.link, { intent: "pay" });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain("Paying online is not available.");
    expect(body).not.toMatch(/at \S+\.(ts|js):\d+/);
    const hook = await fetch(`${bare.url}/payments/stripe/webhook`, { method: "POST", body: "{}" });
    expect(hook.status).toBe(404);
    expect(paymentTables(bare)).toBe(before);
  });
});

// Issue 64: money recorded by hand beside money paid on the site, and disputes in the owner's books.
let console_: { token: string; csrf: string } | undefined;
function ownerSession() {
  console_ ??= withStore((s) => {
    const { token, session } = createOwnerConsole({ db: s.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: session.csrf };
  });
  return console_;
}
const ownerPost = (pathname: string, fields: Record<string, string>) =>
  ownerFormPost(server.url, ownerSession(), pathname, fields);
const ownerText = async (pathname: string) =>
  (await fetch(`${server.url}${pathname}`, { headers: { Cookie: `owner=${ownerSession().token}` } })).text();
/** The owner's "Record a deposit received" on the quote's page, as its form posts it. */
const recordOnQuote = (q: Accepted, cents: number) =>
  ownerPost(`/owner/quotes/${q.quoteId}`, {
    intent: "deposit",
    amount: dollarsInput(cents),
    method: "check",
    receivedOn: "",
  });
/** The owner's "Record a payment" on Money's row for the deposit. */
const recordOnMoney = (q: Accepted, cents: number) =>
  ownerPost("/owner/money", {
    intent: "record",
    document: `deposit-${q.quoteId}`,
    amount: dollarsInput(cents),
    method: "cash",
  });
const ownerDeposits = (quoteId: number) => withStore((s) => s.quotes.payments(quoteId).map((p) => p.cents));
const referenceOf = (quoteId: number) => withStore((s) => s.quotes.get(quoteId)?.reference ?? "");
const paidByCard = async (q: Accepted) => {
  const { session } = await pay(q);
  const event = stripe.event("checkout.session.completed", stripe.completed(session, "paid"));
  expect((await stripe.deliver(event)).status).toBe(200);
  return session;
};
/** React's text separators out: "Nov 30, 2026 · card · Deposit Q-…" as a person reads it. */
const plain = (html: string) => html.replaceAll("<!-- -->", "");
/** A figure at the top of Money ("Paid", "Disputed"), in cents. */
function figureCents(html: string, label: string): number {
  const found = new RegExp(`<span class="font-semibold">${label}</span>[\\s\\S]*?<dd[^>]*>([^<]+)</dd>`).exec(html);
  return found ? Math.round(Number((found[1] ?? "").replace(/[$,]/g, "")) * 100) : 0;
}
/** Money's row for the deposit's payment this month (the "Payments in …" list). */
function paymentRow(html: string, reference: string): string {
  return plain(html)
    .split("<li")
    .filter((li) => li.includes(`Deposit ${reference}`) && !li.includes("since"))
    .join("");
}
/** The accountant's CSV row of the deposit's payment, without its day and customer. */
async function csvRow(reference: string): Promise<string> {
  const csv = await ownerText("/owner/money.csv?of=payments&from=2000-01-01&to=2100-12-31");
  const row = csv.split("\r\n").find((line) => line.includes(`"Deposit","${reference}"`)) ?? "";
  return row.replace(/^"[^"]+","Deposit","[^"]+","[^"]*",/, "");
}

describe("more than is owed is refused (issue 64)", () => {
  it("refuses a deposit recorded by hand after the card paid it, and no longer offers the form", async () => {
    const q = await acceptedQuote();
    await paidByCard(q);
    const page = await ownerText(`/owner/quotes/${q.quoteId}`);
    expect(page).not.toContain("Record a deposit received");
    expect(page).toContain(`The deposit of ${formatCents(q.cents)} is paid.`);
    const posted = await recordOnQuote(q, q.cents);
    expect(posted.status).toBe(409);
    expect(posted.headers.get("location")).toBeNull();
    const said = plain(await posted.text());
    expect(said).toContain(`The deposit of ${formatCents(q.cents)} is paid. Nothing was recorded.`);
    expect(said).not.toContain("Deposit recorded.");
    const money = await recordOnMoney(q, q.cents);
    expect(money.status).toBe(409);
    expect(await money.text()).toContain(
      `Nothing is owed on ${referenceOf(q.quoteId)} any more. Nothing was recorded.`,
    );
    expect(ownerDeposits(q.quoteId)).toEqual([]);
    // An address that says "recorded" for a record this quote does not have says nothing.
    expect(await ownerText(`/owner/quotes/${q.quoteId}?done=deposit&payment=1`)).not.toContain("Deposit recorded.");
  });

  it("counts a bank payment clearing as being paid, and takes what is owed once it fails, never more", async () => {
    const q = await acceptedQuote();
    const { session } = await pay(q);
    const pending = stripe.event("checkout.session.completed", stripe.completed(session, "unpaid"));
    expect((await stripe.deliver(pending)).status).toBe(200);
    const clearing = `Nothing is owed on the deposit: a bank payment of ${formatCents(q.cents)} is clearing.`;
    expect(plain(await ownerText(`/owner/quotes/${q.quoteId}`))).toContain(clearing);
    const refused = await recordOnQuote(q, 100);
    expect(refused.status).toBe(409);
    expect(plain(await refused.text())).toContain(`${clearing} Nothing was recorded.`);
    const failed = stripe.event("checkout.session.async_payment_failed", stripe.completed(session, "unpaid"));
    expect((await stripe.deliver(failed)).status).toBe(200);
    const over = await recordOnQuote(q, q.cents + 1);
    expect(over.status).toBe(409);
    const words = plain(await over.text());
    expect(words).toContain(
      `${formatCents(q.cents + 1)} is more than the ${formatCents(q.cents)} still owed on the deposit. Nothing was recorded.`,
    );
    // Said at the field: beside the amount, which keeps what was typed.
    expect(words).toMatch(/aria-describedby="deposit-error"[^>]*>|id="deposit-error"/);
    expect(words).toContain(`value="${dollarsInput(q.cents + 1)}"`);
    const saved = await recordOnQuote(q, q.cents);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toMatch(/\?done=deposit&payment=\d+$/);
    expect(await ownerText(saved.headers.get("location") ?? "")).toContain("Deposit recorded.");
    expect(ownerDeposits(q.quoteId)).toEqual([q.cents]);
  });

  it("records exactly what is owed when 50 records arrive at once, from the quote's page and from Money", async () => {
    const q = await acceptedQuote();
    const part = Math.floor(q.cents / 4);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? recordOnQuote(q, part) : recordOnMoney(q, part))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 302 || s === 303)).toHaveLength(4);
    expect(statuses.filter((s) => s === 400 || s === 409)).toHaveLength(46);
    expect(ownerDeposits(q.quoteId)).toEqual([part, part, part, part]);
    const rest = q.cents - 4 * part;
    if (rest > 0) expect((await recordOnQuote(q, rest)).status).toBe(302);
    expect((await recordOnQuote(q, 1)).status).toBe(409);
    expect(ownerDeposits(q.quoteId).reduce((a, b) => a + b, 0)).toBe(q.cents);
  });

  it("records the deposit once when 50 records by hand race the homeowner's card payment and its signed event", async () => {
    const q = await acceptedQuote();
    const { session } = await pay(q);
    // Paid on Stripe's page: the session is complete there, its event not yet delivered.
    expect(await stripe.payOnPage(session.id)).toBe(303);
    const records = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? recordOnQuote(q, q.cents) : recordOnMoney(q, q.cents),
    );
    const [answers, delivered] = await Promise.all([Promise.all(records), stripe.deliverQueued()]);
    expect(delivered).toEqual([200]);
    expect(answers.map((a) => a.status).filter((s) => s !== 400 && s !== 409)).toEqual([]);
    expect(ownerDeposits(q.quoteId)).toEqual([]);
    expect(onlinePayments(q.quoteId)).toMatchObject([{ state: "paid", cents: q.cents }]);
    // The site asked Stripe to close the page first; Stripe could not: it was paid.
    expect(stripe.expired).toContain(session.id);
  });

  it("closes the homeowner's open payment page when the owner records the deposit, so it is not paid twice", async () => {
    const q = await acceptedQuote();
    const { session } = await pay(q);
    expect(await ownerText(`/owner/quotes/${q.quoteId}`)).toContain(
      "The homeowner opened the payment page on the site.",
    );
    expect((await recordOnQuote(q, q.cents)).status).toBe(302);
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    expect(await stripe.payOnPage(session.id)).toBe(410);
    expect((await homeownerPost(q.link, { intent: "pay" })).status).toBe(409);
    expect(ownerDeposits(q.quoteId)).toEqual([q.cents]);
    expect(onlinePayments(q.quoteId)).toEqual([]);
  });
});

describe("a dispute in the owner's books (issue 64)", () => {
  const disputeOf = (session: { id: string }, q: Accepted, status: string) => ({
    id: `dp_${session.id.slice(8)}`,
    object: "dispute",
    payment_intent: `pi_${session.id.slice(3)}`,
    charge: `ch_${session.id.slice(8)}`,
    amount: q.cents,
    currency: "usd",
    status,
  });

  it("is a state of the payment in Money, its CSV and the month's figures, once however often its events come; won, it is paid again", async () => {
    const q = await acceptedQuote();
    const session = await paidByCard(q);
    const reference = referenceOf(q.quoteId);
    const amount = dollarsInput(q.cents);
    const paidBefore = figureCents(await ownerText("/owner/money"), "Paid");
    expect(await csvRow(reference)).toBe(`"card","${amount}","0.00","${amount}","paid"`);

    const created = stripe.event("charge.dispute.created", disputeOf(session, q, "needs_response"));
    const again = stripe.event("charge.dispute.created", disputeOf(session, q, "needs_response"));
    const answers = await Promise.all([created, created, created, again].map((e) => stripe.deliver(e)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    let money = await ownerText("/owner/money");
    expect(paymentRow(money, reference)).toContain("Disputed");
    expect(paymentRow(money, reference)).toContain("not counted as paid");
    expect(figureCents(money, "Paid")).toBe(paidBefore - q.cents);
    expect(figureCents(money, "Disputed")).toBe(q.cents);
    expect(await csvRow(reference)).toBe(`"card","${amount}","0.00","0.00","disputed"`);
    // Held by the bank, not owed: nothing to record by hand, and no Pay for the homeowner.
    expect(await ownerText(`/owner/quotes/${q.quoteId}`)).not.toContain("Record a deposit received");
    expect(await pageText(q.link)).not.toContain("Pay the ");

    const closed = stripe.event("charge.dispute.closed", disputeOf(session, q, "won"));
    for (const event of [closed, closed, stripe.event("charge.dispute.created", disputeOf(session, q, "won"))]) {
      expect((await stripe.deliver(event)).status).toBe(200);
    }
    money = await ownerText("/owner/money");
    expect(paymentRow(money, reference)).toContain("Paid");
    expect(paymentRow(money, reference)).not.toContain("Disputed");
    expect(figureCents(money, "Paid")).toBe(paidBefore);
    expect(await csvRow(reference)).toBe(`"card","${amount}","0.00","${amount}","paid"`);
    const kinds = withStore((s) => s.quotes.events(q.quoteId).map((e) => e.kind));
    expect(kinds.filter((k) => k.startsWith("deposit dispute") || k === "deposit disputed")).toEqual([
      "deposit disputed",
      "deposit dispute won",
    ]);
    await settled();
    const subject = (head: string) => new RegExp(`^${head}: .* \\(${reference},`);
    expect(await mailsTo("owner@example.com", subject("Payment disputed"))).toHaveLength(1);
    expect(await mailsTo("owner@example.com", subject("Dispute won"))).toHaveLength(1);
  });

  it("lost: the money goes out of the books and the deposit is owed again, even when 'closed' comes before 'created'", async () => {
    const q = await acceptedQuote();
    const session = await paidByCard(q);
    const reference = referenceOf(q.quoteId);
    const paidBefore = figureCents(await ownerText("/owner/money"), "Paid");
    const lost = stripe.event("charge.dispute.closed", disputeOf(session, q, "lost"));
    const late = stripe.event("charge.dispute.created", disputeOf(session, q, "needs_response"));
    for (const event of [lost, late, lost]) expect((await stripe.deliver(event)).status).toBe(200);
    const money = await ownerText("/owner/money");
    expect(paymentRow(money, reference)).toContain("Dispute lost");
    expect(paymentRow(money, reference)).toContain("the money went back");
    expect(figureCents(money, "Paid")).toBe(paidBefore - q.cents);
    expect(await csvRow(reference)).toBe(`"card","${dollarsInput(q.cents)}","0.00","0.00","dispute lost"`);
    // Owed again: on Money's open list, and the quote's page offers the form for it.
    expect(plain(money)).toContain(`Deposit ${reference} · since`);
    const quotePage = await ownerText(`/owner/quotes/${q.quoteId}`);
    expect(quotePage).toContain("Record a deposit received");
    expect(quotePage).toContain("dispute lost: the money went back");
    const kinds = withStore((s) => s.quotes.events(q.quoteId).map((e) => e.kind));
    expect(kinds).toContain("deposit dispute lost");
    expect(kinds).not.toContain("deposit disputed");
    await settled();
    expect(await mailsTo("owner@example.com", new RegExp(`^Dispute lost: .* \\(${reference},`))).toHaveLength(1);
    expect(await mailsTo("owner@example.com", new RegExp(`^Payment disputed: .* \\(${reference},`))).toHaveLength(0);
  });
});
