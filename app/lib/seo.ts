// One builder for every page's head: title, description, canonical, Open Graph, Twitter, robots, JSON-LD.
import type { MetaDescriptor } from "react-router";
import type { Thing, WithContext } from "schema-dts";
import { business } from "~/content/business";
import { absoluteUrl } from "./site-url";

export type PageSeo = {
  readonly title: string;
  readonly description: string;
  /** The page's path, e.g. "/faq"; null for pages with no canonical URL (the 404 page). */
  readonly path: string | null;
  readonly image?: { readonly path: string; readonly alt: string; readonly width: number; readonly height: number };
  readonly type?: "website" | "article";
  /** Thin or private pages: kept out of search results and the sitemap. */
  readonly noindex?: boolean;
  readonly jsonLd?: readonly WithContext<Thing>[];
};

/** The share image of pages without their own; its words name the business in force. */
function defaultShareImage() {
  return {
    path: "/images/og-default.png",
    alt: `${business.name}: chimney and masonry repair in Bloomington, IL`,
    width: 1200,
    height: 630,
  } as const;
}

export function seo(page: PageSeo): MetaDescriptor[] {
  const url = page.path === null ? null : absoluteUrl(page.path);
  const image = page.image ?? defaultShareImage();
  const imageUrl = absoluteUrl(image.path);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (page.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  for (const data of page.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** The head of the 404 page, also used when a known route gets an unknown slug. */
export function notFoundSeo(): MetaDescriptor[] {
  return seo({
    title: `Page Not Found | ${business.name}`,
    description:
      "The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.",
    path: null,
    noindex: true,
  });
}

/** The 403 page's head: a form sent from another site's page (decision 0038). */
export function refusedSeo(): MetaDescriptor[] {
  return seo({
    title: `Not Accepted | ${business.name}`,
    description: "Requests from other sites are not accepted.",
    path: null,
    noindex: true,
  });
}
