import { existsSync, readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";
import { parse } from "yaml";

// SITE_URL may live in .env; the real environment wins.
if (existsSync(".env")) process.loadEnvFile(".env");

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // imagetools turns content/photos/*.jpg into AVIF/WebP/JPEG srcsets (app/content/photos.ts).
  plugins: [tailwindcss(), imagetools(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The public origin the site is built for; the server falls back to it when SITE_URL is not set at run time.
  // The towns' names, for the estimate form's ?city= note: built into its script rather than carried in /contact's
  // HTML, whose first response may not grow (decision 0022). The build checks business.yaml itself.
  define: {
    __BUILD_SITE_URL__: JSON.stringify(process.env.SITE_URL?.trim() ?? ""),
    __TOWNS__: JSON.stringify(
      ((parse(readFileSync("content/business.yaml", "utf8")) as { cities?: { name?: unknown }[] }).cities ?? []).map(
        (c) => String(c.name),
      ),
    ),
  },
});
