// Starts the built production server (node build/bin/server.js, what `npm start` runs) on a free port with its own
// data folder.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENV } from "../../server/server-env.ts";

/** The compiled server (scripts/build-server.ts); `npm run build` writes it. */
export const SERVER_ENTRY = "build/bin/server.js";

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), "server-test-")),
) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    // The environment `npm start` and the systemd unit start it with (server/server-env.ts).
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: "",
      // As deployed: Vitest sets NODE_ENV=test, which would give the server React's development build (twice the
      // render's time, issue 53).
      NODE_ENV: "production",
      // Off here, on in production: tests/server/warm-up.test.ts checks it (config.ts, WARM_UP).
      WARM_UP: "off",
      // Off here too: a backup at every start bundles the site's git history beside the test's own work (minutes of
      // CPU over the suite). tests/server/backup-restore.test.ts turns it on.
      BACKUP_DIR: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Generous: start-up is a few seconds, more on a busy two-core machine.
  const deadline = Date.now() + 60_000;
  while (!output.includes("Site ready")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    exited,
  } satisfies RunningServer;
}

export async function stopServer(server: RunningServer, signal: NodeJS.Signals = "SIGTERM") {
  if (server.process.exitCode === null) server.process.kill(signal);
  return server.exited;
}
