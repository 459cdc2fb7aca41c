// Any unknown path. entry.server.tsx answers it with status 404.
import { NotFoundContent } from "~/components/not-found-content";
import { notFoundSeo } from "~/lib/seo";

export const meta = () => notFoundSeo();

export default function NotFound() {
  return <NotFoundContent />;
}
