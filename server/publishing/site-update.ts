// `npm run update` (scripts/update.ts): brings the developer's new code to the server without losing the owner's
// console edits. Fetch, replay the owner's commits on top (the owner's version wins a conflict in content/), install
// when the lock file changed, build into builds/<id> and switch, all under the lock the publisher shares. Any
// failure puts the working copy back where it was. See docs/decisions/0018-owner-edits-are-data.md.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { pointCurrent } from "./current-link.ts";
import { CONSOLE_AUTHOR } from "./git.ts";
import { acquireSiteLock, SiteBusyError } from "./site-lock.ts";

const run = promisify(execFile);

/** A refusal or failure in words for the operator; the working copy is as it was before the update. */
export class UpdateError extends Error {
  override name = "UpdateError";
}

export type UpdateOptions = {
  repoDir: string;
  /** The remote and branch the developer publishes to. */
  remote?: string;
  branch?: string;
  /** Installs packages (deploy/npm-ci); run only when package-lock.json changed. */
  install: () => Promise<void>;
  /** Builds the working copy into the given folder (npm run build with BUILD_DIR). */
  build: (buildDir: string) => Promise<void>;
  /** How long to wait for a console publish to finish before refusing. */
  lockWaitMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
};

export type UpdateResult =
  | { state: "unchanged"; head: string }
  | {
      state: "updated";
      from: string;
      head: string;
      /** The owner's commits replayed on the developer's branch (subjects, oldest first). */
      replayed: string[];
      /** Files in content/ both changed: the owner's version was kept where they disagreed. */
      ownerKept: string[];
      installed: boolean;
      buildId: string;
    };

/** The owner's edits are replayed as the owner's: author and committer stay the console's. */
const gitEnv = {
  ...process.env,
  GIT_COMMITTER_NAME: CONSOLE_AUTHOR.name,
  GIT_COMMITTER_EMAIL: CONSOLE_AUTHOR.email,
  GIT_EDITOR: "true",
};

export async function updateSite({
  repoDir,
  remote = "origin",
  branch,
  install,
  build,
  lockWaitMs = 2 * 60_000,
  now = () => new Date(),
  log = () => {},
}: UpdateOptions): Promise<UpdateResult> {
  const git = async (...args: string[]) =>
    (await run("git", args, { cwd: repoDir, env: gitEnv, maxBuffer: 16 << 20 })).stdout.trim();
  const gitOk = (...args: string[]) =>
    git(...args).then(
      () => true,
      () => false,
    );

  let lock;
  try {
    lock = await acquireSiteLock(repoDir, "npm run update", { waitMs: lockWaitMs });
  } catch (error) {
    if (error instanceof SiteBusyError)
      throw new UpdateError(`Not updated: ${error.message}. Try again when it has finished.`);
    throw error;
  }
  try {
    const dirty = await git("status", "--porcelain", "--untracked-files=no");
    if (dirty) {
      throw new UpdateError(
        `Not updated: the working copy has changes that are not committed:\n${dirty}\nCommit or remove them first.`,
      );
    }
    const target =
      branch ??
      (await git("symbolic-ref", "--short", "HEAD").catch(() => {
        throw new UpdateError("Not updated: the working copy is not on a branch (git checkout main first).");
      }));
    const from = await git("rev-parse", "HEAD");
    log(`Fetching ${target} from ${remote}…`);
    try {
      await git("fetch", "-q", remote, `+refs/heads/${target}:refs/remotes/${remote}/${target}`);
    } catch (error) {
      throw new UpdateError(`Not updated: git could not fetch ${target} from ${remote}: ${stderrOf(error)}`);
    }
    const upstream = `refs/remotes/${remote}/${target}`;
    const replayed = (await git("log", "--reverse", "--format=%s", `${upstream}..HEAD`)).split("\n").filter(Boolean);

    const ownerKept = new Set<string>();
    let installed = false;
    let serverReplaced = false;
    // The publisher's form of id, with a suffix its counter never gives (it starts at 1); a second apart if needed.
    const buildsDir = path.join(repoDir, "builds");
    let at = now().getTime();
    const idAt = (t: number) => `${new Date(t).toISOString().replace(/\D/g, "").slice(0, 14)}-000000`;
    while (existsSync(path.join(buildsDir, idAt(at)))) at += 1000;
    const buildId = idAt(at);
    const buildDir = path.join(buildsDir, buildId);
    try {
      await rebaseOwnerWins(git, gitOk, upstream, ownerKept);
      const head = await git("rev-parse", "HEAD");
      if (head === from) {
        log("Already up to date: nothing to build.");
        return { state: "unchanged", head };
      }
      if (!(await gitOk("diff", "--quiet", from, head, "--", "package-lock.json"))) {
        log("package-lock.json changed: installing packages (deploy/npm-ci)…");
        installed = true;
        await install();
      }
      log(`Building into builds/${buildId}…`);
      await build(buildDir);
      for (const needed of ["server/index.js", "client/index.html", "bin/server.js"]) {
        if (!existsSync(path.join(buildDir, needed))) throw new UpdateError(`Not updated: the build has no ${needed}.`);
      }
      // The unit runs build/bin/server.js: it becomes this build's server, which serves builds/current at start.
      replaceServerCode(repoDir, buildDir, buildId);
      serverReplaced = true;
      pointCurrent(buildsDir, buildId);
      pruneBuilds(buildsDir, buildId);
      return { state: "updated", from, head, replayed, ownerKept: [...ownerKept], installed, buildId };
    } catch (error) {
      log("The update failed: putting the working copy back as it was…");
      await gitOk("rebase", "--abort");
      await git("reset", "-q", "--hard", from);
      rmSync(buildDir, { recursive: true, force: true });
      if (serverReplaced) restoreServerCode(repoDir);
      let reinstall = "";
      if (installed) {
        reinstall = await install().then(
          () => " The packages were installed again as they were.",
          (e: unknown) =>
            ` Installing the packages as they were failed too (${e instanceof Error ? e.message : e}): run deploy/npm-ci.`,
        );
      }
      const why = error instanceof UpdateError ? error.message.replace(/^Not updated: /, "") : messageOf(error);
      throw new UpdateError(
        `Not updated: ${why}\nThe working copy is back at ${from.slice(0, 12)} and the site serves what it served.${reinstall}`,
        { cause: error },
      );
    }
  } finally {
    lock.release();
  }
}

