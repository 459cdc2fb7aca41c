import { expect, test, type APIRequestContext } from "@playwright/test";
import { pagePictures } from "../support/page-pictures.ts";

// Every page the sitemap lists must be prerendered HTML with its h1, title, description and canonical URL.
async function sitemapPaths(request: APIRequestContext) {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

/** Each page of the sitemap with the pictures its image entries name, as paths. */
async function sitemapImages(request: APIRequestContext) {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry = ""]) => ({
    path: new URL(/<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? "").pathname,
    images: [...entry.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map(([, loc = ""]) => new URL(loc).pathname),
  }));
}

test("the image sitemap names under each page every picture the page shows, and each answers 200", async ({
  request,
}) => {
  const pages = await sitemapImages(request);
  const answered = new Map<string, number>();
  for (const { path, images } of pages) {
    const shown = pagePictures(await (await request.get(path)).text());
    expect([...images].sort(), path).toEqual(shown);
    for (const image of images) if (!answered.has(image)) answered.set(image, (await request.get(image)).status());
  }
  expect([...answered].filter(([, status]) => status !== 200)).toEqual([]);
  // The service pages' own pictures, the home page's and its cards', and the contact page's map.
  const of = (path: string) => pages.find((p) => p.path === path)?.images ?? [];
  expect(of("/services/tuckpointing")).toEqual(["/images/tuckpointing.webp"]);
  expect(of("/")).toEqual(expect.arrayContaining(["/images/hero-home.webp", "/images/chimney-crowns.webp"]));
  expect(of("/contact")).toEqual(["/images/service-area-map.webp"]);
});

test("every route answers 200 with its own h1, title, description and canonical before any script runs", async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  expect(paths).toHaveLength(24); // the route table's 22, the accessibility statement and the privacy page
  expect(paths).toContain("/privacy");
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(title, path).toBeTruthy();
    expect(description, path).toBeTruthy();
    titles.add(title ?? "");
    descriptions.add(description ?? "");
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical && new URL(canonical).pathname, path).toBe(path);
    expect(html, path).not.toContain('<script type="module"');
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});

test("a URL with a trailing slash redirects to the canonical one, and /faq answers itself", async ({ request }) => {
  const slashed = await request.get("/faq/", { maxRedirects: 0 });
  expect(slashed.status()).toBe(301);
  expect(slashed.headers().location).toBe("/faq");
  const faq = await request.get("/faq", { maxRedirects: 0 });
  expect(faq.status()).toBe(200);
  expect(faq.headers()["cache-control"]).toMatch(/max-age=300/);
});

test("fingerprinted assets are cached for a year and responses are compressed", async ({ request }) => {
  // The full stylesheet, which /contact fetches after load for its island.
  const html = await (await request.get("/contact")).text();
  const css = html.match(/data-css="(\/assets\/[^"]+\.css)"/)?.[1];
  expect(css).toBeTruthy();
  const response = await request.get(css ?? "", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});
