// The deploy drill's checks from outside the server (issue 27): what a visitor and the owner do, over real https at
// 375 px, against a site deployed as README "Put it on a server" says. The drill (tests/deploy/) sets the server up
// and calls these; tests/deploy/checks-local.ts runs them against a local Caddy + server.
//
// Every function throws an Error with a plain message when the site does not do what it should, and returns what a
// later step needs. In the order the drill calls them:
//
//   const mail = await startMailbox();                  // host SMTP server: put mail.url in the server's SMTP_URL
//   const trust = trustCaddyRoot("root.crt");           // temp HOME + NSS db trusting Caddy's root; trust.ca for Node
//   const browser = await launchTrustingBrowser(trust); // Chromium with that HOME; certificate errors stay errors
//   await checkUntrustedBrowserRefuses(origin);         // control: without the root, ERR_CERT_AUTHORITY_INVALID
//   const site = { origin: "https://localhost", ca: trust.ca };
//   await checkPublicPages(site, DEFAULT_PAGES);        // every path 200 over https with its words -> timings
//   const owner = await enrolOwner(browser, parseInviteLink(inviteOutput), { screenshots });
//                                                       // signed in on the console; keep it: owner.signIn() later
//   const sent = await sendRequestFromForm(browser, site.origin, { screenshots });
//   const alert = await waitForOwnerAlert(mail, sent, site.origin);   // the owner's e-mail, its two console links
//   await checkAlertLinks(owner, alert, sent, { screenshots });       // request opens; one-tap marks it contacted
//   const visit = await bookAndMoveVisit(browser, site.origin, mail); // booked, invite, moved, same UID SEQUENCE 1
//   const quote = await sendAndAcceptQuote(owner, mail, alert.requestId, sent, { screenshots });   // sent, accepted
//   const change = await publishPhone(owner, { phone: "(309) 555-0188" });   // Business facts -> published
//   await checkPhoneLive(site, { phone: change.after, gone: change.before, owner, screenshots });
//   await undoLastChange(owner);                                      // "Undo: Business facts: Phone" published
//   await checkPhoneLive(site, { phone: change.before, gone: change.after });
//   await countRequestsInConsole(owner);  countRequestsFromLeads((cmd) => runInContainer(cmd));
//   await owner.close(); await browser.close(); trust.remove(); await mail.close();
//
// Nothing here starts or stops the site; nothing reads its database: only https, the browser and the mail.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { startSmtp, type Arrived } from "../server/smtp.ts";
import { firstLine, httpsFetch, launchTrustingBrowser, trustRoot, type Trust } from "./trust.ts";
import { pdfText } from "../support/pdf-text.ts";

export { CHROMIUM, CHROMIUM_ARGS, firstLine, httpsFetch, launchTrustingBrowser, type Trust } from "./trust.ts";

/** Where Caddy's package keeps its internal CA's root, inside the server. */
export const CADDY_ROOT_CERT = "/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt";

/** The public site: its https origin (no trailing slash) and the root that signs its certificate. */
export type Site = { origin: string; ca: Buffer };

/** The owner's phone: 375 px wide, touch, as the browser stories' mobile project. */
export const PHONE_SCREEN = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

/** Long enough for a cold page on a busy small server; a missing control still fails in seconds, not minutes. */
const PAGE_MS = 30_000;
/** A publish is a full build: 20-60 s on a small server; 227 s was seen on a two-core machine at load 19. */
export const PUBLISH_MS = 8 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Trust, mail, commands

/** Trusts Caddy's root (a PEM file copied out of the server) in a fresh HOME's NSS database; see trust.ts. */
export function trustCaddyRoot(rootCertFile: string): Trust {
  return trustRoot(rootCertFile, "caddy-local");
}

export type Mailbox = { url: string; received: Arrived[]; close: () => Promise<void> };

/** A mail server on 127.0.0.1 (a free port) that takes every message: the server's SMTP_URL is `url`. */
export function startMailbox(): Promise<Mailbox> {
  return startSmtp();
}

/** The link `npm run owner -- invite` printed. */
export function parseInviteLink(output: string): string {
  const link = /https?:\/\/\S+\/owner\/enrol\/[A-Za-z0-9_-]+/.exec(output)?.[0];
  if (!link) throw new Error(`npm run owner -- invite printed no invite link:\n${output.trim()}`);
  return link;
}

/** Runs a command on the server (as the site's user, in its folder) and resolves with its standard output. */
export type RunOnServer = (command: string) => Promise<string>;

/**
 * The control for trust: Chromium with a HOME whose NSS database does not hold the root must refuse `origin` with a
 * certificate error, so the trusted runs pass because of the root and not because certificates go unchecked.
 */
