// Limits are said, not applied in silence (issue 51): on the built server, every box posted over its limit is
// refused with the box and the limit named, nothing is saved, and the page comes back with the whole text as typed.
// The console's quote editor, deposit, request note and visit booking; the homeowner's visit page and quote page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
let session: { token: string; csrf: string };

function withStore<T>(work: (store: ReturnType<typeof openEstimateStore>) => T): T {
  const store = openEstimateStore({ dataDir: server.dataDir });
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** Every table's rows, for "nothing was saved". */
function snapshot(): string {
  return withStore((store) => {
    const tables = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    return JSON.stringify(
      tables.map(({ name }) => [
        name,
        store.db
          .prepare(`SELECT * FROM "${name}"`)
          .all()
          .map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("base64") : v)))
          .sort(),
      ]),
    );
  });
}

function ownerPost(pathname: string, fields: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: `owner=${session.token}`,
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }),
  });
}

function publicPost(pathname: string, fields: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The text as the page prints it inside a box (React escapes &, < and > only). */
const inPage = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** `n` characters a person might type (words, not one letter repeated). */
const typed = (n: number, words = "The crown is cracked & the flashing leaks. ") =>
  words.repeat(Math.ceil(n / words.length)).slice(0, n);

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" });
  session = withStore((store) => {
    const { token, session: s } = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: s.csrf };
  });
}, 90_000);
afterAll(async () => {
  await stopServer(server);
});

