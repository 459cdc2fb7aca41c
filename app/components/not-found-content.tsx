import { Home } from "lucide-react";
import { business } from "~/content/business";
import { serviceLinks } from "~/content/navigation";
import { telHref } from "~/lib/links";
import { GoBackButton } from "./go-back-button";
import { LinkList } from "./link-list";
import { ButtonLink } from "./ui/button-link";

/** The body of the 404 page (spec §8), shared by the catch-all route and unknown slugs. */
export function NotFoundContent() {
  return (
    <section id="hero" className="bg-mortar-50 py-20 sm:py-28">
      <div className="mx-auto max-w-2xl px-4 text-center sm:px-6">
        <p className="font-serif text-7xl font-bold text-brick-700 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-4xl font-bold text-soot-950 sm:text-5xl">Page Not Found</h1>
        <p className="mt-5 text-lg leading-relaxed text-soot-800">
          The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/" size="lg">
            <Home aria-hidden="true" className="size-5" />
            Back to Home
          </ButtonLink>
          <GoBackButton />
        </div>
        <div className="mt-14 rounded-card border border-mortar-200 bg-white p-6 text-left shadow-sm">
          <h2 className="font-sans text-lg font-bold text-soot-950">Looking for one of these?</h2>
          <LinkList links={serviceLinks} className="mt-3 grid gap-2 sm:grid-cols-2" />
          <p className="mt-4 text-soot-800">
            Or call us at{" "}
            <a href={telHref(business.phone)} className="rich-link">
              {business.phone}
            </a>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
