// The allocator settings are written in three places that cannot share code: keep them the same.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MALLOC_ENV } from "./malloc-env.ts";

const expected = Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`);

describe("glibc allocator settings", () => {
  it("npm start sets them before node starts", () => {
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`${expected.join(" ")} node build/bin/server.js`);
  });

  it("the systemd unit sets them", () => {
    const unit = readFileSync("deploy/heartland-site.service", "utf8");
    const set = [...unit.matchAll(/^Environment=(MALLOC_\w+=\S+)$/gm)].map((m) => m[1]);
    expect(set).toEqual(expected);
  });
});
