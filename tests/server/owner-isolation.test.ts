// The console's JavaScript stays in the console: @simplewebauthn/browser is in one chunk, which no public page
// references or imports statically, and no public page but /contact names a script to load.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

const CLIENT = "build/client";
const ASSETS = path.join(CLIENT, "assets");
const WEBAUTHN = /navigator\.credentials|startRegistration|simplewebauthn/i;

function pages(dir = CLIENT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "assets" ? [] : pages(full);
    return e.name === "index.html" ? [full] : [];
  });
}

/** Every chunk a module loads before it runs: its static imports, transitively (dynamic import() excluded). */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(path.join(ASSETS, file), "utf8");
  for (const m of source.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+)["']/g)) {
    if (m[1]) staticGraph(m[1], seen);
  }
  return seen;
}

describe("the console's JavaScript", () => {
  it("is one chunk holding the passkey code", () => {
    const holders = readdirSync(ASSETS).filter(
      (f) => f.endsWith(".js") && WEBAUTHN.test(readFileSync(path.join(ASSETS, f), "utf8")),
    );
    expect(holders).toHaveLength(1);
    expect(holders[0]).toMatch(/^passkey-button-/);
  });

  it("is not loaded by the island entry before an owner page asks for it", () => {
    const entry = readdirSync(ASSETS).find((f) => /^entry\.client-.*\.js$/.test(f));
    expect(entry).toBeDefined();
    const graph = [...staticGraph(entry ?? "")];
    expect(graph.length).toBeGreaterThan(1);
    for (const chunk of graph) expect(readFileSync(path.join(ASSETS, chunk), "utf8"), chunk).not.toMatch(WEBAUTHN);
  });

  it("is named by no prerendered page; only /contact names a script at all", () => {
    const all = pages();
    expect(all.length).toBeGreaterThan(20);
    for (const file of all) {
      const html = readFileSync(file, "utf8");
      expect(html, file).not.toMatch(/passkey|webauthn|\/owner/i);
      const namesScript = /data-entry=|<script[^>]+src=/.test(html);
      expect(namesScript, file).toBe(file === path.join(CLIENT, "contact", "index.html"));
    }
  });
});

describe("owner pages", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => stopServer(server));

  it("load the island entry only where there is a passkey button, and never the public page script", async () => {
    const signIn = await (await fetch(`${server.url}/owner/sign-in`)).text();
    expect(signIn).toMatch(/data-entry="\/assets\/entry\.client-[^"]+\.js"/);
    expect(signIn).toContain('data-island="PasskeyButton"');
    expect(signIn).not.toContain("sessionStorage"); // the public page script keeps attribution there
    const entry = /data-entry="\/assets\/([^"]+)"/.exec(signIn)?.[1] ?? "";
    const chunks = [...staticGraph(entry), readdirSync(ASSETS).find((f) => f.startsWith("passkey-button-")) ?? ""];
    const bytes = chunks.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(ASSETS, f)), { level: 9 }).length, 0);
    console.log(`console JavaScript on /owner/sign-in: ${chunks.length} files, ${bytes} bytes gzip`);
    expect(bytes).toBeLessThan(100_000);
  });
});
