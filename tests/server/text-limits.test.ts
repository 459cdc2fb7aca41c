// Limits are said, not applied in silence (issue 51): on the built server, every box posted over its limit is
// refused with the box and the limit named, nothing is saved, and the page comes back with the whole text as typed.
// The console's quote editor, deposit, request note and visit booking, calendars, visits, availability, recorded
// acceptance and passkey name; the homeowner's visit page (booking and cancelling) and quote page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { homeownerPost } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { business } from "../../app/content/business.ts";
import { wallAt } from "../../server/time/wall-time.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";

let server: RunningServer;
let session: { token: string; csrf: string };

function withStore<T>(work: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, work);
}

/** Every table's rows, for "nothing was saved". */
function snapshot(): string {
  return JSON.stringify(withStore(tableRows));
}

function ownerPost(pathname: string, fields: Record<string, string>) {
  return ownerFormPost(server.url, session, pathname, fields);
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
      const res = await homeownerPost(`${server.url}${link}`, fields);
      expect(res.status, box).toBe(400);
      const page = await res.text();
      expect(page, box).toContain(inPage(words));
      expect(page, box).toContain(inPage(fields[box] ?? ""));
      expect(snapshot(), box).toBe(before);
    }
  });
});

/** A booked visit written straight in, `hours` from now, for the owner's and the homeowner's cancel forms. */
function bookedVisit(email: string, hours = 100) {
  return withStore((s) => {
    const { id: estimateId } = s.save(newLead({ idempotencyKey: null, email }));
    const token = s.visits.newLink(estimateId);
    const starts = new Date(Date.now() + hours * 3_600_000);
    const ends = new Date(starts.getTime() + 2 * 3_600_000);
    const from = wallAt(starts, business.timeZone);
    const to = wallAt(ends, business.timeZone);
    const id = s.visits.insert({
      estimate_id: estimateId,
      uid: `limits-${estimateId}@example.com`,
      status: "booked",
      day: from.day,
      starts: from.time,
      ends: to.time,
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
      slot: 90 + (estimateId % 9),
      town: "Normal",
      street: "12 Elm St",
      notes: "",
      email,
      phone_digits: "3095550100",
      booked_at: new Date().toISOString(),
      booked_by: "homeowner",
      booked_in_hours: 1,
      idempotency_key: null,
    });
    return { id, token };
  });
}

describe("the owner's visits, calendars and settings", () => {
  it("the calendars page refuses a name or an address over its limit, by name, adds nothing, and keeps both", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { address: "https://calendar.example.com/basic.ics", label: typed(61, "Work <jobs> & estimates ") },
        "Name (for you): at most 60 characters.",
        "label",
      ],
      [
        { address: `https://calendar.example.com/${"a".repeat(2100)}.ics`, label: "Work" },
        "Secret address in iCal format: at most 2100 characters.",
        "address",
      ],
    ];
    for (const [fields, words, box] of cases) {
      const before = snapshot();
      const res = await ownerPost("/owner/visits/calendars", { intent: "add", ...fields });
      expect(res.status, box).toBe(400);
      const page = await res.text();
      expect(page, box).toContain(inPage(words));
      expect(page, box).toContain(inPage(fields.label ?? ""));
      expect(page, box).toContain(inPage(fields.address ?? ""));
      expect(page, box).toMatch(/name="label"[^>]*maxLength="60"|maxLength="60"[^>]*name="label"/i);
      expect(snapshot(), box).toBe(before);
    }
  });

  it("'Block a day' refuses a note over 120 characters, blocks nothing, and keeps the note", async () => {
    const before = snapshot();
    const note = `${typed(120, "Snow & ice <again> on the roads. ")}.`;
    const res = await ownerPost("/owner/visits", { intent: "block", first: "2030-01-07", last: "", note });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Why (a note for you): at most 120 characters.");
    expect(page).toContain(inPage(note));
    expect(snapshot()).toBe(before);
  });

  it("cancelling a visit refuses a reason over 300 characters, cancels nothing, and keeps the reason", async () => {
    const visit = bookedVisit("owner-cancel-limits@example.com");
    const before = snapshot();
    const reason = typed(301, "The crew is sick & the truck <broke>. ");
    const res = await ownerPost("/owner/visits", { intent: "cancel", id: String(visit.id), tell: "yes", reason });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Reason (the homeowner sees it): at most 300 characters.");
    expect(page).toContain(inPage(reason));
    expect(snapshot()).toBe(before);
  });

  it("the availability settings refuse a day's windows over 300 characters, save nothing, and keep the text", async () => {
    const before = snapshot();
    const windows = typed(301, "8–10 am, 10 am–12 pm, 1–3 pm, ");
    const res = await ownerPost("/owner/visits/settings", {
      intent: "save",
      enabled: "yes",
      "windows-Monday": windows,
      perWindow: "1",
      dailyCap: "4",
      horizonDays: "21",
      changeCutoffHours: "12",
      cutoff: "17:00",
      reminderAt: "09:00",
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Monday: at most 300 characters.");
    expect(page).toContain(inPage(windows));
    expect(page).toMatch(/name="windows-Monday"[^>]*maxLength="300"|maxLength="300"[^>]*name="windows-Monday"/i);
    expect(snapshot()).toBe(before);
  });
});

describe("the owner's quote screen and sign-in page", () => {
  it("'Record acceptance' refuses a name over 200 characters, records nothing, and keeps the name", async () => {
    const { quoteId } = seedQuote(server.dataDir);
    const before = snapshot();
    const name = typed(201, "Dana Neil & Whitfield <Trust> ");
    const res = await ownerPost(`/owner/quotes/${quoteId}`, { intent: "record", option: "o0", name, atHome: "on" });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(inPage("Their full name, as signed: at most 200 characters."));
    expect(page).toContain(inPage(name));
    expect(page).toMatch(/name="name"[^>]*maxLength="200"|maxLength="200"[^>]*name="name"/i);
    expect(snapshot()).toBe(before);
  });

  it("a new passkey's name over 60 characters is refused by name before the passkey is asked for", async () => {
    const before = snapshot();
    const res = await ownerPost("/owner/passkey/add", { step: "options", name: typed(61, "Office laptop ") });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Name this passkey: at most 60 characters." });
    expect(snapshot()).toBe(before);
  });
});

describe("the homeowner's visit page, cancelling", () => {
  it("refuses a reason over 300 characters by name, cancels nothing, and puts the reason back in the box", async () => {
    const { token } = bookedVisit("home-cancel-limits@example.com");
    const before = snapshot();
    const reason = typed(301, "We sold the house & moved <away>. ");
    const res = await publicPost(`/visit/${token}`, { intent: "cancel", reason });
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain(inPage("Why?: at most 300 characters."));
    expect(page).toContain(inPage(reason));
    expect(page).toMatch(/name="reason"[^>]*maxLength="300"|maxLength="300"[^>]*name="reason"/i);
    expect(snapshot()).toBe(before);
  });
});
