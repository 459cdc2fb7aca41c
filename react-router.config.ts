import type { Config } from "@react-router/dev/config";
import { indexablePaths } from "./app/content/site-map";

export default {
  // Server rendering stays on for what is not prerendered: unknown city slugs, the 404 page, the estimate endpoint.
  ssr: true,
  prerender: () => [...indexablePaths(), "/sitemap.xml", "/robots.txt"],
} satisfies Config;
