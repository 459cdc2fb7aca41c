// The server's environment is written in three places that cannot share code: keep them the same. And V8 takes the
// young generation's cap from NODE_OPTIONS on this Node (Node refuses some V8 flags there).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ENV } from "./server-env.ts";

const expected = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);

describe("the server's environment", () => {
  it("npm start sets it before node starts", () => {
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`${expected.join(" ")} node build/bin/server.js`);
  });

  it("the systemd unit sets it", () => {
    const unit = readFileSync("deploy/heartland-site.service", "utf8");
    const set = [...unit.matchAll(/^Environment=((?:MALLOC_\w+|NODE_OPTIONS)=\S+)$/gm)].map((m) => m[1]);
    expect(set).toEqual(expected);
  });

  // Short-lived objects with many survivors: V8 grows the young generation as far as it may (to 32 MB on Node 20
  // here, 128 MB on Node 24 without a memory limit).
  const churn = `
    const v8 = require("node:v8");
    let most = 0;
    const kept = new Array(300000);
    for (let i = 0; i < 4e6; i++) {
      kept[i % kept.length] = { i, s: "x" + i };
      if (i % 100000 === 0) {
        const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
        most = Math.max(most, young ? young.space_size : Infinity);
      }
    }
    console.log(most / 1048576);`;
  const youngMb = (env: Record<string, string>) => {
    const run = spawnSync(process.execPath, ["-e", churn], { env: { PATH: process.env.PATH ?? "", ...env } });
    expect(run.stderr.toString()).toBe("");
    return Number(run.stdout.toString());
  };

  it("caps V8's young generation at two semi-spaces of 8 MB", () => {
    expect(youngMb({ ...SERVER_ENV })).toBeLessThanOrEqual(16);
    expect(youngMb({})).toBeGreaterThan(16);
  }, 30_000);
});
