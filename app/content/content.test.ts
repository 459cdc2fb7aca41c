// Content integrity: the records the pages are built from are complete, unique and link only to real pages.
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { articleLinks, articlePhotos } from "~/content/article-markdown";
import { sitemapXml } from "~/routes/sitemap";
import { robotsTxt } from "~/routes/robots";
import { accessibility } from "./accessibility";
import { business } from "./business";
import { costRows } from "./costs";
import { contactFaqs, generalFaqs, serviceFaqs } from "./faqs";
import { gallery } from "./gallery";
import { home } from "./home";
import { cities } from "./locations";
import { posts } from "./posts";
import { services } from "./services";
import { sitePages } from "./site-map";
import { testimonials } from "./testimonials";

const allContent = {
  accessibility,
  business,
  costRows,
  contactFaqs,
  generalFaqs,
  serviceFaqs,
  home,
  cities,
  posts,
  services,
  testimonials,
  gallery,
};

/** Every photo a content file names, with the alt text it gives. */
const photoRefs = [
  ...services.flatMap((s) => (s.photo ? [s.photo] : [])),
  ...Object.values(cities).flatMap((c) => (c.photo ? [c.photo] : [])),
  ...posts.flatMap((p) => [...(p.photo ? [p.photo] : []), ...articlePhotos(p.body)]),
  ...gallery,
];

/** Every href (and cost-row link) anywhere in the content. */
function internalLinks(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => internalLinks(v, found));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if ((key === "href" || key === "link") && typeof v === "string" && v.startsWith("/")) found.push(v);
      else internalLinks(v, found);
    }
  }
  return found;
}

function unique<T>(values: T[]) {
  return new Set(values).size === values.length;
}

describe("content", () => {
  const knownPaths = new Set(sitePages().map((p) => p.path));

  it("lists the 22 pages of the route table plus the accessibility statement and the privacy page", () => {
    expect(sitePages()).toHaveLength(24);
    expect(sitePages().map((p) => p.path)).toEqual(expect.arrayContaining(["/accessibility", "/privacy"]));
    expect(unique(sitePages().map((p) => p.path))).toBe(true);
  });

  it("has unique slugs for services, cities and posts", () => {
    expect(unique(services.map((s) => s.slug))).toBe(true);
    expect(unique(business.cities.map((c) => c.slug))).toBe(true);
    expect(unique(posts.map((p) => p.slug))).toBe(true);
    for (const [key, city] of Object.entries(cities)) expect(city.slug).toBe(key);
    expect(Object.keys(cities).sort()).toEqual(business.cities.map((c) => c.slug).sort());
  });

  it("links only to pages that exist", () => {
    const links = [
      ...internalLinks(allContent),
      ...posts.flatMap((p) => articleLinks(p.body).filter((href) => href.startsWith("/"))),
    ];
    expect(links.length).toBeGreaterThan(40);
    const broken = links.filter((href) => !knownPaths.has(href.split(/[?#]/)[0] ?? ""));
    expect(broken).toEqual([]);
  });

  it("gives every page a distinct title and description of a sensible length", () => {
    const heads = [
      home.seo,
      accessibility.seo,
      ...services.map((s) => s.seo),
      ...Object.values(cities).map((c) => c.seo),
      ...posts.map((p) => p.seo),
    ];
    expect(unique(heads.map((h) => h.title))).toBe(true);
    expect(unique(heads.map((h) => h.description))).toBe(true);
    for (const head of heads) {
      expect(head.title.length, head.title).toBeLessThanOrEqual(65);
      expect(head.description.length, head.description).toBeGreaterThanOrEqual(110);
      expect(head.description.length, head.description).toBeLessThanOrEqual(165);
    }
  });

  it("names only photos that exist in content/photos, each with alt text", () => {
    const files = new Set(existsSync("content/photos") ? readdirSync("content/photos") : []);
    for (const ref of photoRefs) {
      expect(files.has(ref.file), `content/photos/${ref.file}`).toBe(true);
      expect(ref.alt.trim().length, `alt text for ${ref.file}`).toBeGreaterThan(0);
    }
    for (const post of posts) {
      expect(existsSync(`public/images/${post.artwork}.svg`), post.artwork).toBe(true);
      expect(post.imageAlt.length, post.slug).toBeGreaterThan(0);
    }
    for (const service of services)
      expect(existsSync(`public/images/${service.artwork}.svg`), service.artwork).toBe(true);
  });

  it("keeps section ids unique within each service page", () => {
    for (const service of services) expect(unique(service.sections.map((s) => s.id)), service.slug).toBe(true);
  });

  it("keeps the business's phone number and e-mail out of the copy (they live in content/business.yaml only)", () => {
    const copy = JSON.stringify({ ...allContent, business: undefined });
    expect(copy).not.toContain(business.phone);
    expect(copy).not.toContain(business.email);
  });

  it("publishes the spec's FAQ counts and testimonials", () => {
    expect(generalFaqs).toHaveLength(5);
    expect(serviceFaqs).toHaveLength(4);
    expect(contactFaqs).toHaveLength(6);
    expect(testimonials).toHaveLength(3);
    for (const service of services) expect(service.faqs, service.slug).toHaveLength(4);
  });

  it("prints the cost table's ten rows with the spec's ranges", () => {
    expect(costRows.map((r) => r.costRange)).toEqual([
      "$100-$300",
      "$150-$400",
      "$200-$700+",
      "$300-$1,200",
      "$1,000-$3,500+",
      "$500-$2,500+",
      "$20-$50 per square foot",
      "$2,000-$7,000+",
      "$1,500-$5,000+",
      "$5,000-$20,000+",
    ]);
  });

  it("dates the articles as the spec does", () => {
    const dates = Object.fromEntries(posts.map((p) => [p.slug, [p.datePublished, p.dateModified]]));
    expect(dates).toEqual({
      "will-insurance-pay-for-chimney-repair": ["2025-05-31", undefined],
      "signs-you-need-chimney-crown-repair-bloomington": ["2025-06-09", undefined],
      "cost-of-chimney-repair-bloomington-il": ["2025-06-10", "2025-06-11"],
      "chimney-repair-peoria-il": ["2025-06-13", "2025-06-16"],
    });
  });
});

describe("sitemap and robots", () => {
  it("lists every indexable page, articles with their last modification", () => {
    const xml = sitemapXml();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(locs).toEqual(sitePages().map((p) => p.path));
    expect(xml).toContain("<lastmod>2025-06-16</lastmod>");
    expect(xml).not.toContain("/404");
    expect(xml).not.toMatch(/\/owner/i);
  });

  it("keeps crawlers out of the owner console", () => {
    expect(robotsTxt()).toMatch(/^Disallow: \/owner$/m);
  });

  it("points crawlers at the sitemap", () => {
    expect(robotsTxt()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
