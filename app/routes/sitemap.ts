// The sitemap, with Google's image extension: under each page, every picture that page shows (sitemap-images.ts).
import { sitePages } from "~/content/site-map";
import { absoluteUrl } from "~/lib/site-url";
import { pageImages } from "./sitemap-images";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

/** The pictures a page shows, as Google's image sitemap entries. */
function images(path: string): string {
  return pageImages(path)
    .map(
      (image) =>
        `\n    <image:image>\n      <image:loc>${escapeXml(absoluteUrl(image))}</image:loc>\n    </image:image>`,
    )
    .join("");
}

export function sitemapXml(): string {
  const urls = sitePages()
    .map(
      (page) =>
        `  <url>\n    <loc>${absoluteUrl(page.path)}</loc>${page.lastModified ? `\n    <lastmod>${page.lastModified}</lastmod>` : ""}${images(page.path)}\n  </url>`,
    )
    .join("\n");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"` +
    ` xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls}\n</urlset>\n`
  );
}

export function loader() {
  return new Response(sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
