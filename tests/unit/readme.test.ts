// The README is the operator's and developer's page: it starts with the two commands a newcomer needs, and stays
// short enough to read (the owner's instructions live in the console's help, content/help.md).
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("README", () => {
  it("starts with npm install && npm start, then npm test", () => {
    const first = readFileSync("README.md", "utf8").split("```")[1] ?? "";
    expect(first).toMatch(/^sh\nnpm install && npm start\b/);
    expect(first).toMatch(/\nnpm test\b/);
  });

  it("stays under 20 KB", () => {
    expect(statSync("README.md").size).toBeLessThan(20_000);
  });
});
