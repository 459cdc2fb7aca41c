// The owner's save, for real: a clone of the site, React Router's own build into builds/<id>/, the running server
// switching to it. The old build serves until the switch; a build that fails changes nothing; undo publishes again.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { openEstimateStore } from "../../server/estimate-store.ts";
import { createPublisher, npmBuild, type Publisher } from "../../server/publish.ts";

const OLD_PHONE = "(309) 555-0134";
const NEW_PHONE = "(309) 555-0199";

let clone: string;
let base: string;
let close: () => void;
let publisher: Publisher;
const timings: string[] = [];

const page = async (p: string) => (await fetch(base + p)).text();
const git = (...args: string[]) => execFileSync("git", args, { cwd: clone, encoding: "utf8" }).trim();

beforeAll(async () => {
  clone = mkdtempSync(path.join(tmpdir(), "publish-site-"));
  execFileSync("git", ["clone", "-q", process.cwd(), clone]);
  symlinkSync(path.resolve("node_modules"), path.join(clone, "node_modules"));
  const builds = path.join(clone, "builds");
  const started = Date.now();
  await npmBuild(clone)(path.join(builds, "first"));
  timings.push(`first build in a fresh clone: ${Date.now() - started} ms`);

  const store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "publish-data-")) });
  // eslint-disable-next-line prefer-const -- the publisher needs the app, the app the publisher
  let app: Awaited<ReturnType<typeof createApp>>;
  publisher = createPublisher({ repoDir: clone, buildsDir: builds, prepare: (dir) => app.prepareBuild(dir) });
  app = await createApp({ store, buildDir: path.join(builds, "first"), publisher });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  close = () => server.close();
}, 300_000);

afterAll(() => {
  close?.();
  console.log(`publish timings:\n  ${timings.join("\n  ")}`);
  rmSync(clone, { recursive: true, force: true });
});

describe("publishing a change with the real build", () => {
  it("changes the phone on every page; the old build serves until the switch", async () => {
    expect(await page("/")).toContain(OLD_PHONE);
    const source = readFileSync(path.join(clone, "content/business.yaml"), "utf8");
    const job = publisher.save({
      summary: "Business facts: phone",
      files: [{ path: "content/business.yaml", content: source.replace(OLD_PHONE, NEW_PHONE) }],
    });
    // While it builds, visitors get the old pages.
    while (job.state === "queued") await new Promise((r) => setTimeout(r, 10));
    expect(await page("/faq")).toContain(OLD_PHONE);
    await publisher.idle();
    expect(job.error).toBeUndefined();
    expect(job.state).toBe("published");
    timings.push(`publish (phone): ${job.durationMs} ms`);
    for (const p of ["/", "/faq", "/contact", "/services/chimney-crowns", "/locations/peoria", "/blog"]) {
      const html = await page(p);
      expect(html, p).toContain(NEW_PHONE);
      expect(html, p).not.toContain(OLD_PHONE);
    }
    expect(git("log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: phone");
  }, 300_000);

  it("a build that fails leaves the site and the history as they were, and says why", async () => {
    const head = git("rev-parse", "HEAD");
    const file = "content/services/chimney-crowns.yaml";
    const source = readFileSync(path.join(clone, file), "utf8");
    const job = publisher.save({
      summary: "Broken",
      files: [{ path: file, content: source.replace(/^order: \d+/m, "order: first") }],
    });
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(job.error).toMatch(/^content\/services\/chimney-crowns\.yaml is not valid: order/);
    timings.push(`failed publish: ${job.durationMs} ms`);
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(git("status", "--porcelain", "--", "content")).toBe("");
    expect(await page("/")).toContain(NEW_PHONE);
  }, 300_000);

  it("undo puts the old phone back and publishes again", async () => {
    const job = publisher.undo();
    await publisher.idle();
    expect(job.state).toBe("published");
    timings.push(`publish (undo): ${job.durationMs} ms`);
    expect(await page("/contact")).toContain(OLD_PHONE);
    expect(git("log", "-1", "--format=%s")).toBe("Undo: Business facts: phone");
  }, 300_000);
});
