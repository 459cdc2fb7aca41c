import { absoluteUrl } from "~/lib/site-url";

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /owner\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}

export function loader() {
  return new Response(robotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
