// The site's own 403 page (decision 0038): a POST from another site is answered with it. The server renders it by
// handing the router this path, which no link names; the catch-all route draws it and entry.server.tsx says 403.
export const REFUSED_PAGE_PATH = "/__refused";
