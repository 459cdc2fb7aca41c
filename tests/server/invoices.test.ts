// Invoices (decision 0042) against the built server, with a local mail server and the loopback stand-in for Stripe
// (tests/support/stripe-stand-in.ts): the owner makes and sends invoices through the console's forms, 50 at once
// taking distinct numbers; a deleted draft leaves no gap; the database refuses any change to a sent version; 50
// identical webhook deliveries give one payment and one receipt; a bank payment that fails is owed again and the owner
// is told; a forged amount in any POST changes nothing; 100 scanner GETs of the mails' links change nothing; the
// reminders stop when paid; without Stripe's settings there is no Pay and the owner still records payments.
import { get } from "node:http";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { dollarsInput, formatCents } from "../../server/quotes/money.ts";
import { hashSecret } from "../../server/store/secrets.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { invoiceFigures } from "../../server/invoices/invoice-figures.ts";
import { reminderPrefix } from "../../server/invoices/invoice-reminders.ts";
import { acceptOnline, homeownerPost } from "../support/homeowner-post.ts";
import { seedInvoice, seedJob, seedQuote } from "../support/seed-quote.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import type { RunningServer } from "./harness";
import { startPaymentServers } from "./payment-servers";
import type { startSmtp } from "./smtp";
import { mailInbox, outboxSettled } from "../support/mail-inbox.ts";

const WEBHOOK_SECRET = "whsec_test_invoices";

let server: RunningServer;
let bare: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stripe: StripeStandIn;
const sessions = new Map<RunningServer, { token: string; csrf: string }>();

const withStore = <T>(work: (store: EstimateStore) => T, on: RunningServer = server): T =>
  withStoreAt(on.dataDir, work);
/** The tables a POST or a GET of an invoice could write (the owner's session notes its own use). */
const INVOICE_TABLES = new Set([
  "invoices",
  "invoice_versions",
  "invoice_links",
  "invoice_payments",
  "invoice_numbers",
  "checkout_sessions",
  "online_payments",
  "provider_events",
  "quote_events",
  "quote_payments",
  "quotes",
  "outbox",
]);
const snapshot = (on: RunningServer = server) =>
  JSON.stringify(withStore(tableRows, on).filter(([name]) => INVOICE_TABLES.has(name)));

const settled = () => outboxSettled((work) => withStore(work));

