// A publish's git commands start from the render's worker while it is up (git.ts `runGitOffThread`), so the
// server's event loop never waits for a process to start. The answers are execFile's: stdout as bytes, a failure
// with its exit code and stderr, a missing program as ENOENT from spawn (which the owner's words name); and no
// worker, no command: the caller runs it itself.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { ownerWords } from "../../server/publishing/owner-words.ts";
import { createRenderer } from "../../server/publishing/render-in-worker.ts";

const renderer = createRenderer();
afterAll(() => renderer.close());
const options = { cwd: process.cwd(), env: process.env, maxBuffer: 1 << 20 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("runs nothing while no worker is up, then runs commands from the worker's thread with execFile's answers", async () => {
  expect(renderer.run("git", ["--version"], options)).toBeNull();
  renderer.warm(path.resolve("build/server/index.js"));
  // Not before it is ready either.
  expect(renderer.run("git", ["--version"], options)).toBeNull();
  let version: Promise<Buffer> | null = null;
  // The worker loads the whole server bundle first: seconds on a busy 2-core machine.
  for (const started = Date.now(); !version && Date.now() - started < 60_000;) {
    await sleep(50);
    version = renderer.run("git", ["--version"], options);
  }
  expect(version).not.toBeNull();
  expect((await version)?.toString("utf8")).toBe(execFileSync("git", ["--version"], { encoding: "utf8" }));
  // Bytes as they are: HEAD's package.json.
  const head = await renderer.run("git", ["show", "HEAD:package.json"], options);
  expect(head?.equals(execFileSync("git", ["show", "HEAD:package.json"]))).toBe(true);

  const failed = await renderer.run("git", ["no-such-command"], options)?.catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(Error);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr).toContain("no-such-command");

  const missing = await renderer.run("no-such-program", [], options)?.catch((error: unknown) => error);
  expect(missing).toMatchObject({ code: "ENOENT", syscall: "spawn no-such-program" });
  expect(ownerWords(missing, "commit")).toBe("no-such-program is not installed on the server");
  // Several at once come back to their own callers.
  const answers = await Promise.all(
    ["--version", "--help"].map((flag) => renderer.run("git", [flag], options)?.then((b) => b.toString("utf8"))),
  );
  expect(answers[0]).toMatch(/^git version/);
  expect(answers[1]).toMatch(/usage: git/);
}, 120_000);
