// Customers against the built server (decision 0051): requests sent through the form each get a customer of their
// own and, when their phone meets, one suggestion the owner sees on Customers and on the request; a merge is one POST
// with the session, its Origin and its token, made once when 50 race, and undone once; what a refused post would have
// written stays unwritten; search finds a phone typed another way; the CSV opens right in a spreadsheet; erasing a
// customer is refused without its session, Origin, token or tick, and made once when 50 race.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { UTF8_BOM } from "../../server/requests/csv.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { LEAKS } from "./raw-http";
import { addressKeys } from "../../server/marketing/address-keys.ts";
import { emailKey, phoneKey } from "../../server/customers/contact-keys.ts";

let server: RunningServer;
let session: { token: string; csrf: string };
const ids = { annRequest: 0, capsRequest: 0, ann: 0, caps: 0, jose: 0 };

const get = (path: string, signedIn = true) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: signedIn ? { Cookie: `owner=${session.token}` } : {} });
const post = (id: number, fields: Record<string, string>) =>
  ownerFormPost(server.url, session, `/owner/customers/${id}`, fields);
// Every table but the session's own row, whose last_seen_at a request may move on (once a minute at most).
const snapshot = () =>
  JSON.stringify(withStoreAt(server.dataDir, tableRows).filter(([table]) => table !== "owner_sessions"));
const customerOf = (estimateId: number) =>
  withStoreAt(server.dataDir, (s) =>
    s.db.prepare<[number], { c: number }>("SELECT customer_id AS c FROM estimates WHERE id = ?").get(estimateId),
  )?.c ?? 0;

async function sendForm(fields: Record<string, string>): Promise<number> {
  const response = await fetch(`${server.url}/api/estimate`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ service: "", message: "The crown is cracked.", ...fields }),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return withStoreAt(
    server.dataDir,
    (s) =>
      s.db.prepare<[string], { id: number }>("SELECT id FROM estimates WHERE email = ?").get(fields.email ?? "")?.id ??
      0,
  );
}

async function expectWords(response: Response, status: number, words: string | RegExp) {
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(text).toMatch(words);
  expect(text).not.toMatch(LEAKS);
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" });
  session = withStoreAt(server.dataDir, (store) => {
    const { token, session: s } = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: s.csrf };
  });
  ids.annRequest = await sendForm({ name: "Ann O'Neil", email: "ann@example.com", phone: "(309) 828-1234" });
  ids.capsRequest = await sendForm({ name: "ANN ONEIL", email: "aoneil@work.example", phone: "309.828.1234" });
  await sendForm({ name: "José Núñez", email: "jose@example.com", phone: "(217) 555-0142" });
  ids.ann = customerOf(ids.annRequest);
  ids.caps = customerOf(ids.capsRequest);
}, 90_000);
afterAll(() => stopServer(server));

