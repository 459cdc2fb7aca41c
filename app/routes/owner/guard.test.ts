// Every owner route that reads or changes anything calls the guard itself: a new route module that forgets fails
// here, whatever its URL. The few that do not are listed with the authority they carry instead.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { idParam, safeNext } from "./guard.server";

const DIR = path.dirname(new URL(import.meta.url).pathname);

/** Route modules that answer without a session, and why that is safe. */
const WITHOUT_SESSION: Record<string, string> = {
  "layout.tsx": "reads the session only to show the navigation (optionalOwner)",
  "sign-in.tsx": "the sign-in page itself",
  "enrol.tsx": "the invite in its URL is the authority (single use, 30 minutes)",
  "act.tsx": "the one-tap token is the authority (one request, one action, once); POST checks Origin",
  "act-done.tsx": "shows a request number and a link that needs the session",
  "passkey.ts": "sign-in and enrolment check Origin, the rate limit and the assertion; `add` calls requireOwner",
};

describe("owner route modules", () => {
  const modules = readdirSync(DIR).filter(
    (f) =>
      /\.tsx?$/.test(f) &&
      !/\.test\.|\.server\./.test(f) &&
      /export (async )?function (loader|action)/.test(readFileSync(path.join(DIR, f), "utf8")),
  );

  it("are found", () => {
    expect(modules.length).toBeGreaterThanOrEqual(10);
  });

  it.each(modules.filter((f) => !(f in WITHOUT_SESSION)))(
    "%s calls requireOwner in every loader and action",
    (file) => {
      const source = readFileSync(path.join(DIR, file), "utf8");
      const handlers = [...source.matchAll(/export (?:async )?function (loader|action)\b[^{]*\{/g)];
      expect(handlers.length).toBeGreaterThan(0);
      for (const handler of handlers) {
        const body = source.slice(
          (handler.index ?? 0) + handler[0].length,
          (handler.index ?? 0) + handler[0].length + 300,
        );
        expect(body, `${file} ${handler[1]}`).toMatch(/requireOwner\(/);
      }
    },
  );
});

describe("guard helpers", () => {
  it("accept only plain positive ids", () => {
    expect(idParam("12")).toBe(12);
    for (const bad of ["0", "012", "-1", "1e3", "0x1", "1.5", " 1", "9999999999999", "", undefined]) {
      expect(idParam(bad), String(bad)).toBeNull();
    }
  });

  it("send the owner only to owner paths after signing in", () => {
    expect(safeNext("/owner/requests/12")).toBe("/owner/requests/12");
    for (const bad of [
      "//evil.example",
      "/owner//evil.example",
      "https://evil.example/owner",
      "/ownerx",
      "/owner/../x",
      "/owner?x=1",
      null,
    ]) {
      expect(safeNext(bad), String(bad)).toBe("/owner");
    }
  });
});
