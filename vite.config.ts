import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // imagetools turns content/photos/*.jpg into AVIF/WebP/JPEG srcsets (app/content/photos.ts).
  plugins: [tailwindcss(), imagetools(), reactRouter()],
  build: { assetsInlineLimit: 0 },
});
