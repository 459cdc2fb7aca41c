// `npm start` builds first when there is no build, or when the code changed since the last one.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const marker = "build/bin/server.js";
// Not content/: the server renders the owner's words at start when the build's pages are of other words (decision
// 0027). A build is for code.
// The build's own steps too: scripts/build-server.ts, precompress.ts and ascii-source.ts shape what build/ holds.
const sources = ["app", "public", "server", "scripts", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

/**
 * Newest modification time of the files at or below p. Folders' own times are left out: the server tests make and
 * remove scratch files beside the content, which touches its folder but changes nothing the build reads.
 */
function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

if (!existsSync(marker) || Math.max(...sources.map(newest)) > statSync(marker).mtimeMs) {
  console.log("Building the site…");
  execSync("npm run build", { stdio: "inherit" });
}
