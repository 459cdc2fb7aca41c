// Render requests for tests that drive the render's worker: the built bundle, this checkout's content, and an output
// folder each, under one temporary folder removed after the file's tests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { RenderRequest } from "../../server/publishing/render-pages.ts";

export function renderRequests(prefix: string, extra: Partial<RenderRequest> = {}) {
  const out = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  return (name: string): RenderRequest => ({
    serverBuildPath: path.resolve("build/server/index.js"),
    contentDir: path.resolve("content"),
    outDir: path.join(out, name),
    ...extra,
  });
}
