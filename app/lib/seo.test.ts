import { afterEach, describe, expect, it, vi } from "vitest";
import { notFoundSeo, seo } from "./seo";

function find(tags: ReturnType<typeof seo>, predicate: (tag: Record<string, unknown>) => boolean) {
  return tags.find((tag) => predicate(tag as Record<string, unknown>)) as Record<string, unknown> | undefined;
}

describe("seo", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("builds title, description, absolute canonical and social tags from one page record", () => {
    vi.stubEnv("SITE_URL", "https://www.example.com/");
    const tags = seo({ title: "Tuckpointing | Bloomington, IL", description: "Mortar repair.", path: "/services/tuckpointing" });
    expect(find(tags, (t) => "title" in t)?.title).toBe("Tuckpointing | Bloomington, IL");
    expect(find(tags, (t) => t.name === "description")?.content).toBe("Mortar repair.");
    expect(find(tags, (t) => t.rel === "canonical")?.href).toBe("https://www.example.com/services/tuckpointing");
    expect(find(tags, (t) => t.property === "og:url")?.content).toBe("https://www.example.com/services/tuckpointing");
    expect(find(tags, (t) => t.property === "og:title")?.content).toBe("Tuckpointing | Bloomington, IL");
    expect(find(tags, (t) => t.property === "og:image")?.content).toBe("https://www.example.com/images/og-default.png");
    expect(find(tags, (t) => t.name === "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, (t) => t.name === "robots")).toBeUndefined();
  });

  it("keeps the home page's canonical at the origin and strips trailing slashes elsewhere", () => {
    vi.stubEnv("SITE_URL", "https://www.example.com");
    expect(find(seo({ title: "t", description: "d", path: "/" }), (t) => t.rel === "canonical")?.href).toBe(
      "https://www.example.com/",
    );
    expect(find(seo({ title: "t", description: "d", path: "/faq/" }), (t) => t.rel === "canonical")?.href).toBe(
      "https://www.example.com/faq",
    );
  });

  it("falls back to http://localhost:3000 when SITE_URL is not set", () => {
    vi.stubEnv("SITE_URL", "");
    expect(find(seo({ title: "t", description: "d", path: "/blog" }), (t) => t.rel === "canonical")?.href).toBe(
      "http://localhost:3000/blog",
    );
  });

  it("marks noindex pages and embeds JSON-LD", () => {
    const tags = seo({
      title: "t",
      description: "d",
      path: "/locations/somewhere",
      noindex: true,
      jsonLd: [{ "@context": "https://schema.org", "@type": "Thing", name: "x" }],
    });
    expect(find(tags, (t) => t.name === "robots")?.content).toContain("noindex");
    expect(find(tags, (t) => "script:ld+json" in t)).toBeDefined();
  });

  it("gives the 404 page its title and no canonical URL", () => {
    const tags = notFoundSeo();
    expect(String(find(tags, (t) => "title" in t)?.title)).toMatch(/^Page Not Found/);
    expect(find(tags, (t) => t.rel === "canonical")).toBeUndefined();
    expect(find(tags, (t) => t.name === "robots")?.content).toContain("noindex");
  });
});
