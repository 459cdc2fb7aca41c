// Every indexable page of the site, derived from the content: the prerender list and the sitemap.
import { business } from "./business";
import { posts } from "./posts";
import { services } from "./services";

export type SitePage = { readonly path: string; readonly lastModified?: string };

export function sitePages(): SitePage[] {
  return [
    { path: "/" },
    ...services.map((s) => ({ path: `/services/${s.slug}` })),
    { path: "/contact" },
    { path: "/faq" },
    { path: "/accessibility" },
    { path: "/privacy" },
    ...business.cities.map((c) => ({ path: `/locations/${c.slug}` })),
    { path: "/blog", lastModified: posts[0]?.dateModified ?? posts[0]?.datePublished },
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.dateModified ?? p.datePublished })),
  ];
}

export function indexablePaths(): string[] {
  return sitePages().map((p) => p.path);
}

/** What `npm run build` prerenders and each publish renders again (server/publishing/render-pages.ts). */
export function prerenderPaths(): string[] {
  return [...indexablePaths(), "/sitemap.xml", "/robots.txt"];
}