describe("the owner's quote editor", () => {
  let quoteId: number;
  let line: string;
  let option: string;
  const draft = () =>
    withStore(
      (s) =>
        JSON.parse(s.quotes.get(quoteId)?.draft ?? "{}") as {
          options: { id: string; lines: { id: string; description: string }[] }[];
        },
    );

  beforeAll(async () => {
    const requestId = withStore((s) => s.save(newLead({ idempotencyKey: null, email: "limits@example.com" })).id);
    const created = await ownerPost(`/owner/requests/${requestId}`, { intent: "new-quote" });
    quoteId = Number(/\/owner\/quotes\/(\d+)$/.exec(created.headers.get("location") ?? "")?.[1]);
    option = draft().options[0]?.id ?? "";
    expect((await ownerPost(`/owner/quotes/${quoteId}`, { intent: `blank:${option}` })).status).toBe(302);
    line = draft().options[0]?.lines[0]?.id ?? "";
    expect(line).not.toBe("");
  });

  it("refuses a 10,000-character description by name and limit, saves nothing, and gives the text back whole", async () => {
    const before = snapshot();
    const description = typed(10_000);
    const res = await ownerPost(`/owner/quotes/${quoteId}`, {
      intent: "save",
      [`line.${line}.name`]: "Crown rebuild",
      [`line.${line}.qty`]: "1",
      [`line.${line}.unit`]: "each",
      [`line.${line}.price`]: "1450",
      [`line.${line}.desc`]: description,
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Description: at most 400 characters.");
    expect(page).toContain("Nothing was saved.");
    expect(page).not.toContain("Saved.</");
    expect(page).toContain(inPage(description));
    expect(page).toMatch(
      new RegExp(
        `name="line\\.${line}\\.desc"[^>]*maxLength="400"|maxLength="400"[^>]*name="line\\.${line}\\.desc"`,
        "i",
      ),
    );
    expect(snapshot()).toBe(before);
  });

  it("refuses every other box of the editor over its limit, each by name", async () => {
    const cases: [string, string, string][] = [
      [`line.${line}.name`, typed(81), "Line name: at most 80 characters."],
      [`line.${line}.unit`, typed(21), "Unit: at most 20 characters."],
      [`line.${line}.qty`, "1".repeat(21), "Quantity: at most 20 characters."],
      [`line.${line}.price`, "1".repeat(21), "Price: at most 20 characters."],
      [`line.${line}.materials`, typed(2001), "Materials: at most 2000 characters."],
      [`line.${line}.materials`, `Mortar\n${typed(121)}`, "Each material: at most 120 characters."],
      [
        `line.${line}.materials`,
        Array.from({ length: 13 }, (_, i) => `Brick ${i + 1}`).join("\n"),
        "Materials: at most 12, one per line.",
      ],
      ["note", typed(2001), "Note to the homeowner: at most 2000 characters."],
      ["depositValue", "3".repeat(21), "Deposit amount: at most 20 characters."],
    ];
    for (const [name, value, words] of cases) {
      const before = snapshot();
      const res = await ownerPost(`/owner/quotes/${quoteId}`, {
        intent: "save",
        [`line.${line}.name`]: "Crown rebuild",
        [`line.${line}.qty`]: "1",
        [`line.${line}.unit`]: "each",
        [`line.${line}.price`]: "1450",
        depositKind: "percent",
        depositValue: "30",
        [name]: value,
      });
      expect(res.status, name).toBe(400);
      const page = await res.text();
      expect(page, name).toContain(words);
      expect(page, name).toContain(inPage(value.split("\n").at(-1) ?? ""));
      expect(snapshot(), name).toBe(before);
    }
  });

  it("counts a line break once, as the box's maxlength does: 400 characters over 10 lines are taken", async () => {
    const description = Array.from({ length: 10 }, () => typed(39)).join("\r\n"); // 390 + 9 breaks = 399
    const res = await ownerPost(`/owner/quotes/${quoteId}`, {
      intent: "save",
      [`line.${line}.name`]: "Crown rebuild",
      [`line.${line}.qty`]: "1",
      [`line.${line}.unit`]: "each",
      [`line.${line}.price`]: "1450",
      [`line.${line}.desc`]: description,
    });
    expect(res.status).toBe(302);
    expect(draft().options[0]?.lines[0]?.description).toBe(description.replaceAll("\r\n", "\n").trim());
  });

  it("refuses a deposit amount over its limit in words, and records nothing", async () => {
    const before = snapshot();
    const res = await ownerPost(`/owner/quotes/${quoteId}`, { intent: "deposit", amount: "5".repeat(21) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Amount: at most 20 characters.");
    expect(snapshot()).toBe(before);
  });
});

describe("the owner's request screen", () => {
  let requestId: number;
  beforeAll(() => {
    requestId = withStore((s) => s.save(newLead({ idempotencyKey: null, email: "note-limits@example.com" })).id);
  });

  it("refuses a note over 2,000 characters, keeps it in the box, and adds no note", async () => {
    const before = snapshot();
    const note = typed(2001, "Called back, left a message about the crown <again>. ");
    const res = await ownerPost(`/owner/requests/${requestId}`, { intent: "note", note });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Note: at most 2000 characters.");
    expect(page).toContain(inPage(note));
    expect(snapshot()).toBe(before);
  });

  it("refuses a visit booked with a street, town or notes over their limits, by name, and books nothing", async () => {
    const cases: [string, string, string][] = [
      ["street", typed(161), "Street: at most 160 characters."],
      ["town", typed(61), "Town: at most 60 characters."],
      ["notes", typed(401), "Notes: at most 400 characters."],
    ];
    for (const [name, value, words] of cases) {
      const before = snapshot();
      const res = await ownerPost(`/owner/requests/${requestId}`, {
        intent: "book-visit",
        window: "2030-01-07 08:00",
        town: "Normal",
        street: "12 Elm St",
        notes: "",
        [name]: value,
      });
      expect(res.status, name).toBe(400);
      const page = await res.text();
      expect(page, name).toContain(words);
      expect(page, name).toContain(inPage(value));
      expect(snapshot(), name).toBe(before);
    }
  });

  it("answers a hidden field over its hard cap with a 400 in words, not a cut value", async () => {
    const res = await ownerPost(`/owner/requests/${requestId}`, { intent: "x".repeat(21) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("That is more than this form takes.");
  });
});

describe("the homeowner's pages", () => {
  it("the visit page refuses a street or notes over their limits, names the box, and keeps the text", async () => {
    const token = withStore((s) => {
      const { id } = s.save(newLead({ idempotencyKey: null, email: "visit-limits@example.com" }));
      return s.visits.newLink(id);
    });
    const cases: [string, string, string][] = [
      ["street", typed(161), "Street address: at most 160 characters."],
      ["notes", typed(401), "Anything we should know?: at most 400 characters."],
      ["other-town", typed(61), "Which town?: at most 60 characters."],
    ];
    for (const [name, value, words] of cases) {
      const before = snapshot();
      const res = await publicPost(`/visit/${token}`, {
        intent: "place",
        town: name === "other-town" ? "other" : "Normal",
        street: "12 Elm St",
        notes: "",
        [name]: value,
      });
      expect(res.status, name).toBe(422);
      const page = await res.text();
      expect(page, name).toContain(inPage(words));
      expect(page, name).toContain(inPage(value));
      expect(snapshot(), name).toBe(before);
    }
  });

  it("the quote page refuses a name or a change request over its limit, names the box, and keeps the text", async () => {
    const { token } = seedQuote(server.dataDir);
    const link = `/quote/${token}`;
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: "changes", changes: typed(2001) }, "What should we change?: at most 2000 characters.", "changes"],
      [{ intent: "decline", reason: typed(2001) }, "Why not?: at most 2000 characters.", "reason"],
      [
        { intent: "accept", option: "o0", consent: "yes", pamphlet: "yes", name: typed(121, "Dana Whitfield ") },
        "Your full name: at most 120 characters.",
        "name",
      ],
    ];
    for (const [fields, words, box] of cases) {
      const before = snapshot();
      const res = await fetch(`${server.url}${link}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "null",
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
      expect(res.status, box).toBe(400);
      const page = await res.text();
      expect(page, box).toContain(inPage(words));
      expect(page, box).toContain(inPage(fields[box] ?? ""));
      expect(snapshot(), box).toBe(before);
    }
  });
});
