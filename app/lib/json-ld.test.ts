import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { posts } from "~/content/posts";
import { services } from "~/content/services";
import { blogPostingJsonLd, breadcrumbJsonLd, faqPageJsonLd, localBusinessJsonLd, serviceJsonLd } from "./json-ld";

/** The data as a crawler reads it: serialised JSON. */
function parsed<T = Record<string, unknown>>(data: unknown): T {
  return JSON.parse(JSON.stringify(data)) as T;
}

// Structured data is read by machines: check each type's required fields and that facts come from business.ts.
describe("JSON-LD", () => {
  it("describes the business with contact details, hours, area served, payment and profiles", () => {
    const data = parsed(localBusinessJsonLd());
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("HomeAndConstructionBusiness");
    expect(data.name).toBe(business.name);
    expect(data.telephone).toBe(business.phone);
    expect(data.email).toBe(business.email);
    expect(data.url).toMatch(/^https?:\/\/.+\/$/);
    expect(data.logo).toMatch(/\/logo\.svg$/);
    expect(data.address).toMatchObject({ addressLocality: "Bloomington", addressRegion: "IL", addressCountry: "US" });
    expect(data.areaServed).toHaveLength(8);
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" }),
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "09:00", closes: "14:00" }),
    ]);
    expect(data.paymentAccepted).toBe("Visa, Mastercard, American Express, Bitcoin");
    expect(data.sameAs).toEqual(business.socials.map((s) => s.href));
  });

  it.each(services.map((s) => [s.slug, s] as const))("describes the %s service with the spec's fields", (_slug, service) => {
    const data = parsed(serviceJsonLd(service));
    expect(data["@type"]).toBe("Service");
    expect(data.name).toBe(service.name);
    expect(String(data.description).length).toBeGreaterThan(50);
    expect(data.image).toMatch(new RegExp(`/images/${service.slug}\\.svg$`));
    expect(data.areaServed).toEqual(business.cities.map((c) => ({ "@type": "City", name: `${c.name}, IL` })));
    expect(data.provider).toMatchObject({
      name: business.name,
      telephone: business.phone,
      address: { addressLocality: "Bloomington", addressRegion: "IL", addressCountry: "US" },
    });
    expect(data.offers).toMatchObject({ "@type": "Offer", priceCurrency: "USD", price: "Contact for estimate" });
    expect(data.brand).toMatchObject({ "@type": "Brand", name: business.name });
  });

  it("lists breadcrumbs in order with absolute URLs", () => {
    const data = parsed<{ itemListElement: { position: number; name: string; item: string }[] }>(
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Peoria", path: "/locations/peoria" },
      ]),
    );
    expect(data.itemListElement.map((i) => [i.position, i.name])).toEqual([
      [1, "Home"],
      [2, "Peoria"],
    ]);
    expect(data.itemListElement[1]?.item).toMatch(/^https?:\/\/[^/]+\/locations\/peoria$/);
  });

  it.each(posts.map((p) => [p.slug, p] as const))("describes the article %s with its dates", (_slug, post) => {
    const data = parsed(blogPostingJsonLd(post));
    expect(data["@type"]).toBe("BlogPosting");
    expect(data.headline).toBe(post.title);
    expect(data.datePublished).toMatch(/^2025-\d\d-\d\d$/);
    expect(data.dateModified).toBe(post.dateModified ?? post.datePublished);
    expect(data.publisher).toMatchObject({ name: business.name });
  });

  it("turns FAQ answers with links into plain-text answers", () => {
    const data = parsed<{ mainEntity: unknown[] }>(
      faqPageJsonLd([
        { question: "Q?", answer: ["See our ", { text: "cost guide", href: "/blog/cost-of-chimney-repair-bloomington-il" }, "."] },
      ]),
    );
    expect(data.mainEntity[0]).toEqual({
      "@type": "Question",
      name: "Q?",
      acceptedAnswer: { "@type": "Answer", text: "See our cost guide." },
    });
  });
});
