// The README's recipes, run exactly as written, gives the owner a file that is only CSV, with every lead.
import { execSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";

let dataDir: string;
const LEADS = 75;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-export-"));
  const store = openEstimateStore({ dataDir });
  for (let i = 1; i <= LEADS; i++) {
    store.save({
      name: i === 1 ? '=HYPERLINK("http://evil.example")' : `Zoë ${i}`,
      email: `lead${i}@example.com`,
      phone: "309-555-0100",
      service: "Tuckpointing",
      message: `Line one\nline "two" ${i}`,
      city: "Normal",
      spam: false,
      idempotencyKey: null,
      ip: null,
      userAgent: null,
    });
  }
  store.close();
});

const env = () => ({ ...process.env, DATA_DIR: dataDir });

describe("npm run leads", () => {
  it("`npm run leads -- --out leads.csv` writes only CSV, every lead, ready for Excel, where the owner is", () => {
    // npm runs the script from the project folder; the file lands in the folder the command was typed in.
    mkdirSync(".test-builds", { recursive: true });
    const folder = mkdtempSync(path.resolve(".test-builds/owner-"));
    const printed = execSync("npm run leads -- --out leads.csv", { env: env(), cwd: folder }).toString();
    const out = path.join(folder, "leads.csv");
    expect(printed).toContain(`Wrote ${LEADS} request(s) to ${out}`);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    expect(text.startsWith('"id","reference","received_at","status","name","email"')).toBe(true);
    expect(text).not.toContain("> ");
    expect(text.endsWith("\r\n")).toBe(true);
    // Records end with CRLF; the newline inside a message stays a bare LF inside its quotes.
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(LEADS + 1);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain('"Zoë 75"');
    rmSync(folder, { recursive: true });
  });

  it("`npm run -s leads -- --csv > leads.csv` gives the same file through the shell", () => {
    const out = path.join(dataDir, "leads.csv");
    execSync(`npm run -s leads -- --csv > ${JSON.stringify(out)}`, { env: env(), shell: "/bin/sh" });
    const text = readFileSync(out, "utf8");
    expect(text.startsWith('\uFEFF"id","reference"')).toBe(true);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(LEADS + 1);
  });

  it("also writes only CSV to a pipe when npm is silenced, and honours --limit", () => {
    const csv = execSync("npm run --silent leads -- --csv --limit 5", { env: env() }).toString("utf8");
    expect(csv.startsWith('\uFEFF"id"')).toBe(true);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(6);
  });

  it.each([["--limit", "abc"], ["--limit", "0"], ["--limit"], ["--bogus"], ["stray"]])(
    "prints the usage and exits with status 2 for %j",
    (...args) => {
      const result = spawnSync(process.execPath, ["--import", "tsx", "server/requests/leads-command.ts", ...args], {
        env: env(),
        encoding: "utf8",
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("Usage: npm run leads");
      expect(result.stderr).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d/);
      expect(result.stdout).toBe("");
    },
  );

  it("lists every lead by default in the terminal view", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/requests/leads-command.ts"], {
      env: env(),
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${LEADS} estimate request(s), newest first`);
  });
});
