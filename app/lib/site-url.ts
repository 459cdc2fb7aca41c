// The public origin used for canonical URLs, Open Graph and the sitemap: SITE_URL at run time if set, else the
// one the site was built with (baked in by vite.config.ts), else localhost for development.
const DEFAULT_SITE_URL = "http://localhost:3000";

/** SITE_URL as it was when the site was built; empty when it was not set (or outside a Vite build). */
export const buildSiteUrl: string = typeof __BUILD_SITE_URL__ === "string" ? __BUILD_SITE_URL__ : "";

export function siteUrl(): string {
  const fromEnv = typeof process === "undefined" ? undefined : process.env.SITE_URL;
  return (fromEnv?.trim() || buildSiteUrl || DEFAULT_SITE_URL).replace(/\/+$/, "");
}

/** "/faq" -> "https://example.com/faq"; "/" -> "https://example.com/". No trailing slash elsewhere. */
export function absoluteUrl(path: string): string {
  const clean = path === "/" ? "/" : path.replace(/\/+$/, "");
  return `${siteUrl()}${clean}`;
}
