// `npm run update`: the developer's new code on the server, the owner's console edits kept (decision 0018).
// Run as the site's user from the working copy: cd /srv/heartland-site && sudo -u heartland npm run update
// Options: --branch NAME (default: the branch checked out), --remote NAME (default: origin).
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { npmBuild } from "../server/publishing/npm-build.ts";
import { UpdateError, updateSite } from "../server/publishing/site-update.ts";

const { values } = parseArgs({ options: { branch: { type: "string" }, remote: { type: "string" } } });
const repoDir = path.resolve(process.env.SITE_REPO?.trim() || ".");

// Files written as anyone else (root) would leave the server unable to publish over them.
const owner = statSync(repoDir).uid;
if (process.getuid && process.getuid() !== owner) {
  console.error(`Run it as the user who owns ${repoDir} (uid ${owner}): sudo -u heartland npm run update`);
  process.exit(2);
}

/** deploy/npm-ci: npm ci with better-sqlite3 compiled from source, as at install. */
const install = () =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(repoDir, "deploy", "npm-ci"), [], { cwd: repoDir, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`deploy/npm-ci exited with ${code}`))));
  });

try {
  const result = await updateSite({
    repoDir,
    branch: values.branch,
    remote: values.remote,
    install,
    build: npmBuild(repoDir, (chunk) => process.stdout.write(chunk)),
    log: (line) => console.log(line),
  });
  if (result.state === "unchanged") {
    console.log(`Already up to date at ${result.head.slice(0, 12)}; nothing changed.`);
  } else {
    console.log(
      `\nUpdated ${result.from.slice(0, 12)} -> ${result.head.slice(0, 12)}, built into builds/${result.buildId}.`,
    );
    console.log(
      result.replayed.length === 0
        ? "No console edits to keep."
        : `Kept ${result.replayed.length} console edit(s) on top: ${result.replayed.join("; ")}`,
    );
    if (result.ownerKept.length > 0) {
      console.log("The developer changed these too; where both changed the same lines, the owner's version was kept:");
      for (const file of result.ownerKept) console.log(`  ${file}`);
    }
    if (result.installed) console.log("Packages were installed again (package-lock.json changed).");
    console.log("\nNow restart the site to serve it (new server code included):");
    console.log("  sudo systemctl restart heartland-site");
  }
} catch (error) {
  console.error(error instanceof UpdateError ? error.message : error);
  process.exit(1);
}
