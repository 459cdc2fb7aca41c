// Any unknown path. entry.server.tsx answers it with status 404, and the site's own 403 page (REFUSED_PAGE_PATH, a
// POST from another site, decision 0038) with 403.
import { useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/not-found-content";
import { RefusedContent } from "~/components/refused-content";
import { REFUSED_PAGE_PATH } from "~/lib/refused-page";
import { notFoundSeo, refusedSeo } from "~/lib/seo";

export const meta = ({ location }: Route.MetaArgs) =>
  location.pathname === REFUSED_PAGE_PATH ? refusedSeo() : notFoundSeo();

export default function NotFound() {
  return useLocation().pathname === REFUSED_PAGE_PATH ? <RefusedContent /> : <NotFoundContent />;
}
