import { sitePages } from "~/content/site-map";
import { absoluteUrl } from "~/lib/site-url";

export function sitemapXml(): string {
  const urls = sitePages()
    .map(
      (page) =>
        `  <url>\n    <loc>${absoluteUrl(page.path)}</loc>${page.lastModified ? `\n    <lastmod>${page.lastModified}</lastmod>` : ""}\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function loader() {
  return new Response(sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
