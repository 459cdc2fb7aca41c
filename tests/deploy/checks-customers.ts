// The deploy drill's customers (issue 65): the owner brings his Jobber list in on a phone over https, puts one old
// customer's fireplace on file, and sends a campaign that reaches her once, with RFC 8058's headers, and her one-click
// unsubscribe honoured. Marketing mail goes out only on the business's days, 9:00-17:00 in Chicago (decision 0052):
// outside that window the drill checks the e-mail waits instead, and says so.
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Mailbox, Owner, Screenshots } from "./checks.ts";
import { firstLine, httpsFetch } from "./trust.ts";

const JOBBER_FILE = path.resolve("tests/support/customer-import/jobber-clients.csv");
const MARGARET = "mhollis@example.com";

export type CampaignResult = {
  imported: string;
  dueOn: string;
  /** The e-mail's arrival after Send, or null when the send window was closed. */
  arrivedMs: number | null;
  unsubscribed: boolean;
  headers: string;
};

async function step<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw new Error(`${message}: ${firstLine(error)}`);
  }
}

/** Whether now is a weekday 9:05-16:55 in Chicago: the window without its edges. */
function clearlyInWindow(at: Date): boolean {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    weekday: "short",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const minutes = Number(get("hour")) * 60 + Number(get("minute"));
  return !["Sat", "Sun"].includes(get("weekday")) && minutes >= 9 * 60 + 5 && minutes <= 16 * 60 + 55;
}

/** A day `months` from today in Chicago, as YYYY-MM-DD (the 1st, so any month has it). */
function monthsAhead(months: number, at: Date): string {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit" })
    .format(at)
    .split("-")
    .map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}-01`;
}

export async function importListAndSendCampaign(
  owner: Owner,
  mail: Mailbox,
  ca: Buffer,
  { screenshots, now = () => new Date() }: Screenshots & { now?: () => Date } = {},
): Promise<CampaignResult> {
  const { page } = owner;
  const shot = async (name: string) => {
    if (screenshots) await page.screenshot({ path: path.join(screenshots, name), fullPage: true }).catch(() => {});
  };
  await owner.signIn("/owner/customers/import");
  await step("the import's file field", () => page.getByLabel("The file (CSV)").setInputFiles(JOBBER_FILE));
  await page.getByRole("button", { name: "Look at the file" }).click();
  const counts = page.locator("p", { hasText: "rows read =" });
  const dry = await step("no dry run", async () => (await counts.textContent({ timeout: 30_000 })) ?? "");
  if (dry !== "12 rows read = 8 new + 0 already here + 1 possible duplicates + 3 refused")
    throw new Error(`the dry run's counts: ${dry}`);
  await shot("import-dry-run-375.png");
  await page.getByRole("button", { name: "Import 9 customers" }).click();
  const status = page.getByRole("status");
  await step("the import did not end", () => status.filter({ hasText: /^Imported:/ }).waitFor({ timeout: 60_000 }));
  const imported = (await status.filter({ hasText: /^Imported:/ }).textContent()) ?? "";

  // Margaret Hollis, found by her phone typed another way; her fireplace last swept 11 months ago.
  await owner.signIn("/owner/customers");
  await page.getByRole("searchbox", { name: "Name, street, phone or e-mail" }).fill("309 828 4417");
  await page.getByRole("button", { name: "Find" }).click();
  await step("Margaret Hollis not found", () => page.getByRole("link", { name: "Margaret Hollis" }).click());
  const place = page.getByRole("region", { name: /1204 N Main St/ });
  await place.getByText("Add a flue here").click();
  const last = monthsAhead(-11, now());
  await place.getByLabel("Last swept or inspected, if you know").fill(last);
  await place.getByRole("button", { name: "Add the flue" }).click();
  await step("the flue was not added", () => status.filter({ hasText: "Flue added." }).waitFor());
  const dueOn = monthsAhead(1, now());

  // The campaign: those due by the month after next, in Bloomington: Margaret alone.
  await owner.signIn("/owner/campaigns");
  await page.getByLabel("Chimney due by").fill(monthsAhead(2, now()));
  await page.getByLabel("Town").selectOption("Bloomington");
  await page.getByRole("button", { name: "Count them" }).click();
  const heading = page.getByRole("heading", { level: 3, name: /^1 (person|people)$/ });
  await step("the campaign did not count Margaret alone", () => heading.waitFor());
  await shot("campaign-count-375.png");
  // The mail server stamps arrivals with performance.now() (tests/server/smtp.ts).
  const sentAt = performance.now();
  await page.getByRole("button", { name: /^Send to 1 (person|people)$/ }).click();
  await step("the campaign was not queued", () =>
    status.filter({ hasText: /^Campaign #\d+ is on its way: 1 e-mails? queued/ }).first().waitFor(),
  );
  await shot("campaign-sent-375.png");

  const inWindow = clearlyInWindow(now());
  const deadline = Date.now() + (inWindow ? 120_000 : 20_000);
  let arrived = mail.received.find((m) => m.to.includes(MARGARET) && m.at >= sentAt);
  while (!arrived && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    arrived = mail.received.find((m) => m.to.includes(MARGARET) && m.at >= sentAt);
  }
  if (!arrived) {
    if (inWindow) throw new Error("the campaign's e-mail did not arrive within 120 s inside the send window");
    return { imported, dueOn, arrivedMs: null, unsubscribed: false, headers: "" };
  }
  await new Promise((r) => setTimeout(r, 3_000));
  const copies = mail.received.filter((m) => m.to.includes(MARGARET) && m.at >= sentAt).length;
  if (copies !== 1) throw new Error(`Margaret got the campaign ${copies} times`);
  const parsed = await simpleParser(arrived.raw);
  // The headers as sent (mailparser folds List-* headers into its own shape).
  const head = arrived.raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unsubscribe = /^List-Unsubscribe: *(.*?)\r?$/im.exec(head)?.[1] ?? "";
  const post = /^List-Unsubscribe-Post: *(.*?)\r?$/im.exec(head)?.[1] ?? "";
  const link = /<(https?:\/\/[^>]+)>/.exec(unsubscribe)?.[1];
  if (!link || post !== "List-Unsubscribe=One-Click")
    throw new Error(`RFC 8058 headers: List-Unsubscribe ${unsubscribe}; List-Unsubscribe-Post ${post}`);
  if (!(parsed.text ?? "").includes("Bloomington, IL")) throw new Error("no postal address in the e-mail");
  // The mail provider's one click: a POST with no cookie, honoured at once.
  const oneClick = {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  };
  // Over https on the server; plain http only where the drill's own check is tried on this machine.
  const answer = link.startsWith("https:")
    ? await httpsFetch(link, ca, oneClick)
    : await fetch(new URL(new URL(link).pathname, owner.origin), oneClick);
  if (answer.status !== 200) throw new Error(`the one-click unsubscribe answered ${answer.status}`);
  await owner.signIn("/owner/campaigns");
  await page.getByLabel("Chimney due by").fill(monthsAhead(2, now()));
  await page.getByLabel("Town").selectOption("Bloomington");
  await page.getByRole("button", { name: "Count them" }).click();
  await step("Margaret still counted after her unsubscribe", () =>
    page.getByRole("heading", { level: 3, name: /^0 people$/ }).waitFor(),
  );
  return {
    imported,
    dueOn,
    arrivedMs: arrived.at - sentAt,
    unsubscribed: true,
    headers: `List-Unsubscribe-Post: ${post}`,
  };
}
