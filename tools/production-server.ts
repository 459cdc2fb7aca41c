// Starts the built production server on a free loopback port, for the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";

export const SERVER_ENTRY = ["build/bin/server.js"] as const;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export async function startProductionServer(
  env: Record<string, string>,
): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn(process.execPath, SERVER_ENTRY, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (d: Buffer) => String(d).includes("Site ready") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, server };
}
