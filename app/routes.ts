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
  // The homeowner's quote, by its secret link: no session, the link is the key (server/quotes/, decision 0032).
  route("quote/:token", "routes/quote.tsx"),
  route("quote/:token/photos/:photo", "routes/quote-photo.ts"),
  route("quote/:token/pdf", "routes/quote-pdf.ts"),
  // The homeowner's invoice, by its secret link (server/invoices/, decision 0042).
  route("invoice/:token", "routes/invoice.tsx"),
  route("invoice/:token/pdf", "routes/invoice-pdf.ts"),
  // The homeowner's job page, by its secret link: days, the quote, what is owed (server/jobs/, decision 0045).
  route("job/:token", "routes/job.tsx"),
  // The job's photos by the homeowner's job link, and their yes to Recent work (server/jobs/job-photos-view.ts).
  route("job/:token/photos/:photo", "routes/job-photo.ts"),
  route("job/:token/photos/:photo/consent", "routes/job-photo-consent.ts"),
  // The homeowner's chimney condition report, by its secret link: page, PDF and photos (server/reports/, decision 0054).
  route("report/:token", "routes/report.tsx"),
  route("report/:token/pdf", "routes/report-pdf.ts"),
  route("report/:token/photos/:photo", "routes/report-photo.ts"),
  // Marketing mail (server/marketing/, decision 0052): the one-click unsubscribe (RFC 8058; its POST comes from mail
  // providers, with no context) and the e-mail's booking link, by their tokens.
  route("u/:token", "routes/unsubscribe.tsx"),
  route("book/:token", "routes/rebook.tsx"),
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
    route("customers", "routes/owner/customers.tsx"),
    route("customers.csv", "routes/owner/customers-csv.ts"),
    route("customers/:id", "routes/owner/customer.tsx"),
    route("quotes", "routes/owner/quotes.tsx"),
    route("quotes/:id", "routes/owner/quote.tsx"),
    route("quotes/:id/send", "routes/owner/quote-send.tsx"),
    route("quotes/:id/pdf/:version", "routes/owner/quote-pdf.ts"),
    route("quotes/:id/photos/:photo", "routes/owner/quote-photo.ts"),
    route("invoices/:id", "routes/owner/invoice.tsx"),
    route("invoices/:id/pdf", "routes/owner/invoice-pdf.ts"),
    route("jobs", "routes/owner/jobs.tsx"),
    route("jobs/:id", "routes/owner/job.tsx"),
    route("jobs/:id/photos", "routes/owner/job-photos.tsx"),
    route("jobs/:id/photos/:photo", "routes/owner/job-photo.ts"),
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
    route("next-year/:kind/:id", "routes/owner/next-year.tsx"),
    // The condition report recorded at the visit, its field island's JSON writes, and its photos (decision 0054).
    route("visits/:id/report", "routes/owner/visit-report.tsx"),
    route("visits/:id/report/save", "routes/owner/visit-report-save.ts"),
    route("visits/:id/report/photos/:photo", "routes/owner/visit-report-photo.ts"),
    // The owner's old customer list brought in: a dry run, then that very file, each import undoable (decision 0053).
    route("customers/import", "routes/owner/customer-import.tsx"),
    route("customers/import/template.csv", "routes/owner/customer-import-template.ts"),
    route("reports", "routes/owner/reports.tsx"),
    route("reports.csv", "routes/owner/reports-csv.ts"),
    route("money", "routes/owner/money.tsx"),
    route("money.csv", "routes/owner/money-csv.ts"),
    route("campaigns", "routes/owner/campaigns.tsx"),
    route("help", "routes/owner/help.tsx"),
  ]),
  route("*", "routes/not-found.tsx", { id: "routes/not-found" }),
] satisfies RouteConfig;
