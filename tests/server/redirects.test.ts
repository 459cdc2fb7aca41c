// Every redirect the server sends lands on this site, whatever path an attacker writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offSiteLocations } from "../support/attack-variants";
import { startServer, stopServer, type RunningServer } from "./harness";
import { rawGet } from "./raw-http";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => stopServer(server));

/** Paths a client can send that an unguarded "strip the trailing slash" redirect turns into an off-site Location. */
function attackPaths(): string[] {
  const starts = [
    "//",
    "///",
    "////",
    "/\\",
    "/\\\\",
    "/\\/",
    "//\\",
    "/%2F",
    "/%2f%2f",
    "/%5C",
    "/%5c%5c",
    "/%2F/",
    "/.//",
    "/..//",
    "/./\\",
    "/%09/",
    "/%0a/",
    "/%20//",
  ];
  const hosts = [
    "evil.example",
    "evil.example:8080",
    "user@evil.example",
    "EVIL.EXAMPLE",
    "evil.example%2F",
    "%65vil.example",
  ];
  const ends = ["/", "//", "/?next=/", "/path/", "/%2F"];
  const out: string[] = [];
  for (const s of starts) for (const h of hosts) for (const e of ends) out.push(`${s}${h}${e}`);
  return out;
}

const sameSite = (location: string) => new URL(location, "http://site.invalid/").host === "site.invalid";

describe("redirects", () => {
  const paths = attackPaths();

  it(`never sends a Location off the site for ${paths.length} crafted paths`, async () => {
    const offSite: string[] = [];
    for (const path of paths) {
      const response = await rawGet(server.port, path);
      const location = response.headers.location;
      if (location !== undefined && (!sameSite(location) || location.startsWith("//") || /[\\]/.test(location))) {
        offSite.push(`${path} -> ${response.status} ${location}`);
      }
      expect([301, 400, 404], path).toContain(response.status);
    }
    expect(offSite).toEqual([]);
  });

  it("answers the issue's examples with a 404 page, not a redirect", async () => {
    for (const path of ["//evil.example/", "/\\evil.example/", "///evil.example/"]) {
      const response = await rawGet(server.port, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
    }
  });

  it("still redirects a canonical page's trailing slash to the page, keeping the query", async () => {
    for (const [path, target] of [
      ["/faq/", "/faq"],
      ["/services/chimney-crowns/", "/services/chimney-crowns"],
      ["/blog///", "/blog"],
      ["/contact/?city=Peoria", "/contact?city=Peoria"],
      ["/faq/?next=//evil.example", "/faq?next=//evil.example"],
    ] as const) {
      const response = await rawGet(server.port, path);
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toBe(target);
    }
  });

  it(`sends none of the ${offSiteLocations().length} off-site Location spellings the guard knows`, async () => {
    // The redirect targets the server can be made to emit all come from paths; these are the same spellings as
    // paths, each with a trailing slash so the redirect code considers them.
    const leaked: string[] = [];
    for (const location of offSiteLocations()) {
      if (!location.startsWith("/") || /[\s]/.test(location)) continue;
      const response = await rawGet(server.port, `${location.replace(/[?#].*$/, "")}/`);
      const sent = response.headers.location;
      if (sent !== undefined && !sameSite(sent)) leaked.push(`${location} -> ${sent}`);
    }
    expect(leaked).toEqual([]);
  });
});
