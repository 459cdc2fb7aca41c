// No import cycle anywhere in our code (docs/decisions/0014-layers.md); the layer direction itself is an ESLint rule.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCycles, importGraph } from "../../tools/import-graph";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the import graph", () => {
  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(findCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("sees type-only and aliased imports", () => {
    const graph = importGraph(root, ["app"]);
    expect(graph.get("app/content/types.ts")).toContain("app/content/schema.ts");
    expect(graph.get("app/routes/contact.tsx")).toContain("app/islands/island.tsx");
  });

  it("has no cycle in app, server, scripts or tools", () => {
    expect(findCycles(importGraph(root, ["app", "server", "scripts", "tools"]))).toEqual([]);
  });
});