/**
 * Replays the commits made here (the owner's) onto the developer's branch. Where both changed the same lines of a
 * file in content/, the owner's lines win (git merge-file --theirs: in a rebase, "theirs" is the commit replayed);
 * lines only one side changed keep that change. A conflict outside content/ stops the update.
 */
async function rebaseOwnerWins(
  git: (...args: string[]) => Promise<string>,
  gitOk: (...args: string[]) => Promise<boolean>,
  upstream: string,
  ownerKept: Set<string>,
) {
  if (await gitOk("rebase", "-q", upstream)) return;
  for (let step = 0; step < 1000; step++) {
    const unmerged = new Map<string, Set<string>>();
    for (const line of (await git("ls-files", "-u", "-z")).split("\0").filter(Boolean)) {
      const [meta = "", file = ""] = line.split("\t");
      const stage = meta.split(" ")[2] ?? "";
      unmerged.set(file, (unmerged.get(file) ?? new Set()).add(stage));
    }
    if (unmerged.size === 0) {
      const status = await git("status", "--porcelain", "--untracked-files=no");
      throw new UpdateError(`the owner's edits could not be replayed on the new code (git stopped: ${status || "?"}).`);
    }
    for (const [file, stages] of unmerged) {
      if (!file.startsWith("content/")) {
        throw new UpdateError(`${file} was changed both here and by the developer, and it is not content.`);
      }
      ownerKept.add(file);
      if (!stages.has("3")) await git("rm", "-q", "--", file);
      else {
        await keepOwnersLines(git, file, stages);
        await git("add", "--", file);
      }
    }
    // A resolution that leaves nothing to commit (the developer made the same change) is skipped.
    const next = (await gitOk("diff", "--cached", "--quiet")) ? ["rebase", "--skip"] : ["rebase", "--continue"];
    if (await gitOk(...next)) return;
  }
  throw new UpdateError("the owner's edits could not be replayed on the new code.");
}

async function keepOwnersLines(git: (...args: string[]) => Promise<string>, file: string, stages: Set<string>) {
  const repo = await git("rev-parse", "--show-toplevel");
  const target = path.join(repo, file);
  if (stages.has("1") && stages.has("2")) {
    const scratch = mkdtempSync(path.join(tmpdir(), "site-update-"));
    try {
      const parts = ["2", "1", "3"].map((stage) => {
        const out = path.join(scratch, stage);
        return { stage, out };
      });
      for (const { stage, out } of parts) {
        const { stdout } = await run("git", ["show", `:${stage}:${file}`], {
          cwd: repo,
          encoding: "buffer",
          maxBuffer: 64 << 20,
        });
        writeFileSync(out, stdout);
      }
      const merged = await run("git", ["merge-file", "-p", "--theirs", ...parts.map((p) => p.out)], {
        cwd: repo,
        encoding: "buffer",
        maxBuffer: 64 << 20,
      }).catch(() => null);
      if (merged) {
        writeFileSync(target, merged.stdout);
        return;
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  // Binary (a photo), or no common base: the owner's whole file.
  await git("checkout", "--theirs", "--", file);
}

/**
 * Puts the new build's compiled server in build/bin (what the unit runs): copied beside it, then renamed in. The
 * running server loaded its code at start, so it is not disturbed; the previous copy stays as build/bin.previous.
 */
function replaceServerCode(repoDir: string, buildDir: string, buildId: string) {
  const bin = path.join(repoDir, "build", "bin");
  const incoming = `${bin}.${buildId}`;
  const previous = `${bin}.previous`;
  rmSync(incoming, { recursive: true, force: true });
  cpSync(path.join(buildDir, "bin"), incoming, { recursive: true });
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(bin)) renameSync(bin, previous);
  renameSync(incoming, bin);
}

/** As the publisher does: the two newest older builds stay (for a look back), older ones go. */
function pruneBuilds(buildsDir: string, current: string, keep = 2) {
  const older = readdirSync(buildsDir)
    .filter((name) => /^\d{14}-\d{6}$/.test(name) && name !== current)
    .sort()
    .reverse();
  for (const old of older.slice(keep)) rmSync(path.join(buildsDir, old), { recursive: true, force: true });
}

/** Undoes replaceServerCode (a switch that failed after it). */
function restoreServerCode(repoDir: string) {
  const bin = path.join(repoDir, "build", "bin");
  rmSync(bin, { recursive: true, force: true });
  renameSync(`${bin}.previous`, bin);
}

function stderrOf(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  return typeof stderr === "string" && stderr.trim() ? stderr.trim().split("\n").slice(-3).join(" ") : messageOf(error);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
