// Brand icons are static files of the build (public/brand-icons/), with the headers any static file gets, and no
// route behind them: the build leaves no .data files.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandIconSvg } from "../../app/lib/brand-icons.ts";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => stopServer(server));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe("brand icons", () => {
  it.each(["visa", "youtube"] as const)("/brand-icons/%s.svg is the SVG file, cached for a day", async (name) => {
    const response = await fetch(`${server.url}/brand-icons/${name}.svg`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(await response.text()).toBe(brandIconSvg(name));
  });

  it.each(["visa-40", "youtube-60"])("/brand-icons/%s.webp, the copy pages show, is served as WebP", async (name) => {
    const response = await fetch(`${server.url}/brand-icons/${name}.webp`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
  });

  it("an unknown icon is the site's 404", async () => {
    expect((await fetch(`${server.url}/brand-icons/nope.svg`)).status).toBe(404);
  });

  it("the build holds no .data files", () => {
    const client = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    expect(existsSync(client)).toBe(true);
    expect(filesUnder(client).filter((f) => f.endsWith(".data"))).toEqual([]);
  });
});