function ownerSession(on: RunningServer) {
  const known = sessions.get(on);
  if (known) return known;
  const made = withStore((s) => {
    const { token, session } = createOwnerConsole({ db: s.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: session.csrf };
  }, on);
  sessions.set(on, made);
  return made;
}

const ownerPost = (on: RunningServer, pathname: string, fields: Record<string, string>) =>
  ownerFormPost(on.url, ownerSession(on), pathname, fields);
const ownerGet = (on: RunningServer, pathname: string) =>
  fetch(`${on.url}${pathname}`, { redirect: "manual", headers: { Cookie: `owner=${ownerSession(on).token}` } });

/** A quote sent and accepted online, then "Make the invoice" on its console page: the draft's id. */
async function draftInvoice(
  on: RunningServer = server,
): Promise<{ quoteId: number; invoiceId: number; email: string }> {
  const { token, quoteId, estimateId } = seedQuote(on.dataDir);
  expect((await acceptOnline(`${on.url}/quote/${token}`)).status).toBe(303);
  const made = await ownerPost(on, `/owner/quotes/${quoteId}`, { intent: "invoice" });
  expect(made.status).toBe(302);
  const invoiceId = Number((made.headers.get("location") ?? "").split("/").pop());
  expect(invoiceId).toBeGreaterThan(0);
  const email = withStore((s) => s.get(estimateId)?.email ?? "", on);
  return { quoteId, invoiceId, email };
}

const figures = (invoiceId: number, on: RunningServer = server) =>
  withStore((s) => {
    const row = s.invoices.get(invoiceId);
    if (!row) throw new Error("no invoice");
    return invoiceFigures(s, row, "America/Chicago");
  }, on);

const { mailsTo, mailTo, parsed } = mailInbox(() => smtp);

/** The invoice's link from its e-mail, on this server. */
async function invoiceLink(email: string, label: string): Promise<string> {
  const mail = await mailTo(email, new RegExp(`^Invoice ${label} from`));
  const link = /http:\/\/[^\s"<>]+\/invoice\/[A-Za-z0-9_-]{32,64}/.exec(mail.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");
  return link.replace(/^http:\/\/[^/]+/, server.url);
}

async function sendInvoice(invoiceId: number, on: RunningServer = server) {
  const sent = await ownerPost(on, `/owner/invoices/${invoiceId}`, { intent: "send" });
  expect(sent.status).toBe(302);
  return figures(invoiceId, on).label ?? "";
}

let servers: Awaited<ReturnType<typeof startPaymentServers>>;
beforeAll(async () => {
  servers = await startPaymentServers("invoices", WEBHOOK_SECRET);
  ({ server, bare, smtp, stripe } = servers);
}, 90_000);

afterAll(async () => {
  await servers?.stop();
});

describe("numbers", () => {
  it("are never given twice: 50 sends at once take 50 distinct numbers in sequence, and a deleted draft leaves no gap", async () => {
    const deleted = await draftInvoice();
    expect((await ownerPost(server, `/owner/invoices/${deleted.invoiceId}`, { intent: "delete" })).status).toBe(302);
    expect(withStore((s) => s.invoices.get(deleted.invoiceId))).toBeUndefined();
    const drafts: Awaited<ReturnType<typeof draftInvoice>>[] = [];
    for (let i = 0; i < 50; i++) drafts.push(await draftInvoice());
    const answers = await Promise.all(
      drafts.map((d) => ownerPost(server, `/owner/invoices/${d.invoiceId}`, { intent: "send" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(302));
    // The same ones again, 50 at once: each was sent; none takes a second number.
    const twice = await Promise.all(
      drafts.map((d) => ownerPost(server, `/owner/invoices/${d.invoiceId}`, { intent: "send" })),
    );
    expect(twice.map((a) => a.status)).toEqual(Array(50).fill(409));
    const numbers = withStore((s) => drafts.map((d) => s.invoices.get(d.invoiceId)?.number ?? 0));
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(withStore((s) => s.db.prepare("SELECT last FROM invoice_numbers").get())).toEqual({ last: 50 });
  }, 120_000);

  it("and the database refuses an UPDATE or a DELETE of a sent version", () => {
    withStore((s) => {
      expect(() => s.db.exec("UPDATE invoice_versions SET body = body || ' '")).toThrow(/never changes/);
      expect(() => s.db.exec("DELETE FROM invoice_versions")).toThrow(/kept/);
      expect(() => s.db.exec("UPDATE invoices SET number = number + 100 WHERE number IS NOT NULL")).toThrow(
        /given once/,
      );
    });
  });
});

describe("the owner's invoice", () => {
  it("starts from the accepted lines less the deposit paid, takes change orders, refuses a box over its limit", async () => {
    const d = await draftInvoice();
    const page = await (
      await fetch(`${server.url}/owner/invoices/${d.invoiceId}`, {
        headers: { Cookie: `owner=${ownerSession(server).token}` },
      })
    ).text();
    expect(page).toContain("Invoice (draft)");
    expect(page).toContain("Send the invoice");
    const long = await ownerPost(server, `/owner/invoices/${d.invoiceId}`, {
      intent: "add",
      description: "x".repeat(201),
      quantity: "1",
      price: "100",
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Description: at most 200 characters.");
    const before = figures(d.invoiceId).money.total;
    const added = await ownerPost(server, `/owner/invoices/${d.invoiceId}`, {
      intent: "add",
      description: "Replace the damper",
      quantity: "1",
      price: "385.50",
    });
    expect(added.status).toBe(302);
    expect(figures(d.invoiceId).money.total).toBe(before + 38_550);
  });
});

describe("the homeowner pays an invoice", () => {
  let d: Awaited<ReturnType<typeof draftInvoice>>;
  let link: string;
  let label: string;
  let session: NonNullable<ReturnType<StripeStandIn["sessions"]["get"]>>;

  it("gets the invoice by e-mail, and its page has no script and a Pay button for what is owed", async () => {
    d = await draftInvoice();
    label = await sendInvoice(d.invoiceId);
    link = await invoiceLink(d.email, label);
    const html = await (await fetch(link)).text();
    const owed = figures(d.invoiceId).money.owed;
    expect(html).toContain(`Invoice ${label}`);
    expect(html).toContain(`Pay ${formatCents(owed)}`);
    expect(html).not.toMatch(/<script/i);
    expect((await fetch(`${link}/pdf`)).headers.get("content-type")).toBe("application/pdf");
    // On the wire, as a browser asking for brotli gets it: within the homeowner pages' budget.
    const wire = await new Promise<number>((resolve, reject) => {
      get(link, { headers: { "Accept-Encoding": "br" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("br");
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      }).on("error", reject);
    });
    console.log(`the invoice page: ${wire} B as brotli on the wire`);
    expect(wire).toBeLessThanOrEqual(14_600);
  });

  it("pays part by the owner's check; Pay asks for the rest, never an amount the form sends", async () => {
    const recorded = await ownerPost(server, `/owner/invoices/${d.invoiceId}`, {
      intent: "record",
      amount: "100",
      method: "check",
      receivedOn: "",
      note: "",
    });
    expect(recorded.status).toBe(302);
    const owed = figures(d.invoiceId).money.owed;
    const paid = await homeownerPost(link, { intent: "pay", amount: "1", cents: "1", unit_amount: "1" });
    expect(paid.status).toBe(303);
    const found = stripe.sessions.get((paid.headers.get("location") ?? "").split("/").pop() ?? "");
    if (!found) throw new Error("no session");
    session = found;
    expect(stripe.created.at(-1)?.key).toMatch(/^invoice:\d+:0:\d+$/);
    expect(stripe.created.at(-1)?.body.get("line_items[0][price_data][unit_amount]")).toBe(String(owed));
    expect(
      withStore((s) => s.db.prepare("SELECT cents FROM checkout_sessions WHERE invoice_id = ?").all(d.invoiceId)),
    ).toEqual([{ cents: owed }]);
    const html = await (await fetch(`${link}?paid=1`)).text();
    expect(html).toContain("Payment received, confirming…");
  });

  it("records one payment and one receipt for 50 identical deliveries, and the invoice is Paid, its reminders withdrawn", async () => {
    const event = stripe.event("checkout.session.completed", stripe.completed(session, "paid"));
    const answers = await Promise.all(Array.from({ length: 50 }, () => stripe.deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const f = figures(d.invoiceId);
    expect(f.state).toBe("paid");
    expect(f.money.owed).toBe(0);
    expect(withStore((s) => s.payments.forInvoice(d.invoiceId))).toMatchObject([{ state: "paid", method: "card" }]);
    await mailTo(d.email, new RegExp(`^Receipt: .* for invoice ${label}`));
    await mailTo("owner@example.com", /^Invoice payment paid/);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsTo(d.email, /^Receipt: /)).toHaveLength(1);
    const reminders = withStore((s) =>
      s.db
        .prepare("SELECT cancelled_at, sent_at FROM outbox WHERE kind = 'invoice-reminder' AND dedupe LIKE ?")
        .all(`invoice-reminder:${d.invoiceId}:%`),
    ) as { cancelled_at: string | null; sent_at: string | null }[];
    expect(reminders).toHaveLength(3);
    expect(reminders.every((r) => r.cancelled_at !== null && r.sent_at === null)).toBe(true);
    const html = await (await fetch(link)).text();
    expect(html).toContain("Paid in full. Thank you.");
    expect(html).not.toContain(">Pay $");
    const again = await homeownerPost(link, { intent: "pay" });
    expect(again.status).toBe(409);
  });
});

describe("the job page's Pay buttons (issue 53)", () => {
  it("take the homeowner to Stripe for the invoice's balance, and the paid invoice shows on the job page", async () => {
    const { quoteId, token } = seedJob(server.dataDir, { invoice: true });
    const invoice = withStore((s) => s.invoices.forQuote(quoteId));
    if (!invoice) throw new Error("no invoice");
    const owed = figures(invoice.id).money.owed;
    const page = `${server.url}/job/${token}`;
    expect(await (await fetch(page)).text()).toContain(`Pay ${formatCents(owed)}`);
    const paid = await homeownerPost(page, { intent: "pay-invoice", amount: "1" });
    expect(paid.status).toBe(303);
    const session = stripe.sessions.get((paid.headers.get("location") ?? "").split("/").pop() ?? "");
    if (!session) throw new Error(`no session behind ${paid.headers.get("location") ?? "no location"}`);
    // The amount is the invoice's balance, computed on the server; the posted "amount" is ignored.
    expect(session.amount_total).toBe(owed);
    await stripe.deliver(stripe.event("checkout.session.completed", stripe.completed(session, "paid")));
    expect(figures(invoice.id).state).toBe("paid");
    const after = await (await fetch(page)).text();
    expect(after).not.toContain(`Pay ${formatCents(owed)}`);
    expect(after).toContain("Paid");
  });
});

describe("a bank payment on an invoice that fails", () => {
  it("is pending, then owed again, and both sides are told", async () => {
    const d = await draftInvoice();
    const label = await sendInvoice(d.invoiceId);
    const link = await invoiceLink(d.email, label);
    const owed = figures(d.invoiceId).money.owed;
    const paid = await homeownerPost(link, { intent: "pay" });
    const session = stripe.sessions.get((paid.headers.get("location") ?? "").split("/").pop() ?? "");
    if (!session) throw new Error("no session");
    await stripe.deliver(stripe.event("checkout.session.completed", stripe.completed(session, "unpaid")));
    let f = figures(d.invoiceId);
    expect(f.state).toBe("pending");
    expect(f.money.pending).toBe(owed);
    expect(f.money.owed).toBe(owed);
    expect(await (await fetch(link)).text()).toContain(`Your bank payment of ${formatCents(owed)} is pending.`);
    await stripe.deliver(stripe.event("checkout.session.async_payment_failed", stripe.completed(session, "unpaid")));
    f = figures(d.invoiceId);
    expect(f.state).toBe("sent");
    expect(f.money.owed).toBe(owed);
    const html = await (await fetch(link)).text();
    expect(html).toContain("did not go through");
    expect(html).toContain(`Pay ${formatCents(owed)}`);
    await mailTo(d.email, /did not go through/);
    const owner = await mailTo("owner@example.com", new RegExp(`^Bank payment failed: .*${label}`));
    expect(owner.text).toContain(`invoice ${label} failed`);
  });
});

describe("what changes nothing", () => {
  it("a forged amount in the owner's POSTs records only the amount typed, and a forged invoice field nothing", async () => {
    const d = await draftInvoice();
    await sendInvoice(d.invoiceId);
    await settled();
    const before = snapshot();
    const answers = await Promise.all([
      ownerPost(server, `/owner/invoices/${d.invoiceId}`, { intent: "record", amount: "-5", method: "check" }),
      ownerPost(server, `/owner/invoices/${d.invoiceId}`, { intent: "record", amount: "5", method: "card" }),
      ownerPost(server, `/owner/invoices/${d.invoiceId}`, { intent: "add", description: "x", price: "1" }),
      ownerPost(server, `/owner/invoices/${d.invoiceId}`, { intent: "total", total: "1" }),
      homeownerPost(`${server.url}/invoice/${"A".repeat(43)}`, { intent: "pay", amount: "1" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 409, 400, 404]);
    for (const a of answers) expect(await a.text()).not.toMatch(/at \S+\.(ts|js):\d+/);
    expect(snapshot()).toBe(before);
  });

  it("100 scanner GETs of every link in the invoice mails and of their PDFs", async () => {
    await settled();
    await mailsTo("", /./);
    const mails = smtp.received
      .map((m) => parsed.get(m.raw))
      .filter((m): m is ParsedMail => m !== undefined && /invoice/i.test(m.subject ?? ""));
    const links = [
      ...new Set(
        mails.flatMap((m) =>
          [...(m.text ?? "").matchAll(/http:\/\/[^\s"<>]+\/invoice\/[A-Za-z0-9_-]{32,64}/g)].map((x) =>
            x[0].replace(/^http:\/\/[^/]+/, server.url),
          ),
        ),
      ),
    ];
    expect(links.length).toBeGreaterThan(0);
    const before = snapshot();
    for (let i = 0; i < 100; i++) {
      const link = links[i % links.length] ?? "";
      const url = i % 3 === 0 ? `${link}/pdf` : i % 3 === 1 ? `${link}?paid=1` : link;
      const response = await fetch(url, { headers: { "User-Agent": "Mozilla/5.0 (compatible; SafeLinks scanner)" } });
      expect(response.status).toBe(200);
    }
    expect(snapshot()).toBe(before);
  }, 60_000);
});

describe("without Stripe's settings", () => {
  it("shows no Pay button, a Pay posted anyway is a clean 404, and the owner still records payments", async () => {
    const d = await draftInvoice(bare);
    await sendInvoice(d.invoiceId, bare);
    const token = "B".repeat(43);
    // No mail on this server: the test makes the homeowner's link as the composer would.
    withStore((s) => s.invoices.addLink(d.invoiceId, hashSecret(token)), bare);
    const link = `${bare.url}/invoice/${token}`;
    const html = await (await fetch(link)).text();
    expect(html).toContain("Invoice INV-");
    expect(html).not.toContain(">Pay $");
    const response = await homeownerPost(link, { intent: "pay" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Paying online is not available.");
    const owed = figures(d.invoiceId, bare).money.owed;
    const recorded = await ownerPost(bare, `/owner/invoices/${d.invoiceId}`, {
      intent: "record",
      amount: dollarsInput(owed),
      method: "zelle",
      receivedOn: "",
    });
    expect(recorded.status).toBe(302);
    expect(figures(d.invoiceId, bare).state).toBe("paid");
  });
});

describe("the Money view and an invoice", () => {
  it("lists the sent invoice as owed, records a check on it from Money, and the invoice is Paid, its reminders gone", async () => {
    const d = await draftInvoice();
    const label = await sendInvoice(d.invoiceId);
    const owed = figures(d.invoiceId).money.owed;
    const money = await (await ownerGet(server, "/owner/money")).text();
    expect(money).toContain(label);
    expect(money).toContain(formatCents(owed));
    const over = await ownerPost(server, "/owner/money", {
      intent: "record",
      document: `invoice-${d.invoiceId}`,
      amount: dollarsInput(owed + 1),
      method: "check",
    });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain(`is more than the ${formatCents(owed)} owed on ${label}`);
    const saved = await ownerPost(server, "/owner/money", {
      intent: "record",
      document: `invoice-${d.invoiceId}`,
      amount: dollarsInput(owed),
      method: "check",
    });
    expect(saved.status).toBe(303);
    const page = await (await ownerGet(server, saved.headers.get("location") ?? "")).text();
    expect(page).toContain(`Recorded: ${formatCents(owed)} by check from`);
    const after = figures(d.invoiceId);
    expect([after.state, after.money.owed, after.money.paid]).toEqual(["paid", 0, after.money.total]);
    const waiting = withStore((s) => {
      const estimateId = s.quotes.get(d.quoteId)?.estimate_id ?? 0;
      return s.invoices.reminders(estimateId, reminderPrefix(d.invoiceId)).waiting;
    });
    expect(waiting).toEqual([]);
    const csv = await (await ownerGet(server, "/owner/money.csv?of=invoices&from=2000-01-01&to=2100-12-31")).text();
    expect(csv).toContain(label);
  });
});

describe("more than is owed is refused on an invoice (issue 64)", () => {
  const recordOnInvoice = (invoiceId: number, cents: number) =>
    ownerPost(server, `/owner/invoices/${invoiceId}`, {
      intent: "record",
      amount: dollarsInput(cents),
      method: "check",
      receivedOn: "",
      note: "",
    });
  const recordOnMoney = (invoiceId: number, cents: number) =>
    ownerPost(server, "/owner/money", {
      intent: "record",
      document: `invoice-${invoiceId}`,
      amount: dollarsInput(cents),
      method: "zelle",
    });
  const byOwner = (invoiceId: number) => withStore((s) => s.invoices.payments(invoiceId).map((p) => p.cents));
  const ownerPage = async (invoiceId: number) =>
    (await (await ownerGet(server, `/owner/invoices/${invoiceId}`)).text()).replaceAll("<!-- -->", "");
  /** The homeowner's Pay on the invoice's page: the stand-in's session it leads to. */
  async function payInvoice(token: string) {
    const paid = await homeownerPost(`${server.url}/invoice/${token}`, { intent: "pay" });
    expect(paid.status).toBe(303);
    const session = stripe.sessions.get((paid.headers.get("location") ?? "").split("/").pop() ?? "");
    if (!session) throw new Error("no session");
    return session;
  }

  it("takes exactly the balance from 50 records at once, from the invoice's page and from Money, then offers no form", async () => {
    const { invoiceId } = seedInvoice(server.dataDir, { sent: true });
    const owed = figures(invoiceId).money.owed;
    const part = Math.floor(owed / 4);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? recordOnInvoice(invoiceId, part) : recordOnMoney(invoiceId, part))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 302 || s === 303)).toHaveLength(4);
    expect(statuses.filter((s) => s === 400 || s === 409)).toHaveLength(46);
    expect(byOwner(invoiceId)).toEqual([part, part, part, part]);
    if (owed - 4 * part > 0) expect((await recordOnInvoice(invoiceId, owed - 4 * part)).status).toBe(302);
    const label = figures(invoiceId).label ?? "";
    expect(figures(invoiceId).money).toMatchObject({ owed: 0, paid: owed });
    const again = await recordOnInvoice(invoiceId, 1);
    expect(again.status).toBe(409);
    expect((await again.text()).replaceAll("<!-- -->", "")).toContain(
      `${label} is paid in full. Nothing was recorded.`,
    );
    const page = await ownerPage(invoiceId);
    expect(page).not.toContain(">Record a payment</button>");
    expect(page).toContain(`${label} is paid in full.`);
  });

  it("records the balance once when 50 records by hand race the homeowner's card payment and its signed event", async () => {
    const { invoiceId, token } = seedInvoice(server.dataDir, { sent: true });
    const owed = figures(invoiceId).money.owed;
    const session = await payInvoice(token);
    expect(await stripe.payOnPage(session.id)).toBe(303);
    const records = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? recordOnInvoice(invoiceId, owed) : recordOnMoney(invoiceId, owed),
    );
    const [answers, delivered] = await Promise.all([Promise.all(records), stripe.deliverQueued()]);
    expect(delivered).toEqual([200]);
    expect(answers.map((a) => a.status).filter((s) => s !== 400 && s !== 409)).toEqual([]);
    expect(byOwner(invoiceId)).toEqual([]);
    expect(figures(invoiceId)).toMatchObject({ state: "paid", money: { paid: owed, owed: 0 } });
    expect(stripe.expired).toContain(session.id);
  });

  it("counts a bank payment clearing as being paid: no form and nothing recorded until it fails, then no more than is owed", async () => {
    const { invoiceId, token } = seedInvoice(server.dataDir, { sent: true });
    const owed = figures(invoiceId).money.owed;
    const label = figures(invoiceId).label ?? "";
    const session = await payInvoice(token);
    const pending = stripe.event("checkout.session.completed", stripe.completed(session, "unpaid"));
    expect((await stripe.deliver(pending)).status).toBe(200);
    const clearing = `Nothing more is owed on ${label} now: a bank payment of ${formatCents(owed)} is clearing.`;
    const page = await ownerPage(invoiceId);
    expect(page).toContain(clearing);
    expect(page).not.toContain(">Record a payment</button>");
    const refused = await recordOnInvoice(invoiceId, 100);
    expect(refused.status).toBe(409);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toContain(`${clearing} Nothing was recorded.`);
    const failed = stripe.event("checkout.session.async_payment_failed", stripe.completed(session, "unpaid"));
    expect((await stripe.deliver(failed)).status).toBe(200);
    const over = await recordOnInvoice(invoiceId, owed + 1);
    expect(over.status).toBe(409);
    const words = (await over.text()).replaceAll("<!-- -->", "");
    expect(words).toContain(`${formatCents(owed + 1)} is more than the ${formatCents(owed)} still owed on ${label}.`);
    expect(words).toContain('id="record-error"');
    expect((await recordOnInvoice(invoiceId, owed)).status).toBe(302);
    expect(byOwner(invoiceId)).toEqual([owed]);
  });
});
