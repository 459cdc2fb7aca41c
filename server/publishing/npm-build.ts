// `npm run update`'s build of new code (site-update.ts), and its failures in the owner's and operator's words. A
// console publish never builds: it renders (decision 0027).
import { spawn } from "node:child_process";
import { constants as osConstants } from "node:os";
import { PublishError } from "./owner-words.ts";

export const BUILD_FAILED = "the site did not build; the server log has the details";
export const BUILD_OUT_OF_MEMORY = "the build ran out of memory (JavaScript heap out of memory)";

/** The build's own words for what is wrong, e.g. "content/business.yaml is not valid: phone: …". */
export function buildFailureReason(output: string): string {
  const lines = output.split(/\r?\n/);
  const start = lines.findIndex(
    (l) => /(Content|BusinessFile|Placeholder)Error: /.test(l) || /^content\/\S+/.test(l.trim()),
  );
  if (start >= 0) {
    const first = (lines[start] ?? "").replace(/^.*?(Content|BusinessFile|Placeholder)Error: /, "").trim();
    const rest = lines
      .slice(start + 1)
      .filter((l, i, all) => /^\s{2}\S/.test(l) && all.slice(0, i).every((x) => /^\s{2}\S/.test(x)));
    return [first, ...rest.map((l) => l.trim())].join(" ").slice(0, 600);
  }
  if (/JavaScript heap out of memory|Reached heap limit/.test(output)) return BUILD_OUT_OF_MEMORY;
  return BUILD_FAILED;
}

/** A build that a signal ended: SIGKILL is what the kernel's (or systemd's) out-of-memory killer sends. */
export function buildStoppedReason(signal: string): string {
  const memory = signal === "SIGKILL" || signal === "SIGABRT" ? ", likely out of memory" : "";
  return `the build was stopped (killed by ${signal})${memory}`;
}

/**
 * The owner's words for a build ended by a signal, sent to it or (exit code 128 + n, as a shell reports it) to a
 * process under it: the out-of-memory killer picks the biggest, which is the build, not npm.
 */
export function stoppedBy(code: number | null, signal: NodeJS.Signals | null): string | undefined {
  const name =
    signal ??
    (code !== null && code > 128
      ? Object.entries(osConstants.signals).find(([, n]) => n === code - 128)?.[0]
      : undefined);
  return name ? buildStoppedReason(name) : undefined;
}

/** `npm run build` with BUILD_DIR set: React Router's build, then the precompressed copies. */
export function npmBuild(repoDir: string, log: (chunk: string) => void = () => {}) {
  return (buildDir: string) =>
    new Promise<void>((resolve, reject) => {
      // The server's own allocator tuning (server/server-env.ts) is for its photo uploads, not for the build.
      const inherited = { ...process.env };
      delete inherited.MALLOC_MMAP_THRESHOLD_;
      delete inherited.MALLOC_TRIM_THRESHOLD_;
      const child = spawn("npm", ["run", "-s", "build"], {
        cwd: repoDir,
        env: {
          ...inherited,
          BUILD_DIR: buildDir,
          // The build runs beside the live server under the unit's MemoryMax (decision 0017): V8 collects garbage
          // before its heap passes 384 MB, and glibc keeps two malloc arenas, not eight per core (Rolldown's threads).
          // Rolldown's own allocator gives its memory back as it goes: package.json's build sets it (decision 0034).
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=384`.trim(),
          MALLOC_ARENA_MAX: "2",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        log(text);
        output = (output + text).slice(-64 * 1024);
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      child.on("error", reject);
      child.on("close", (code, signal) => {
        if (code === 0) resolve();
        else reject(new PublishError(stoppedBy(code, signal) ?? buildFailureReason(output)));
      });
    });
}