describe("a request sent through the form", () => {
  it("gets a customer of its own, and one suggestion when its phone meets another's, never a merge", async () => {
    expect(ids.ann).toBeGreaterThan(0);
    expect(ids.caps).toBeGreaterThan(0);
    expect(ids.caps).not.toBe(ids.ann);
    const list = await get("/owner/customers");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Suggested merges");
    expect(html).toContain("Same phone");
    const suggestions = withStoreAt(server.dataDir, (s) => s.customerLinks.suggestions().list);
    expect(suggestions.map((x) => [x.a, x.b, x.reasons])).toEqual([[ids.ann, ids.caps, ["phone"]]]);
    expect(html).toContain("3 customers on file.");
    const request = await (await get(`/owner/requests/${ids.capsRequest}`)).text();
    expect(request).toContain("Looks like an existing customer");
    expect(request).toContain(`href="/owner/customers/${ids.ann}"`);
  });

  it("is found by its phone typed another way, by part of it, and by a name without its apostrophe", async () => {
    for (const q of ["309 828 1234", "+1 309-828-1234", "8281234", "oneil"]) {
      const html = await (await get(`/owner/customers?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain(`href="/owner/customers/${ids.ann}"`);
      expect(html, q).toContain(`href="/owner/customers/${ids.caps}"`);
      expect(html, q).not.toContain("José Núñez");
    }
  });
});

describe("a merge", () => {
  it("refuses a post without its session, token or Origin, or of another site, and writes nothing", async () => {
    const before = snapshot();
    const url = `${server.url}/owner/customers/${ids.ann}`;
    const body = new URLSearchParams({ csrf: session.csrf, intent: "merge", other: String(ids.caps) });
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const cookie = { Cookie: `owner=${session.token}` };
    const tries: [Record<string, string>, URLSearchParams, number][] = [
      [{ ...form, Origin: server.url }, body, 401],
      [{ ...form, ...cookie }, body, 403],
      [{ ...form, ...cookie, Origin: "https://evil.example" }, body, 403],
      [
        { ...form, ...cookie, Origin: server.url },
        new URLSearchParams({ intent: "merge", other: String(ids.caps) }),
        403,
      ],
      [{ ...form, ...cookie, Origin: server.url }, new URLSearchParams({ csrf: "forged", intent: "merge" }), 403],
    ];
    for (const [headers, payload, status] of tries) {
      const response = await fetch(url, { method: "POST", redirect: "manual", headers, body: payload });
      expect([status, 400]).toContain(response.status);
      expect(await response.text()).not.toMatch(LEAKS);
    }
    await expectWords(await post(ids.ann, { intent: "merge", other: "987654" }), 409, /not on file any more/);
    await expectWords(
      await post(ids.ann, { intent: "merge", other: String(ids.ann) }),
      409,
      "That is this customer already.",
    );
    await expectWords(await post(ids.ann, { intent: "merge" }), 404, "There is nothing here.");
    await expectWords(await post(ids.ann, { intent: "wipe" }), 400, /./);
    await expectWords(await post(987654, { intent: "merge", other: String(ids.caps) }), 404, "There is nothing here.");
    expect(snapshot()).toBe(before);
  });

  it("pressed 50 times at once is made once; the merged customer's page opens its survivor", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(ids.ann, { intent: "merge", other: String(ids.caps) })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(answers.find((a) => a.status === 303)?.headers.get("location")).toBe(
      `/owner/customers/${ids.ann}?done=merged`,
    );
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    const merges = withStoreAt(server.dataDir, (s) =>
      s.db.prepare("SELECT from_id, into_id FROM customer_merges").all(),
    );
    expect(merges).toEqual([{ from_id: ids.caps, into_id: ids.ann }]);
    const old = await get(`/owner/customers/${ids.caps}`);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(`/owner/customers/${ids.ann}?merged=${ids.caps}`);
    const page = await (await get(`/owner/customers/${ids.ann}?done=merged`)).text();
    expect(page).toContain("Merged: their history is on this page now.");
    expect(page).toContain("aoneil@work.example");
    expect(page).toContain("2 requests");
    expect(page).not.toContain("Looks like the same person");
    // The request's own link still points at its own customer: nothing moved.
    expect(customerOf(ids.capsRequest)).toBe(ids.caps);
  });

  it("is undone once however often Undo is pressed, and the suggestion is back", async () => {
    const mergeId = withStoreAt(server.dataDir, (s) => s.customerLinks.mergesOf(ids.ann)[0]?.id ?? 0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(ids.ann, { intent: "undo", merge: String(mergeId) })),
    );
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect(withStoreAt(server.dataDir, (s) => s.customers.get(ids.caps)?.merged_into)).toBeNull();
    const page = await (await get(`/owner/customers/${ids.ann}`)).text();
    expect(page).toContain("Looks like the same person");
    expect(page).toContain("1 request");
    expect((await get(`/owner/customers/${ids.caps}`)).status).toBe(200);
  });

  it('"Not the same person" silences the pair for good, and a merge of them is refused', async () => {
    const apart = await post(ids.ann, { intent: "apart", other: String(ids.caps) });
    expect(apart.status).toBe(303);
    const list = await (await get("/owner/customers")).text();
    expect(list).not.toContain("Suggested merges");
    await expectWords(
      await post(ids.ann, { intent: "merge", other: String(ids.caps) }),
      409,
      "You said these two are not the same person, so they were not merged.",
    );
  });
});

describe("the customer's page", () => {
  it("adds a property and a flue, sets its due day, and refuses another customer's flue", async () => {
    const added = await post(ids.ann, { intent: "property", street: "12 Elm Street", town: "Hartford", zip: "06103" });
    expect(added.headers.get("location")).toBe(`/owner/customers/${ids.ann}?done=property-added`);
    const property = withStoreAt(server.dataDir, (s) =>
      s.customers.propertiesOf([ids.ann]).find((p) => p.zip === "06103"),
    );
    expect(property).toMatchObject({ address_key: "12 ELM ST", zip5: "06103" });
    const flue = { intent: "flue-add", property: String(property?.id), appliance: "stove", fuel: "wood", use: "daily" };
    expect((await post(ids.ann, { ...flue, label: "Basement" })).status).toBe(303);
    const flueId = withStoreAt(server.dataDir, (s) => s.flues.ofProperties([property?.id ?? 0])[0]?.id ?? 0);
    expect((await post(ids.ann, { intent: "due", flue: String(flueId), day: "2027-11-07" })).status).toBe(303);
    const page = await (await get(`/owner/customers/${ids.ann}`)).text();
    expect(page).toContain("Sunday, November 7, 2027");
    expect(page).toContain("the day you set");
    // The flue, posted as another customer's page: nothing there, nothing changed.
    const before = snapshot();
    await expectWords(await post(ids.caps, { intent: "due", flue: String(flueId), day: "2028-01-01" }), 404, /nothing/);
    await expectWords(await post(ids.ann, { ...flue, appliance: "boiler" }), 400, /Choose what it is/);
    await expectWords(
      await post(ids.ann, { intent: "due", flue: String(flueId), day: "2027-02-30" }),
      400,
      /Choose the day/,
    );
    await expectWords(await post(ids.ann, { intent: "contact", contact: "828-1234" }), 400, /area code/);
    expect(snapshot()).toBe(before);
  });
});

describe("the CSV", () => {
  it("is data: a plain 401 without a session", async () => {
    await expectWords(await get("/owner/customers.csv", false), 401, "Sign in to the owner console first.");
  });

  it("opens right in a spreadsheet: BOM, one row a customer, phones and ZIP codes kept as text, formulas guarded", async () => {
    expect(
      (
        await post(ids.caps, {
          intent: "details",
          name: '=HYPERLINK("http://evil.example")',
          kind: "person",
          notes: "",
        })
      ).status,
    ).toBe(303);
    const response = await get("/owner/customers.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"Customer","Name","Kind","E-mail","Other e-mails","Phone","Other phones","Street","Town","State","ZIP","Other properties","Requests","Last request","Next due","Notes","On file since","Source","Source ID"',
    );
    expect(lines).toHaveLength(4);
    const ann = lines.find((l) => l.startsWith(`"${ids.ann}",`)) ?? "";
    expect(ann).toContain('"(309) 828-1234"');
    expect(ann).toContain('"12 Elm Street","Hartford","IL","=""06103"""');
    expect(ann).toContain('"2027-11-07"');
    const caps = lines.find((l) => l.startsWith(`"${ids.caps}",`)) ?? "";
    expect(caps).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});

describe("erasing a customer", () => {
  it("refuses a post without its session, token, Origin or tick, on every spelling, and writes nothing", async () => {
    const jose = customerOf(
      await sendForm({ name: "José Erased", email: "jose.erased@example.com", phone: "(309) 555-0123" }),
    );
    const before = snapshot();
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const cookie = { Cookie: `owner=${session.token}` };
    const body = new URLSearchParams({ csrf: session.csrf, intent: "erase", confirm: "yes" });
    for (const spelling of [`/owner/customers/${jose}`, `/owner/customers/${jose}.data`, `/OWNER/customers/${jose}`]) {
      const tries: [Record<string, string>, URLSearchParams][] = [
        [{ ...form, Origin: server.url }, body],
        [{ ...form, ...cookie }, body],
        [{ ...form, ...cookie, Origin: "https://evil.example" }, body],
        [{ ...form, ...cookie, Origin: server.url }, new URLSearchParams({ intent: "erase", confirm: "yes" })],
        [
          { ...form, ...cookie, Origin: server.url },
          new URLSearchParams({ csrf: "forged", intent: "erase", confirm: "yes" }),
        ],
      ];
      for (const [headers, payload] of tries) {
        const response = await fetch(`${server.url}${spelling}`, {
          method: "POST",
          redirect: "manual",
          headers,
          body: payload,
        });
        expect([401, 403, 404], spelling).toContain(response.status);
        expect(await response.text()).not.toMatch(LEAKS);
      }
      // A GET shows the card and changes nothing.
      expect((await get(spelling)).status).not.toBe(500);
    }
    await expectWords(
      await post(jose, { intent: "erase" }),
      400,
      "Tick “Yes, erase them for good” first. Nothing was erased.",
    );
    expect(snapshot()).toBe(before);
  });

  it("pressed 50 times at once erases once; the person is gone and their address stays on the list as a hash", async () => {
    const requestId = await sendForm({ name: "Rita Gone", email: "rita.gone@example.com", phone: "(309) 555-0199" });
    const rita = customerOf(requestId);
    const page = await (await get(`/owner/customers/${rita}`)).text();
    expect(page).toContain("Erase this customer");
    expect(page).toContain("Nothing for your books: they never signed a quote.");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(rita, { intent: "erase", confirm: "yes" })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 303).every((s) => s === 404)).toBe(true);
    expect(answers.find((a) => a.status === 303)?.headers.get("location")).toBe("/owner/customers?erased=1&kept=0");
    withStoreAt(server.dataDir, (s) => {
      expect(s.customers.get(rita)).toBeUndefined();
      expect(s.get(requestId)).toBeUndefined();
      expect(s.db.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?").get("rita.gone@example.com")).toEqual(
        { n: 0 },
      );
      const list = s.marketing.suppressions;
      const keys = addressKeys(list.secret());
      expect(list.has(keys.hash("email", emailKey("Rita.Gone@Example.com") ?? ""))).toBe(true);
      expect(list.has(keys.hash("phone", phoneKey("309 555 0199")?.e164 ?? ""))).toBe(true);
      const audit = s.db.prepare("SELECT detail FROM owner_audit WHERE event = 'customer erased'").all();
      expect(audit).toEqual([{ detail: `customer ${rita}: 1 record(s), 1 request(s); 0 contract(s) kept` }]);
    });
    const list = await (await get("/owner/customers?erased=1&kept=0")).text();
    expect(list).toContain("Erased, with 1 request.");
    expect(list).not.toContain("Rita Gone");
  });
});
