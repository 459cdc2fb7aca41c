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
  // The homeowner's own link to book, move or cancel the estimate visit (server/booking/).
  route("visit/:token", "routes/visit.tsx"),
  // The owner's visits as a calendar his phone subscribes to: its secret address is the authority (server/calendars/).
  route("calendar/:file", "routes/calendar-feed.ts"),
  route("faq", "routes/faq.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The owner console: one folder, one layout; every loader and action calls the guard (routes/owner/guard.server.ts).
  route("owner", "routes/owner/layout.tsx", [
    index("routes/owner/inbox.tsx"),
    route("sign-in", "routes/owner/sign-in.tsx"),
    route("sign-out", "routes/owner/sign-out.ts"),
    route("enrol/:token", "routes/owner/enrol.tsx"),
    route("passkey/:ceremony", "routes/owner/passkey.ts"),
    route("requests/:id", "routes/owner/request.tsx"),
    route("requests/:id/photos/:photo", "routes/owner/request-photo.ts"),
    route("spam", "routes/owner/spam.tsx"),
    route("security", "routes/owner/security.tsx"),
    route("export.csv", "routes/owner/export.ts"),
    route("erase", "routes/owner/erase.tsx"),
    route("act/done", "routes/owner/act-done.tsx"),
    route("act/:token", "routes/owner/act.tsx"),
    route("site", "routes/owner/site.tsx"),
    route("site/edit/:kind/:slug?", "routes/owner/site-edit.tsx"),
    route("site/photos", "routes/owner/site-photos.tsx"),
    route("visits", "routes/owner/visits.tsx"),
    route("visits/settings", "routes/owner/visit-settings.tsx"),
    route("visits/calendars", "routes/owner/calendars.tsx"),
    route("visits/:id", "routes/owner/visit.tsx"),
    route("reports", "routes/owner/reports.tsx"),
    route("reports.csv", "routes/owner/reports-csv.ts"),
    route("help", "routes/owner/help.tsx"),
  ]),
  route("*", "routes/not-found.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
