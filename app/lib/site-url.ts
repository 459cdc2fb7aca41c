// The public origin used for canonical URLs, Open Graph and the sitemap. Read at build time
// (prerender) and at run time (server rendering); set SITE_URL for production builds.
const DEFAULT_SITE_URL = "http://localhost:3000";

export function siteUrl(): string {
  const fromEnv = typeof process === "undefined" ? undefined : process.env.SITE_URL;
  return (fromEnv?.trim() || DEFAULT_SITE_URL).replace(/\/+$/, "");
}

/** "/faq" -> "https://example.com/faq"; "/" -> "https://example.com/". No trailing slash elsewhere. */
export function absoluteUrl(path: string): string {
  const clean = path === "/" ? "/" : path.replace(/\/+$/, "");
  return `${siteUrl()}${clean}`;
}
