// Every URL of the site. Known pages are prerendered (react-router.config.ts); the rest render on the server.
import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services/:slug", "routes/service.tsx"),
  route("locations/:city", "routes/location.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/post.tsx"),
  route("contact", "routes/contact.tsx"),
  route("contact/received", "routes/contact-received.tsx"),
  route("api/estimate", "routes/api.estimate.ts"),
  route("faq", "routes/faq.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("site.webmanifest", "routes/manifest.ts"),
  route("*", "routes/not-found.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
