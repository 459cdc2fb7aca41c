// `npx tsx tools/bench-campaign.ts [--runs N] [--people 2000]` (after `npm run build`): a campaign of 2,000 killed with
// kill -9 in the middle of sending and started again (issue 65, decision 0052). Each run seeds 2,000 customers with a
// chimney due, starts the built server on a Monday at 10:00 (its clock from a file) with a local mail server, presses
// Send as the console does, unsubscribes one person right after the queueing (far down the queue, so before their
// send), kills the server with SIGKILL once somewhere between 30% and 70% of the e-mails have arrived, starts it
// again on the same data, and waits until nothing is queued. A send the kill caught mid-send is "unknown": the tool
// plays the owner, sending it again if its Message-ID never reached the mail server and dropping it if it did. Then
// it counts at the mail server: every person exactly once (0 duplicates, 0 lost), the one who unsubscribed never.
// MARKETING_SEND_INTERVAL_MS is 5 (the default's 2 s would take 67 minutes). Prints the load average.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { addressKeys } from "../server/marketing/address-keys.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { SERVER_ENV } from "../server/server-env.ts";
import { freePort } from "../tests/server/harness.ts";
import { startSmtp } from "../tests/server/smtp.ts";
import { seedDueCustomers } from "../tests/support/seed-customers.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const RUNS = option("--runs", 1);
const PEOPLE = option("--people", 2000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function run(index: number) {
  const work = mkdtempSync(path.join(tmpdir(), "bench-campaign-"));
  const dataDir = path.join(work, "data");
  const clock = path.join(work, "clock");
  writeFileSync(clock, "2027-09-20T15:00:00.000Z");
  const store = openEstimateStore({ dataDir });
  const people = seedDueCustomers(store, { count: PEOPLE, due: "2028-03-01", town: "Normal", prefix: `c${index}` });
  const { token, session } = createOwnerConsole({ db: store.db }).sessions.create({
    ip: "127.0.0.1",
    userAgent: "bench",
    passkeyId: null,
  });
  const keys = addressKeys(store.marketing.suppressions.secret());
  store.close();
  const late = people[Math.floor(PEOPLE * 0.9)];
  if (!late) throw new Error("too few people");

  const smtp = await startSmtp();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const start = (): ChildProcess => {
    const child = spawn(process.execPath, [path.resolve("build/bin/server.js")], {
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: origin,
        DATA_DIR: dataDir,
        BACKUP_DIR: "off",
        WARM_UP: "off",
        SMTP_URL: smtp.url,
        TEST_CLOCK_FILE: clock,
        MARKETING_SEND_INTERVAL_MS: "5",
        REMINDER_AFTER_BUSINESS_HOURS: "0",
        RATE_LIMIT_PER_MINUTE: "1000000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    return child;
  };
  const ready = async (child: ChildProcess) => {
    const mark = output.lastIndexOf("Site ready");
    for (let i = 0; output.lastIndexOf("Site ready") === mark; i++) {
      if (i > 1200 || child.exitCode !== null) throw new Error(`the server did not start:\n${output.slice(-3000)}`);
      await sleep(50);
    }
  };
  const post = (page: string, fields: Record<string, string>) =>
    fetch(origin + page, {
      method: "POST",
      redirect: "manual",
      headers: { origin, cookie: `owner=${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: session.csrf, ...fields }),
    });
  const ledger = () => {
    const s = openEstimateStore({ dataDir });
    try {
      return s.db.prepare("SELECT id, state, recipient FROM marketing_sends WHERE purpose = 'campaign'").all() as {
        id: number;
        state: string;
        recipient: string | null;
      }[];
    } finally {
      s.close();
    }
  };

  let server = start();
  await ready(server);
  const page = await (
    await fetch(`${origin}/owner/campaigns?count=1&town=Normal`, {
      headers: { cookie: `owner=${token}` },
    })
  ).text();
  const press = /name="press" value="([0-9a-f-]{36})"/.exec(page)?.[1];
  if (!press || !page.includes(`${PEOPLE} people`)) throw new Error("the count is not the seeded people");
  const sent = await post("/owner/campaigns", { intent: "send", press, dueBefore: "", town: "Normal", servedIn: "" });
  if (sent.status !== 303) throw new Error(`Send answered ${sent.status}`);
  const queuedAt = performance.now();
  // Between the queueing and their send: honoured.
  const unsubscribed = await fetch(`${origin}/u/${keys.unsubscribeToken(late.email)}`, { method: "POST" });
  if (unsubscribed.status !== 200) throw new Error(`the unsubscribe answered ${unsubscribed.status}`);
  const killAt = Math.floor(PEOPLE * (0.3 + Math.random() * 0.4));
  while (smtp.received.length < killAt) await sleep(5);
  server.kill("SIGKILL");
  await new Promise((r) => server.once("exit", r));
  const atKill = { arrived: smtp.received.length, ledger: ledger() };
  const sendingAtKill = atKill.ledger.filter((r) => r.state === "sending").length;
  server = start();
  await ready(server);
  for (let i = 0; ledger().some((r) => r.state === "queued" || r.state === "sending"); i++) {
    if (i > 6000) throw new Error("the campaign did not finish");
    await sleep(100);
  }
  // The owner's decision on each send in doubt: it arrived (its Message-ID is at the mail server), or it did not.
  const arrivedIds = new Set(smtp.received.map((m) => /^Message-ID: <marketing-(\d+)@/im.exec(m.raw)?.[1]));
  const doubt = ledger().filter((r) => r.state === "unknown");
  const choices: string[] = [];
  for (const row of doubt) {
    const choice = arrivedIds.has(String(row.id)) ? "drop" : "send";
    choices.push(choice === "drop" ? "had arrived: dropped" : "had not arrived: sent again");
    const answer = await post("/owner/campaigns", { intent: "resolve", id: String(row.id), choice });
    if (answer.status !== 303) throw new Error(`resolve answered ${answer.status}`);
  }
  for (let i = 0; ledger().some((r) => r.state === "queued" || r.state === "sending"); i++) {
    if (i > 600) throw new Error("the resent ones did not go");
    await sleep(100);
  }
  await sleep(500);
  const seconds = (performance.now() - queuedAt) / 1000;
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await smtp.close();

  const count = new Map<string, number>();
  for (const m of smtp.received) for (const to of m.to) count.set(to, (count.get(to) ?? 0) + 1);
  const duplicates = people.filter((p) => (count.get(p.email) ?? 0) > 1).length;
  const lost = people.filter((p) => p !== late && (count.get(p.email) ?? 0) === 0).length;
  const states = new Map<string, number>();
  for (const r of ledger()) states.set(r.state, (states.get(r.state) ?? 0) + 1);
  console.log(
    `run ${index + 1}: ${PEOPLE} people; killed at ${atKill.arrived} arrived (${sendingAtKill} row(s) sending); ` +
      `${doubt.length} unknown after the restart (${choices.join(", ") || "none"}); ` +
      `${smtp.received.length} messages arrived in ${seconds.toFixed(1)} s; duplicates ${duplicates}, lost ${lost}; ` +
      `the one unsubscribed after the queueing got ${count.get(late.email) ?? 0}; ` +
      `ledger ${[...states].map(([s, n]) => `${s} ${n}`).join(", ")}; load ${load()}`,
  );
  return duplicates === 0 && lost === 0 && (count.get(late.email) ?? 0) === 0;
}

console.log(`load ${load()}`);
let ok = true;
for (let i = 0; i < RUNS; i++) ok = (await run(i)) && ok;
process.exitCode = ok ? 0 : 1;
