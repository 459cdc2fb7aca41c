// Which part of the help each console page's "?" link opens (the ids are the headings' {#…} in content/help.md).
export const HELP_SECTIONS: readonly { path: RegExp; id: string; title: string }[] = [
  { path: /^\/owner\/?$/, id: "requests", title: "Working a request" },
  // Before any section for /owner/customers: the first that fits is the one.
  { path: /^\/owner\/customers\/import/, id: "import", title: "Importing your old customer list" },
  { path: /^\/owner\/requests\//, id: "requests", title: "Working a request" },
  { path: /^\/owner\/customers/, id: "customers", title: "Customers" },
  { path: /^\/owner\/quotes/, id: "quotes", title: "Quotes" },
  { path: /^\/owner\/jobs/, id: "jobs", title: "Jobs" },
  { path: /^\/owner\/next-year\//, id: "book-next-year", title: "Book next year" },
  { path: /^\/owner\/spam/, id: "spam", title: "Spam" },
  { path: /^\/owner\/visits\/calendars/, id: "calendars", title: "Calendars" },
  { path: /^\/owner\/visits\/\d+\/report/, id: "condition-reports", title: "Condition reports" },
  { path: /^\/owner\/visits/, id: "visits", title: "Visits" },
  { path: /^\/owner\/erase/, id: "erasure", title: "Erasure and the CSV" },
  { path: /^\/owner\/security/, id: "first-sign-in", title: "Signing in" },
  { path: /^\/owner\/site\/photos/, id: "photos", title: "Photos" },
  { path: /^\/owner\/site\/edit\/posts/, id: "articles", title: "Articles" },
  { path: /^\/owner\/site\/edit\/review-request/, id: "reviews", title: "Asking for a review" },
  { path: /^\/owner\/site\/edit\/quote-/, id: "quotes", title: "Quotes" },
  { path: /^\/owner\/site\/edit\/findings/, id: "condition-reports", title: "Condition reports" },
  { path: /^\/owner\/site\/edit\/marketing-mail/, id: "campaigns", title: "Reminders and campaigns" },
  { path: /^\/owner\/campaigns/, id: "campaigns", title: "Reminders and campaigns" },
  { path: /^\/owner\/site/, id: "editing", title: "Editing the words" },
  { path: /^\/owner\/reports/, id: "reports", title: "Reports" },
  { path: /^\/owner\/money/, id: "money", title: "Money" },
];

/** The help section for a console path; null on the help page itself. */
export function helpFor(pathname: string): { href: string; title: string } | null {
  if (pathname.startsWith("/owner/help")) return null;
  const found = HELP_SECTIONS.find((s) => s.path.test(pathname));
  return found ? { href: `/owner/help#${found.id}`, title: found.title } : { href: "/owner/help", title: "Help" };
}