export async function checkUntrustedBrowserRefuses(origin: string): Promise<string> {
  const home = mkdtempSync(path.join(tmpdir(), "deploy-untrusted-home-"));
  const browser = await launchTrustingBrowser({ home, ca: Buffer.alloc(0), nickname: "none", remove: () => {} });
  try {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`);
    } catch (error) {
      const line = firstLine(error);
      if (/ERR_CERT_AUTHORITY_INVALID/.test(line)) return line;
      throw new Error(`Chromium without Caddy's root failed on ${origin} for another reason: ${line}`);
    }
    throw new Error(`Chromium without Caddy's root opened ${origin}: certificates are not being checked`);
  } finally {
    await browser.close();
    rmSync(home, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The owner's phone

export type Owner = {
  origin: string;
  browser: Browser;
  context: BrowserContext;
  /** The page the virtual authenticator is attached to: keep using it (a new page has no passkey). */
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  /** Opens `next` (default /owner), signing in with the passkey if the console asks for it. */
  signIn: (next?: string) => Promise<void>;
  close: () => Promise<void>;
};

export type Screenshots = { screenshots?: string };

/**
 * Opens the invite link on a 375 px phone with a platform authenticator (Chromium's virtual one: resident keys,
 * user verification, always approving), names the passkey and creates it. Ends signed in on the inbox.
 * Screenshots (when `screenshots` is a folder): enrol-375.png before the tap, inbox-375.png after.
 */
export async function enrolOwner(
  browser: Browser,
  inviteLink: string,
  { passkeyName = "Phone", screenshots }: { passkeyName?: string } & Screenshots = {},
): Promise<Owner> {
  const origin = new URL(inviteLink).origin;
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const owner: Owner = {
    origin,
    browser,
    context,
    page,
    cdp,
    authenticatorId,
    signIn: (next = "/owner") => signIn(owner, next),
    close: () => context.close(),
  };
  try {
    const response = await open(page, inviteLink, "the invite link");
    if (response !== 200) throw new Error(`The invite link answered ${response} (used, expired, or not this site's)`);
    await step("the enrolment page's passkey button did not start (no hydrated PasskeyButton)", () =>
      page.locator('[data-island="PasskeyButton"][data-hydrated]').waitFor(),
    );
    await step('the enrolment page has no "Name this passkey" field', () =>
      page.getByLabel("Name this passkey").fill(passkeyName),
    );
    await shoot(page, screenshots, "enrol-375.png");
    await step('no "Create a passkey on this device" button', () =>
      page.getByRole("button", { name: "Create a passkey on this device" }).click(),
    );
    await step(`creating the passkey did not land on ${origin}/owner (the console's inbox)`, () =>
      page.waitForURL(`${origin}/owner`),
    );
    await heading(page, "Estimate requests", "after enrolment the inbox");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    if (credentials.length !== 1) {
      throw new Error(`The phone's authenticator holds ${credentials.length} passkeys after enrolment, not 1`);
    }
    if (credentials[0]?.rpId !== new URL(origin).hostname) {
      throw new Error(`The passkey is for "${credentials[0]?.rpId}", not for ${new URL(origin).hostname}`);
    }
    await shoot(page, screenshots, "inbox-375.png");
    return owner;
  } catch (error) {
    await shoot(page, screenshots, "enrol-failed-375.png");
    await context.close();
    throw error;
  }
}

async function signIn(owner: Owner, next: string) {
  const { page, origin } = owner;
  await open(page, `${origin}${next}`, `the console (${next})`);
  if (new URL(page.url()).pathname === "/owner/sign-in") {
    await step("the sign-in page's passkey button did not start", () =>
      page.locator('[data-island="PasskeyButton"][data-hydrated]').waitFor(),
    );
    await step('no "Sign in with a passkey" button', () =>
      page.getByRole("button", { name: "Sign in with a passkey" }).click(),
    );
    await step(`signing in with the passkey did not lead to ${origin}${next}`, () =>
      page.waitForURL(`${origin}${next}`),
    );
  }
  if (new URL(page.url()).pathname !== new URL(`${origin}${next}`).pathname) {
    throw new Error(`The console sent the owner to ${page.url()} instead of ${next}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A homeowner's request, the owner's alert and its links

export type SentRequest = { name: string; email: string; phone: string; service: string; message: string };

/**
 * A homeowner (a fresh 375 px browser context, not signed in) fills the form at /contact with the spec's labels and
 * sends it; the success panel must say "Message Sent Successfully!". Screenshot: request-sent-375.png.
 */
export async function sendRequestFromForm(
  browser: Browser,
  origin: string,
  { screenshots }: Screenshots = {},
): Promise<SentRequest> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const sent: SentRequest = {
    name: `Drill Homeowner ${unique}`,
    email: `drill-${unique}@example.com`,
    phone: "(309) 555-0142",
    service: "Chimney Crown Repair",
    message: `The crown is cracked and water gets into the attic. Deploy drill ${unique}.`,
  };
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_MS);
  try {
    const status = await open(page, `${origin}/contact`, "the contact page");
    if (status !== 200) throw new Error(`${origin}/contact answered ${status}`);
    // The form is the page's one island; it loads when the visitor first uses the form (decision 0023).
    await step("the contact form did not start (no hydrated island)", async () => {
      await page.getByLabel("Full Name").focus();
      await page.locator("[data-island][data-hydrated]").first().waitFor();
    });
    const fill = async (label: string, value: string) =>
      step(`the form has no field labelled "${label}"`, () => page.getByLabel(label).fill(value));
    await fill("Full Name", sent.name);
    await fill("Email Address", sent.email);
    await fill("Phone Number", sent.phone);
    await step('the form has no "Service Needed" choice "Chimney Crown Repair"', () =>
      page.getByLabel("Service Needed").selectOption(sent.service),
    );
    await fill("message", sent.message);
    await step('no "Send My Request" button', () => page.getByRole("button", { name: "Send My Request" }).click());
    await step('the form did not say "Message Sent Successfully!" after sending', () =>
      page.getByRole("heading", { name: "Message Sent Successfully!" }).waitFor(),
    );
    await shoot(page, screenshots, "request-sent-375.png");
    return sent;
  } catch (error) {
    await shoot(page, screenshots, "request-failed-375.png");
    throw error;
  } finally {
    await context.close();
  }
}

export type BookedVisit = {
  email: string;
  /** The invite's UID, the same for life. */
  uid: string;
  /** The window booked, then the one it moved to: "2026-12-02 08:00". */
  booked: string;
  moved: string;
  sequences: number[];
};

/** A received invite, read as a mail program and a calendar do: its MIME part's method, and the file's fields. */
async function readInvite(raw: string) {
  const mail = await simpleParser(raw);
  const ics = mail.attachments.find((a) => a.filename === "invite.ics")?.content.toString("utf8");
  if (!ics) throw new Error(`The e-mail "${mail.subject ?? ""}" has no invite.ics`);
  const part = /Content-Type: text\/calendar; charset=utf-8; method=(\w+)/i.exec(raw)?.[1];
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error(`The invite in "${mail.subject ?? ""}" has no event`);
  const event = new ICAL.Event(vevent);
  return {
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    part,
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

async function invitesTo(mail: Mailbox, email: string, count: number, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = mail.received.filter((m) => m.to.includes(email) && m.raw.includes("invite.ics"));
    if (found.length >= count) return Promise.all(found.map((m) => readInvite(m.raw)));
    if (performance.now() > deadline) {
      throw new Error(
        `${found.length} invite(s) to ${email} reached the mail server in ${timeoutMs / 1000} s, not ${count}`,
      );
    }
    await sleep(100);
  }
}

/**
 * A homeowner on a 375 px phone sends a request, picks a time from the success message (town, street, the first open
 * window, "Book this time": "Booked"), gets the invite (REQUEST, SEQUENCE 0, parsed as a calendar does), moves the
 * visit from the e-mail's link to the next window ("Your visit has moved"), and gets the second invite: the same UID,
 * SEQUENCE 1. Screenshots: booked-375.png, moved-375.png.
 */
export async function bookAndMoveVisit(
  browser: Browser,
  origin: string,
  mail: Mailbox,
  { screenshots }: Screenshots = {},
): Promise<BookedVisit> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `visit-${unique}@example.com`;
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_MS);
  try {
    await open(page, `${origin}/contact`, "the contact page");
    await step("the contact form did not start (no hydrated island)", async () => {
      await page.getByLabel("Full Name").focus();
      await page.locator("[data-island][data-hydrated]").first().waitFor();
    });
    await page.getByLabel("Full Name").fill(`Drill Visit ${unique}`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Phone Number").fill("(309) 555-0143");
    await page.getByLabel("message").fill(`Loose bricks on the chimney. Deploy drill ${unique}.`);
    await page.getByRole("button", { name: "Send My Request" }).click();
    await step('the success message has no "Pick a time for the free estimate" link', () =>
      page.getByRole("link", { name: "Pick a time for the free estimate" }).first().click(),
    );
    await step('the visit page has no "Town" choice', () =>
      page.getByLabel("Town", { exact: true }).selectOption("Normal"),
    );
    await page.getByLabel("Street address").fill("12 Drill St");
    await step('no "Show open times" button', () => page.getByRole("button", { name: "Show open times" }).click());
    const first = page.getByRole("radio").first();
    const booked = await step("no open window to pick", () => first.getAttribute("value"));
    await first.check();
    await page.getByRole("button", { name: "Book this time" }).click();
    await heading(page, "Booked", "after booking, the visit page");
    await shoot(page, screenshots, "booked-375.png", true);

    const [invite] = await invitesTo(mail, email, 1);
    if (!invite || invite.method !== "REQUEST" || invite.part !== "REQUEST" || invite.sequence !== 0) {
      throw new Error(`The first invite is not a REQUEST with SEQUENCE 0: ${JSON.stringify(invite)}`);
    }
    const link = /https:\/\/\S+\/visit\/[A-Za-z0-9_-]{43}/.exec(invite.text)?.[0];
    if (!link?.startsWith(`${origin}/visit/`))
      throw new Error(`The invite's e-mail has no link to the visit on ${origin}`);
    await open(page, link, "the invite's link to the visit");
    await page.getByRole("link", { name: "Move the visit" }).click();
    const next = page.getByRole("radio").first();
    const moved = await step("no window to move to", () => next.getAttribute("value"));
    await next.check();
    await page.getByRole("button", { name: "Move to this time" }).click();
    await step('moving did not say "Your visit has moved"', () =>
      page.getByText("Your visit has moved. We sent you an e-mail with the new time.").waitFor(),
    );
    await shoot(page, screenshots, "moved-375.png", true);
    const [, second] = await invitesTo(mail, email, 2);
    if (!second || second.uid !== invite.uid || second.sequence !== 1 || second.method !== "REQUEST") {
      throw new Error(`The move's invite is not the same UID with SEQUENCE 1: ${JSON.stringify(second)}`);
    }
    return { email, uid: invite.uid, booked: booked ?? "", moved: moved ?? "", sequences: [0, 1] };
  } catch (error) {
    await shoot(page, screenshots, "visit-failed-375.png", true);
    throw error;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The owner's own calendar (issue 47): busy times in, visits out

/**
 * A homeowner sends a request from the form, follows "Pick a time for the free estimate", gives the first town and a
 * street, and lands on the windows. Returns that page's address (the booking link).
 */
export async function homeownerReadyToBook(browser: Browser, origin: string, { screenshots }: Screenshots = {}) {
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_MS);
  try {
    await open(page, `${origin}/contact`, "the contact page");
    await step("the contact form did not start (no hydrated island)", async () => {
      await page.getByLabel("Full Name").focus();
      await page.locator("[data-island][data-hydrated]").first().waitFor();
    });
    const unique = Date.now().toString(36);
    await page.getByLabel("Full Name").fill(`Drill Booker ${unique}`);
    await page.getByLabel("Email Address").fill(`booker-${unique}@example.com`);
    await page.getByLabel("Phone Number").fill("(309) 555-0143");
    await page.getByLabel("message").fill(`Please look at the chimney. Deploy drill ${unique}.`);
    await page.getByRole("button", { name: "Send My Request" }).click();
    await step('no "Pick a time for the free estimate" after sending', () =>
      page.getByRole("link", { name: "Pick a time for the free estimate" }).first().click(),
    );
    await step('the visit page has no "Town" choice', () =>
      page.getByLabel("Town", { exact: true }).selectOption("Normal"),
    );
    await page.getByLabel("Street address").fill("12 Drill St");
    await step('no "Show open times" button', () => page.getByRole("button", { name: "Show open times" }).click());
    await step("the visit page shows no windows to pick", () => page.locator('input[type="radio"]').first().waitFor());
    await shoot(page, screenshots, "calendar-windows-375.png", true);
    return page.url().replace(/[?#].*$/, "");
  } finally {
    await context.close();
  }
}

/** The windows a booking link offers now, as its radio values ("2026-12-02 08:00"). */
export async function offeredWindows(site: Site, link: string): Promise<string[]> {
  const answer = await httpsFetch(link, site.ca);
  if (answer.status !== 200) throw new Error(`${link} answered ${answer.status}`);
  return [...answer.body.matchAll(/value="(\d{4}-\d{2}-\d{2} \d{2}:\d{2})"/g)].map((m) => m[1] as string);
}

/**
 * Visits -> "Your calendars" -> pastes `address`, names it, "Add calendar"; waits until the page says it was read.
 * Returns the calendar's line ("Read 10:14 am today: 1 busy time ahead."). Screenshot: calendar-added-375.png.
 */
export async function addOwnCalendar(
  owner: Owner,
  address: string,
  label: string,
  { screenshots }: Screenshots = {},
): Promise<string> {
  const { page } = owner;
  await owner.signIn("/owner/visits");
  await step('the Visits view has no link to "Your calendars"', () =>
    page.getByRole("link", { name: "Your calendars: busy times, and visits on your phone" }).click(),
  );
  await heading(page, "Calendars", "Visits -> Your calendars");
  await page.getByLabel("Secret address in iCal format").fill(address);
  await page.getByLabel("Name (for you)").fill(label);
  await step('no "Add calendar" button', () => page.getByRole("button", { name: "Add calendar" }).click());
  const card = page.getByTestId("calendar").filter({ hasText: label });
  const line = await step(`the calendar "${label}" was not read within 30 s`, async () => {
    await card.getByText(/^Read .* today/).waitFor({ timeout: 30_000 });
    return (await card.innerText()).replace(/\s+/g, " ");
  });
  await shoot(page, screenshots, "calendar-added-375.png", true);
  return line;
}

/** "Make the address" (or a new one) for the visits' feed; returns its https address, shown once. */
export async function makeVisitsFeed(
  owner: Owner,
  { screenshots }: Screenshots = {},
): Promise<{ https: string; webcal: string }> {
  const { page } = owner;
  await owner.signIn("/owner/visits/calendars");
  await step('no "Make the address" button', () =>
    page.getByRole("button", { name: /^Make (the|a new) address$/ }).click(),
  );
  const webcal = await step('no "Add to my phone\'s calendar" link', () =>
    page.getByRole("link", { name: "Add to my phone's calendar" }).getAttribute("href"),
  );
  const https = await page.getByLabel("Or copy this address").inputValue();
  await shoot(page, screenshots, "calendar-feed-375.png", true);
  return { https, webcal: webcal ?? "" };
}

export type OwnerAlert = {
  to: string[];
  /** The message with quoted-printable undone. */
  text: string;
  requestLink: string;
  requestId: number;
  markContactedLink: string;
  /** From the call to the message's arrival. */
  waitedMs: number;
};

/** Quoted-printable soft breaks and escapes undone, as tests/server/owner-alert-links.test.ts reads the alert. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for the owner's alert about `sent` (a message naming the homeowner's address, not sent to them: theirs is
 * the confirmation). Its request link and one-tap link must be on the public origin.
 */
export async function waitForOwnerAlert(
  mail: Mailbox,
  sent: SentRequest,
  origin: string,
  timeoutMs = 60_000,
): Promise<OwnerAlert> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  let found: Arrived | undefined;
  while (!(found = mail.received.find((m) => !m.to.includes(sent.email) && decodeMail(m.raw).includes(sent.email)))) {
    if (performance.now() > deadline) {
      const seen = mail.received.map((m) => m.to.join(",")).join("; ") || "none";
      throw new Error(
        `No owner alert for ${sent.email} reached the mail server in ${timeoutMs / 1000} s (messages seen, by recipient: ${seen})`,
      );
    }
    await sleep(100);
  }
  const text = decodeMail(found.raw);
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const request = new RegExp(`${escaped}/owner/requests/(\\d+)`).exec(text);
  const tap = new RegExp(`${escaped}/owner/act/[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  if (!request) {
    const any = /\S*\/owner\/requests\/\d+/.exec(text)?.[0];
    throw new Error(`The alert has no link to the request on ${origin}${any ? ` (it links to ${any})` : ""}`);
  }
  if (!tap) {
    const any = /\S*\/owner\/act\/\S+/.exec(text)?.[0];
    throw new Error(`The alert has no one-tap "Mark as contacted" link on ${origin}${any ? ` (found ${any})` : ""}`);
  }
  return {
    to: found.to,
    text,
    requestLink: request[0],
    requestId: Number(request[1]),
    markContactedLink: tap,
    waitedMs: Math.round(performance.now() - started),
  };
}

/**
 * The alert's links on the owner's signed-in phone: the request link opens that request (its name as the heading,
 * status New); the one-tap link asks "Mark as contacted?", its button marks it, "Open the request" shows it
 * Contacted; the same link a second time answers 410. Screenshots: request-375.png, contacted-375.png.
 */
export async function checkAlertLinks(
  owner: Owner,
  alert: OwnerAlert,
  sent: SentRequest,
  { screenshots }: Screenshots = {},
): Promise<void> {
  const { page } = owner;
  await owner.signIn(new URL(alert.requestLink).pathname);
  await heading(page, sent.name, "the alert's request link");
  await pressed(page, "New", "the request the alert links to");
  await shoot(page, screenshots, "request-375.png", true);

  const status = await open(page, alert.markContactedLink, "the one-tap link");
  if (status !== 200) throw new Error(`The one-tap link answered ${status}, not 200`);
  await heading(page, "Mark as contacted?", "the one-tap link");
  // Opening the link (what a mail scanner does) changes nothing.
  await open(page, alert.requestLink, "the request");
  await pressed(page, "New", "the request after only opening the one-tap link");
  await open(page, alert.markContactedLink, "the one-tap link");
  await step('the one-tap page has no "Mark as contacted" button', () =>
    page.getByRole("button", { name: "Mark as contacted", exact: true }).click(),
  );
  await heading(page, "Marked as contacted", "the one-tap button");
  await step('"Marked as contacted" has no "Open the request" link', () =>
    page.getByRole("link", { name: "Open the request" }).click(),
  );
  await step(`"Open the request" did not open ${alert.requestLink}`, () => page.waitForURL(alert.requestLink));
  await pressed(page, "Contacted", "the request after the one-tap button");
  await page.getByRole("button", { name: "Contacted", exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, screenshots, "contacted-375.png");
  const again = await open(page, alert.markContactedLink, "the used one-tap link");
  if (again !== 410) throw new Error(`The one-tap link used a second time answered ${again}, not 410`);
}

// ---------------------------------------------------------------------------------------------------------------
// A quote: sent from the console, accepted from the homeowner's link

export type AcceptedQuote = {
  reference: string;
  /** The homeowner's link to the quote, from the quote's e-mail, and the quote's page in the console. */
  link: string;
  consolePath: string;
  /** The accepted version's SHA-256, as the console shows it. */
  sha256: string;
  /** The accepted PDF, downloaded from the console. */
  pdf: Buffer;
  /** From the tap on "Send" to the homeowner's e-mail, and from "I accept" to the homeowner's copy. */
  sentMs: number;
  copyMs: number;
};

/**
 * The owner, signed in on the phone, makes a quote from the request (New quote, a preset line, Review and send,
 * Send); the quote's e-mail reaches the homeowner with a link on the public origin and the PDF; the homeowner (a
 * fresh 375 px context) opens the link, picks the option, gives consent, acknowledges the pamphlet, types a name and
 * taps "I accept"; the owner's console then shows the request won and the acceptance with its hash; the homeowner's
 * copy (with its PDF) carries the same hash; the console's PDF of the accepted version is a PDF holding it.
 * Screenshots: quote-sent-375.png, quote-homeowner-375.png, quote-accepted-375.png.
 */
export async function sendAndAcceptQuote(
  owner: Owner,
  mail: Mailbox,
  requestId: number,
  sent: SentRequest,
  { screenshots }: Screenshots = {},
): Promise<AcceptedQuote> {
  const { page, origin, browser } = owner;
  await owner.signIn(`/owner/requests/${requestId}`);
  const tap = (name: string) =>
    step(`no "${name}" button (at ${page.url()})`, () =>
      page.getByRole("button", { name, exact: true }).first().click(),
    );
  await tap("New quote");
  await step("New quote did not open a quote", () => page.waitForURL(/\/owner\/quotes\/\d+$/));
  const quotePath = new URL(page.url()).pathname;
  await tap("Chimney crown rebuild");
  await tap("Review and send");
  await heading(page, "Send this quote?", "Review and send");
  const before = mail.received.length;
  const started = performance.now();
  await tap(`Send to ${sent.email}`);
  await step('the console did not say "Sent."', () =>
    page.getByText("Sent. The homeowner's e-mail goes out now").waitFor(),
  );
  await shoot(page, screenshots, "quote-sent-375.png");
  const quoteMail = await waitForMail(
    mail,
    before,
    (m) => m.to.includes(sent.email) && decodeMail(m.raw).includes("Read it, choose, and accept it online"),
  );
  const sentMs = Math.round(performance.now() - started);
  const text = decodeMail(quoteMail.raw);
  const link = secretLink(text, origin, "quote", "The quote's e-mail");
  if (!/Content-Type: application\/pdf/i.test(quoteMail.raw)) throw new Error("The quote's e-mail carries no PDF");

  const homeowner = await browser.newContext(PHONE_SCREEN);
  const dana = await homeowner.newPage();
  dana.setDefaultTimeout(PAGE_MS);
  let copyMs = 0;
  try {
    const status = await open(dana, link, "the homeowner's quote link");
    if (status !== 200) throw new Error(`The homeowner's quote link answered ${status}`);
    await heading(dana, "Your quote", "the homeowner's quote link");
    await step("the quote page has no consent box", () =>
      dana.getByRole("checkbox", { name: /receive this quote and its records electronically/ }).check(),
    );
    await step("the quote page has no pamphlet acknowledgment", () =>
      dana.getByRole("checkbox", { name: /have received from the contractor a copy of the pamphlet/ }).check(),
    );
    await step('the quote page has no "Your full name" field', () => dana.getByLabel("Your full name").fill(sent.name));
    await shoot(dana, screenshots, "quote-homeowner-375.png");
    const beforeCopy = mail.received.length;
    const accepted = performance.now();
    await step('no "I accept" button', () => dana.getByRole("button", { name: "I accept" }).click());
    await step("the page did not confirm the acceptance", () =>
      dana.getByText("Thank you: your acceptance is recorded.").waitFor(),
    );
    const copy = await waitForMail(
      mail,
      beforeCopy,
      (m) => m.to.includes(sent.email) && decodeMail(m.raw).includes("you accepted our quote"),
    );
    copyMs = Math.round(performance.now() - accepted);
    await open(page, `${origin}${quotePath}`, "the quote in the console");
    await step('the console does not show "Accepted"', () => page.getByRole("heading", { name: "Accepted" }).waitFor());
    const sha256 = (await page.locator("dt:text-is('Version SHA-256') + dd").innerText()).trim();
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`The console shows no version hash (${sha256})`);
    const reference = (await page.getByRole("heading", { level: 1 }).innerText()).replace(/^Quote /, "").trim();
    await shoot(page, screenshots, "quote-accepted-375.png");
    if (!decodeMail(copy.raw).includes(`Version SHA-256: ${sha256}`)) {
      throw new Error("The homeowner's copy does not carry the hash the console shows");
    }
    // Fetched by the owner's phone itself (it trusts the site's certificate and carries the session).
    const fetched = await page.evaluate(async (url) => {
      const r = await fetch(url);
      const bytes = new Uint8Array(await r.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { status: r.status, base64: btoa(binary) };
    }, `${origin}${quotePath}/pdf/1`);
    const bytes = Buffer.from(fetched.base64, "base64");
    if (fetched.status !== 200 || bytes.subarray(0, 5).toString() !== "%PDF-") {
      throw new Error(`The console's PDF of the accepted quote answered ${fetched.status}, ${bytes.length} bytes`);
    }
    if (!pdfText(bytes).includes(sha256)) throw new Error("The accepted quote's PDF does not carry its hash");
    await open(page, `${origin}/owner/requests/${requestId}`, "the request");
    await step("the request is not marked won", () =>
      page
        .getByRole("heading", { name: /^Status:/ })
        .filter({ hasText: "Won" })
        .waitFor(),
    );
    return { reference, link, consolePath: quotePath, sha256, pdf: bytes, sentMs, copyMs };
  } finally {
    await homeowner.close();
  }
}

async function waitForMail(mail: Mailbox, after: number, match: (m: Arrived) => boolean, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = mail.received.slice(after).find(match);
    if (found) return found;
    if (performance.now() > deadline) throw new Error(`the expected e-mail did not arrive in ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Paid on the site: Stripe Checkout (a stand-in on this machine), recorded from the signed event only

/** What the drill needs of the Stripe stand-in (tests/support/stripe-stand-in.ts). */
export type Checkout = { url: string; deliverQueued(): Promise<number[]> };

export type PaidOnline = { amount: string; confirmingMs: number; statuses: number[] };

/**
 * The homeowner, on a fresh 375 px phone, opens `link`, taps the button named `pay` ("Pay the $X deposit"), pays on
 * the checkout page and comes back: the page says "Payment received, confirming…" (the return proves nothing), and
 * only once the signed event has reached the site does it show `paidText`. Screenshots: `<name>-375.png` (the Pay
 * button), `<name>-paid-375.png`.
 */
export async function payOnline(
  browser: Browser,
  link: string,
  checkout: Checkout,
  { pay, paidText, name, screenshots }: { pay: RegExp; paidText: RegExp; name: string } & Screenshots,
): Promise<PaidOnline> {
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_MS);
  try {
    const status = await open(page, link, "the homeowner's link");
    if (status !== 200) throw new Error(`The homeowner's link answered ${status}`);
    const button = page.getByRole("button", { name: pay });
    const label = await step(`no button matching ${pay} (at ${page.url()})`, () => button.innerText());
    const amount = /\$[\d,]+\.\d\d/.exec(label)?.[0] ?? "";
    await shoot(page, screenshots, `${name}-375.png`, true);
    await button.click();
    await step(`"${label}" did not lead to the checkout`, () => page.waitForURL(`${checkout.url}/pay/**`));
    const started = performance.now();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await step("the return did not say it is confirming", () =>
      page.getByRole("status").filter({ hasText: "Payment received, confirming…" }).waitFor(),
    );
    const confirmingMs = Math.round(performance.now() - started);
    if ((await page.getByText(paidText).count()) > 0) throw new Error("The return alone showed the payment as paid");
    const statuses = await checkout.deliverQueued();
    await page.reload();
    await step(`the page did not show ${paidText} after the signed event`, () =>
      page.getByText(paidText).first().waitFor(),
    );
    if ((await button.count()) > 0) throw new Error(`"${label}" is still offered after the payment`);
    await shoot(page, screenshots, `${name}-paid-375.png`, true);
    return { amount, confirmingMs, statuses };
  } finally {
    await context.close();
  }
}

/** The homeowner's secret link of a kind ("quote", "invoice", "job") in a mail's text, on the public origin. */
function secretLink(text: string, origin: string, kind: string, what: string): string {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`${escaped}/${kind}/[A-Za-z0-9_-]{32,64}`).exec(text)?.[0];
  if (!link) throw new Error(`${what} has no link on ${origin}`);
  return link;
}

export type FinishedJob = {
  jobPath: string;
  invoicePath: string;
  link: string;
  invite: { uid: string; sequence: number };
};

/**
 * The job on the phone (issue 53): on the accepted quote, "Make the job"; the first offered day and window, "Add the
 * day"; the homeowner's e-mail arrives with the day's invite (REQUEST) and the job page's link on the public origin;
 * "Job done" makes the invoice's draft, reached by "Open the invoice". Screenshots: job-375.png, job-done-375.png.
 */
export async function scheduleAndFinishJob(
  owner: Owner,
  mail: Mailbox,
  quoteConsolePath: string,
  email: string,
  { screenshots }: Screenshots = {},
): Promise<FinishedJob> {
  const { page, origin } = owner;
  await owner.signIn(quoteConsolePath);
  const tap = (name: string) =>
    step(`no "${name}" button (at ${page.url()})`, () => page.getByRole("button", { name, exact: true }).click());
  await tap("Make the job");
  await step("the job's page did not open", () => page.getByRole("heading", { level: 1, name: /^Job: / }).waitFor());
  const jobPath = new URL(page.url()).pathname;
  const picker = page.getByLabel("Day and arrival window", { exact: true });
  const first = await step("no day is offered for the work", async () => {
    const values = await picker
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    if (!values[0]) throw new Error("no option");
    return values[0];
  });
  await picker.selectOption(first);
  const before = mail.received.length;
  await tap("Add the day");
  await step('the console did not say "Work day added."', () =>
    page.getByRole("status").filter({ hasText: "Work day added." }).waitFor(),
  );
  await shoot(page, screenshots, "job-375.png", true);
  const sent = await waitForMail(mail, before, (m) => m.to.includes(email) && m.raw.includes("invite.ics"));
  const invite = await readInvite(sent.raw);
  if (invite.method !== "REQUEST") throw new Error(`The work day's invite is ${invite.method}, not REQUEST`);
  const link = secretLink(decodeMail(sent.raw), origin, "job", "The work day's e-mail");
  await tap("Job done");
  await step('the console did not say "Job done."', () =>
    page.getByRole("status").filter({ hasText: "Job done. The invoice's draft is ready" }).waitFor(),
  );
  await shoot(page, screenshots, "job-done-375.png", true);
  await step('no "Open the invoice" link', () => page.getByRole("link", { name: "Open the invoice" }).click());
  await heading(page, "Invoice (draft)", "Open the invoice");
  return { jobPath, invoicePath: new URL(page.url()).pathname, link, invite };
}

export type SentInvoice = { number: string; link: string; consolePath: string; sentMs: number };

/**
 * The owner, on the phone, opens the accepted quote, taps "Make the invoice" (its lines, less the deposit paid), then
 * "Send the invoice"; the homeowner's e-mail "Invoice INV-… from …" arrives with its link on the public origin.
 * Screenshots: invoice-draft-375.png, invoice-sent-375.png.
 */
export async function makeAndSendInvoice(
  owner: Owner,
  mail: Mailbox,
  quoteConsolePath: string,
  email: string,
  { screenshots, draftPath }: Screenshots & { draftPath?: string } = {},
): Promise<SentInvoice> {
  const { page, origin } = owner;
  await owner.signIn(draftPath ?? quoteConsolePath);
  const tap = (name: string) =>
    step(`no "${name}" button (at ${page.url()})`, () => page.getByRole("button", { name, exact: true }).click());
  // "Job done" made the draft already; otherwise it is made from the quote.
  if (!draftPath) await tap("Make the invoice");
  await heading(page, "Invoice (draft)", draftPath ? "the job's invoice" : "Make the invoice");
  await step("the draft has no line for the deposit paid", () => page.getByText("Less deposit paid").first().waitFor());
  await shoot(page, screenshots, "invoice-draft-375.png", true);
  const before = mail.received.length;
  const started = performance.now();
  await tap("Send the invoice");
  await step('the console did not say "Sent."', () =>
    page.getByRole("status").filter({ hasText: "Sent. The homeowner's e-mail goes out now" }).waitFor(),
  );
  const title = await step("the sent invoice has no number", () =>
    page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}$/ }).innerText(),
  );
  const number = title.replace(/^Invoice /, "").trim();
  await shoot(page, screenshots, "invoice-sent-375.png", true);
  const sent = await waitForMail(
    mail,
    before,
    (m) => m.to.includes(email) && decodeMail(m.raw).toLowerCase().includes(`invoice ${number.toLowerCase()}`),
  ).catch((error: unknown) => {
    const subjects = mail.received
      .slice(before)
      .map((m) => `${m.to.join(",")}: ${/^Subject: (.*)$/m.exec(m.raw)?.[1]}`);
    throw new Error(`${firstLine(error)}; what came since Send: ${subjects.join(" | ") || "nothing"}`);
  });
  const sentMs = Math.round(performance.now() - started);
  const link = secretLink(decodeMail(sent.raw), origin, "invoice", "The invoice's e-mail");
  return { number, link, consolePath: new URL(page.url()).pathname, sentMs };
}

/** The owner's console shows the invoice Paid, and the Money page counts it under this month's payments. */
export async function checkInvoicePaidInConsole(owner: Owner, invoice: SentInvoice, { screenshots }: Screenshots = {}) {
  const { page, origin } = owner;
  await open(page, `${origin}${invoice.consolePath}`, "the invoice in the console");
  await step(`the console does not show ${invoice.number} as Paid`, () =>
    page.getByLabel("State").filter({ hasText: "Paid" }).first().waitFor(),
  );
  await open(page, `${origin}/owner/money`, "the Money page");
  await step(`the Money page does not list ${invoice.number} among the month's payments`, () =>
    page.getByText(invoice.number).first().waitFor(),
  );
  await shoot(page, screenshots, "money-375.png", true);
}

// ---------------------------------------------------------------------------------------------------------------
// Publishing from the console

export type Publish = { summary: string; consoleSays: string; waitedMs: number };
export type PhoneChange = Publish & { before: string; after: string };

/**
 * Console -> Site -> Business facts: types `phone` into Phone and presses "Save and publish"; waits (up to
 * `timeoutMs`) until the console lists "Business facts: Phone" as Published. Returns the old and new numbers.
 * Screenshot: publish-375.png (the console once published).
 */
export async function publishPhone(
  owner: Owner,
  {
    phone,
    timeoutMs = PUBLISH_MS,
    screenshots,
    meanwhile,
    outcome = "published",
  }: {
    phone: string;
    timeoutMs?: number;
    /** Runs once the console said "Saved. Publishing now." (a restart, a full disk). */
    meanwhile?: () => Promise<void>;
    /** "failed": the console must say it was not published; its words are returned. */
    outcome?: "published" | "failed";
  } & Screenshots,
): Promise<PhoneChange> {
  const { page } = owner;
  const earlier = await jobTexts(owner);
  await owner.signIn("/owner/site/edit/business");
  await heading(page, "Business facts", "Site -> Business facts");
  const field = page.getByLabel("Phone", { exact: true });
  const before = await step('Business facts has no "Phone" field', () => field.inputValue());
  if (before === phone) throw new Error(`The phone is already ${phone}: choose another number to publish`);
  await field.fill(phone);
  const started = performance.now();
  await step('no "Save and publish" button', () => page.getByRole("button", { name: "Save and publish" }).click());
  await step('saving did not say "Saved. Publishing now."', () => page.getByText("Saved. Publishing now.").waitFor());
  await meanwhile?.();
  const result = await waitForPublish(owner, "Business facts: Phone", earlier, started, timeoutMs, outcome);
  await shoot(page, screenshots, "publish-375.png");
  return { ...result, before, after: phone };
}

/** "Undo last change" on Site, then waits for "Undo: <summary>" (default the phone's) to be Published. */
export async function undoLastChange(
  owner: Owner,
  { summary = "Undo: Business facts: Phone", timeoutMs = PUBLISH_MS }: { summary?: string; timeoutMs?: number } = {},
): Promise<Publish> {
  const { page } = owner;
  const earlier = await jobTexts(owner);
  const started = performance.now();
  await step('Site has no "Undo last change" button', () =>
    page.getByRole("button", { name: "Undo last change" }).click(),
  );
  return waitForPublish(owner, summary, earlier, started, timeoutMs);
}

/** The Publishing list's items as the console shows them now (newest first). */
async function jobTexts(owner: Owner): Promise<string[]> {
  await owner.signIn("/owner/site");
  await heading(owner.page, "Site", "the console's Site page");
  return owner.page.locator("li[data-state]").evaluateAll((items) => items.map((i) => i.textContent ?? ""));
}

/**
 * Reads /owner/site until its newest job is `summary` in a final state, and is a new one (the list differs from
 * `earlier`). The page refreshes itself while a build runs; it is reloaded here too, so a missed refresh is no
 * matter.
 */
async function waitForPublish(
  owner: Owner,
  summary: string,
  earlier: string[],
  started: number,
  timeoutMs: number,
  outcome: "published" | "failed" = "published",
): Promise<Publish> {
  const { page } = owner;
  const deadline = started + timeoutMs;
  let last = "(nothing listed)";
  for (;;) {
    try {
      await owner.signIn("/owner/site");
      const items = await page.locator("li[data-state]").evaluateAll((list) =>
        list.map((i) => ({
          state: i.getAttribute("data-state") ?? "",
          summary: i.querySelector("p")?.textContent ?? "",
          text: (i as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
          raw: i.textContent ?? "",
        })),
      );
      const newest = items[0];
      const isNew = items.map((i) => i.raw).join("\n") !== earlier.join("\n");
      if (newest) last = newest.text;
      if (newest && isNew && newest.summary === summary) {
        if (newest.state === outcome) {
          return { summary, consoleSays: newest.text, waitedMs: Math.round(performance.now() - started) };
        }
        if (["failed", "unchanged", "published"].includes(newest.state)) {
          throw new PublishError(`The console did not end "${summary}" as ${outcome}: ${newest.text}`);
        }
      }
    } catch (error) {
      if (error instanceof PublishError) throw error;
      last = `(the console page did not load: ${firstLine(error)})`;
    }
    if (performance.now() > deadline) {
      throw new Error(`"${summary}" was not published within ${timeoutMs / 1000} s; the console's newest job: ${last}`);
    }
    await sleep(2_000);
  }
}
class PublishError extends Error {}

/**
 * The number is live: every page in the sitemap (or `paths`) answers 200 over https with `phone` and its
 * `tel:` link, and without `gone` (neither as written nor as a tel: link). With `owner`, the phone also opens
 * /contact and finds the header's call link on the new number (screenshot phone-<digits>-375.png).
 */
export async function checkPhoneLive(
  site: Site,
  {
    phone,
    gone,
    paths,
    owner,
    screenshots,
  }: { phone: string; gone: string; paths?: string[]; owner?: Owner } & Screenshots,
): Promise<{ paths: string[] }> {
  const tel = `href="tel:${digits(phone)}"`;
  const oldTel = `tel:${digits(gone)}`;
  const checked = paths ?? (await sitemapPaths(site));
  const wrong: string[] = [];
  for (const p of checked) {
    const { status, body } = await httpsFetch(`${site.origin}${p}`, site.ca);
    if (status !== 200) wrong.push(`${p} answered ${status}`);
    else if (!body.includes(phone)) wrong.push(`${p} does not show ${phone}`);
    else if (!body.includes(tel)) wrong.push(`${p} has no ${tel} link`);
    else if (body.includes(gone) || body.includes(oldTel)) wrong.push(`${p} still shows ${gone}`);
  }
  if (wrong.length > 0) {
    throw new Error(`${phone} is not live on ${wrong.length} of ${checked.length} pages: ${wrong.join("; ")}`);
  }
  if (owner) {
    // A query string: the browser may keep the page it saw minutes ago (Cache-Control, five minutes).
    const where = `${site.origin}/contact?phone-${digits(phone)}-${Date.now()}`;
    const status = await open(owner.page, where, "the contact page");
    if (status !== 200) throw new Error(`${where} answered ${status}`);
    const href = await step("the contact page's header has no call link", () =>
      owner.page.locator('header a[href^="tel:"]').first().getAttribute("href"),
    );
    if (href !== `tel:${digits(phone)}`) throw new Error(`The header's call link is ${href}, not tel:${digits(phone)}`);
    await shoot(owner.page, screenshots, `phone-${digits(phone)}-375.png`);
  }
  return { paths: checked };
}

/** The paths the sitemap lists (on this origin). */
export async function sitemapPaths(site: Site): Promise<string[]> {
  const { status, body } = await httpsFetch(`${site.origin}/sitemap.xml`, site.ca);
  if (status !== 200) throw new Error(`${site.origin}/sitemap.xml answered ${status}`);
  const paths = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
  if (paths.length === 0) throw new Error("The sitemap lists no pages");
  return paths;
}

const digits = (phone: string) => phone.replace(/\D/g, "");

// ---------------------------------------------------------------------------------------------------------------
// The public site, and the count of requests

export type PageCheck = { path: string; contains: string[]; status?: number };
export type PageResult = { path: string; status: number; ms: number };

/** A page of each kind, with words only that page has (as served: HTML-escaped). */
export const DEFAULT_PAGES: PageCheck[] = [
  { path: "/", contains: ["Chimney &amp; Masonry Repair Built for Illinois Winters"] },
  { path: "/contact", contains: ["Request a Free Estimate", "Full Name", "Send My Request"] },
  { path: "/faq", contains: ["Frequently Asked Questions"] },
  { path: "/services/tuckpointing", contains: ["Tuckpointing"] },
  { path: "/locations/normal", contains: ["Normal"] },
  { path: "/blog", contains: ["<h1"] },
  { path: "/privacy", contains: ["Your details, kept simply"] },
  { path: "/sitemap.xml", contains: ["<urlset"] },
  { path: "/robots.txt", contains: ["Sitemap:"] },
  { path: "/healthz", contains: ['{"ok":true}'] },
];

/** Each path answers its status (200 unless given) over https with every one of its words. */
export async function checkPublicPages(site: Site, pages: PageCheck[] = DEFAULT_PAGES): Promise<PageResult[]> {
  const results: PageResult[] = [];
  const wrong: string[] = [];
  for (const page of pages) {
    const started = performance.now();
    let answer;
    try {
      answer = await httpsFetch(`${site.origin}${page.path}`, site.ca);
    } catch (error) {
      wrong.push(`${page.path}: ${firstLine(error)}`);
      continue;
    }
    const ms = Math.round(performance.now() - started);
    results.push({ path: page.path, status: answer.status, ms });
    const expected = page.status ?? 200;
    if (answer.status !== expected) wrong.push(`${page.path} answered ${answer.status}, not ${expected}`);
    else {
      const missing = page.contains.filter((words) => !answer.body.includes(words));
      if (missing.length > 0) wrong.push(`${page.path} lacks ${missing.map((w) => JSON.stringify(w)).join(", ")}`);
    }
  }
  if (wrong.length > 0) throw new Error(`The public site is not right over https: ${wrong.join("; ")}`);
  return results;
}

/** How many requests the console's inbox lists under All (it shows up to 200), and how many are new. */
export async function countRequestsInConsole(owner: Owner): Promise<{ listed: number; new: number }> {
  await owner.signIn("/owner");
  await heading(owner.page, "Estimate requests", "the inbox");
  const sub = await owner.page.getByText(/^\d+ new requests?$/).innerText();
  const listed = await owner.page.locator('main ul a[href^="/owner/requests/"]').count();
  if (listed >= 200) throw new Error("The inbox shows its most (200): it cannot count the requests");
  return { listed, new: Number(/\d+/.exec(sub)?.[0]) };
}

/** The count `npm run leads` prints ("3 estimate request(s), newest first:"). */
export function parseLeadsCount(output: string): number {
  const found = /^(\d+) (?:latest )?estimate request\(s\)/m.exec(output);
  if (!found) throw new Error(`npm run leads printed no count:\n${output.trim().slice(0, 500)}`);
  return Number(found[1]);
}

/** Runs `npm run leads` on the server and reads its count. */
export async function countRequestsFromLeads(run: RunOnServer): Promise<number> {
  return parseLeadsCount(await run("npm run leads"));
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

/** Runs `fn` and prints "label: 12.3 s"; resolves with its result and the time. */
export async function timed<T>(label: string, fn: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  try {
    const value = await fn();
    const ms = Math.round(performance.now() - started);
    console.log(`ok   ${label}: ${(ms / 1000).toFixed(1)} s`);
    return { value, ms };
  } catch (error) {
    console.log(`FAIL ${label} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    throw error;
  }
}

/** page.goto with the answer's status; a certificate Chromium does not trust is said so. */
async function open(page: Page, url: string, what: string): Promise<number> {
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    return response?.status() ?? 0;
  } catch (error) {
    const line = firstLine(error);
    if (/ERR_CERT|SSL|certificate/i.test(line)) {
      throw new Error(`Chromium does not trust ${new URL(url).origin} (${what}): ${line}`);
    }
    throw new Error(`Opening ${what} (${url}) failed: ${line}`);
  }
}

async function heading(page: Page, name: string, what: string) {
  await step(`${what} did not show the heading "${name}" (at ${page.url()})`, () =>
    page.getByRole("heading", { level: 1, name, exact: true }).waitFor(),
  );
}

async function pressed(page: Page, status: string, what: string) {
  const button = page.getByRole("button", { name: status, exact: true });
  const value = await step(`${what} has no "${status}" status button`, () => button.getAttribute("aria-pressed"));
  if (value !== "true") throw new Error(`${what} is not marked ${status} (its button is not pressed)`);
}

/** Runs a Playwright action; on failure throws `message`, with Playwright's first line as the reason. */
async function step<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw new Error(`${message}: ${firstLine(error)}`);
  }
}

/** The phone's screen as the owner sees it (375 x 812); `fullPage` only where the whole page is wanted. */
async function shoot(page: Page, folder: string | undefined, name: string, fullPage = false) {
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, name), fullPage }).catch(() => {});
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
