// The web app manifest, from the business facts.
import { business } from "~/content/business";

export function webManifest() {
  return {
    name: business.name,
    short_name: business.shortName,
    start_url: "/",
    display: "browser",
    background_color: "#faf7f2",
    theme_color: "#1c1917",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}

export function loader() {
  return new Response(JSON.stringify(webManifest(), null, 2), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=86400" },
  });
}
