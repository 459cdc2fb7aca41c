// The quote's whole path with JavaScript off, at 375 px: the owner makes a quote from a request on the phone (five
// taps from New quote to sent, options included) and sends it; the homeowner opens the e-mail's link, picks an option
// (the total follows without a script), ticks the consents, types a name and accepts; the owner sees the request won;
// and the homeowner's copy, e-mailed with its PDF, carries the same hash as the console shows. A server of its own
// with a local mail server, so the e-mails are read as a homeowner's inbox would get them.
import { writeFileSync } from "node:fs";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { startSmtp, waitFor } from "../server/smtp.ts";
import { pdfText } from "../support/pdf-text.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

test.describe.configure({ mode: "serial" });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: ReturnType<typeof ownServer>;

test.beforeAll(async () => {
  if (!onPhone()) return;
  smtp = await startSmtp();
  const env: Record<string, string> = { SMTP_URL: smtp.url, NOTIFY_EMAIL: "owner@example.com" };
  own = ownServer("quotes", env);
  // The e-mails' links are made with the site's address (read when the server starts).
  env.SITE_URL = own.server.origin;
  await own.start();
});
test.afterAll(async () => {
  own?.stop();
  await smtp?.close();
});

async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const seen = new Map<string, ParsedMail>();
  return waitFor(() => {
    for (const m of smtp.received) {
      if (!m.to.includes(address)) continue;
      const parsed = seen.get(m.raw);
      if (parsed && subject.test(parsed.subject ?? "")) return parsed;
      if (!parsed) void simpleParser(m.raw).then((p) => seen.set(m.raw, p));
    }
    return undefined;
  }, 20_000);
}

/** A phone with JavaScript switched off: the console's and the quote page's forms work as plain HTML. */
async function phoneWithoutScript(
  context: BrowserContext,
  page: Page,
): Promise<{ context: BrowserContext; page: Page }> {
  const browser = context.browser();
  if (!browser) throw new Error("no browser");
  const state = await context.storageState();
  const noScript = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
    storageState: state,
  });
  await page.close();
  return { context: noScript, page: await noScript.newPage() };
}

test("owner sends a quote from the phone, the homeowner accepts it without JavaScript, and both copies carry one hash", async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  test.setTimeout(120_000);
  // Signing in needs the passkey's script; everything after it runs with JavaScript off.
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  const { id } = store.save({
    name: "Dana Whitfield",
    email: "dana@example.com",
    phone: "(309) 555-0177",
    service: "Chimney Crown Repair",
    message: "The crown is cracked and water gets in.",
    city: "Normal",
    spam: false,
    idempotencyKey: null,
    ip: null,
    userAgent: null,
  });
  store.close();
  const owner = await phoneWithoutScript(context, page);
  const phone = owner.page;

  // From the request to sent: every tap counted.
  let taps = 0;
  const tap = async (name: string) => {
    taps += 1;
    await phone.getByRole("button", { name, exact: true }).first().click();
  };
  await phone.goto(`${own.server.origin}/owner/requests/${id}`);
  await tap("New quote");
  await expect(phone.getByRole("heading", { level: 1, name: /^Quote Q-/ })).toBeVisible();
  await tap("Chimney crown rebuild");
  await expect(phone.getByText("Total: $1,450.00")).toBeVisible();
  await tap("Offer options (good / better / best)");
  await expect(phone.getByLabel("Option 2")).toHaveValue("Better");
  await phone.screenshot({ path: testInfo.outputPath("owner-quote-375.png"), fullPage: true });
  await tap("Review and send");
  await expect(phone.getByRole("heading", { level: 1, name: "Send this quote?" })).toBeVisible();
  await tap("Send to dana@example.com");
  await expect(phone.getByText("Sent. The homeowner's e-mail goes out now")).toBeVisible();
  expect(taps).toBeLessThanOrEqual(6);

  // The homeowner's phone, also without JavaScript.
  const sent = await mailTo("dana@example.com", /^Your quote from/);
  const link = /http:\/\/\S+\/quote\/[A-Za-z0-9_-]{32,64}/.exec(sent.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");
  const homeowner = await context.browser()?.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
  if (!homeowner) throw new Error("no context");
  const dana = await homeowner.newPage();
  const scripts: string[] = [];
  dana.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await dana.goto(link);
  await expect(dana.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  const total = dana.getByRole("region", { name: "Your total" }).locator(".qt:visible");
  await expect(total).toContainText("$1,450.00");
  await dana.screenshot({ path: testInfo.outputPath("homeowner-quote-375.png"), fullPage: true });
  await dana.getByRole("radio", { name: /Better/ }).check();
  await expect(total).toContainText("Better");
  await dana.getByRole("checkbox", { name: /receive this quote and its records electronically/ }).check();
  await dana.getByRole("checkbox", { name: /have received from the contractor a copy of the pamphlet/ }).check();
  await dana.getByLabel("Your full name").fill("Dana Whitfield");
  await dana.getByRole("button", { name: "I accept" }).click();
  await expect(dana.getByText("Thank you: your acceptance is recorded.")).toBeVisible();
  await expect(dana.getByText(/Accepted by Dana Whitfield on .*: Better, \$1,450\.00\./)).toBeVisible();
  expect(scripts).toEqual([]);
  await dana.screenshot({ path: testInfo.outputPath("homeowner-accepted-375.png"), fullPage: true });

  // The owner sees it won; the quote's screen shows the acceptance and the hash.
  await phone.goto(`${own.server.origin}/owner/requests/${id}`);
  await expect(phone.getByRole("heading", { name: /^Status:/ })).toContainText("Won");
  await phone.getByRole("link", { name: /^Q-/ }).click();
  await expect(phone.getByRole("heading", { name: "Accepted" })).toBeVisible();
  const hash = (await phone.locator("dt:text-is('Version SHA-256') + dd").innerText()).trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  // The homeowner's copy: the same hash in the e-mail and in its PDF.
  const copy = await mailTo("dana@example.com", /^You accepted quote/);
  expect(copy.text).toContain(`Version SHA-256: ${hash}`);
  const pdf = copy.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdfText(pdf?.content ?? Buffer.alloc(0))).toContain(hash);
  writeFileSync(testInfo.outputPath("accepted-quote.pdf"), pdf?.content ?? Buffer.alloc(0));
  await homeowner.close();
  await owner.context.close();
});
