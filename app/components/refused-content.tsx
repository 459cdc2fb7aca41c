import { Home, Phone } from "lucide-react";
import { business } from "~/content/business";
import { telHref } from "~/lib/links";
import { ButtonLink } from "./ui/button-link";

/** The body of the 403 page: a form sent from another site's page (decision 0038). Drawn like the 404 page. */
export function RefusedContent() {
  return (
    <section id="hero" className="bg-mortar-50 py-20 sm:py-28">
      <div className="mx-auto max-w-2xl px-4 text-center sm:px-6">
        <p className="font-serif text-7xl font-bold text-brick-700 sm:text-8xl" aria-hidden="true">
          403
        </p>
        <h1 className="mt-4 text-4xl font-bold text-soot-950 sm:text-5xl">Not Accepted</h1>
        <p className="mt-5 text-lg leading-relaxed text-soot-800">Requests from other sites are not accepted.</p>
        <p className="mt-3 text-lg leading-relaxed text-soot-800">
          If you filled in one of our forms, open it again on our site and send it from there, or call us at{" "}
          <a href={telHref(business.phone)} className="rich-link">
            {business.phone}
          </a>
          .
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/" size="lg">
            <Home aria-hidden="true" className="size-5" />
            Back to Home
          </ButtonLink>
          <ButtonLink href={telHref(business.phone)} variant="secondary" size="lg">
            <Phone aria-hidden="true" className="size-5" />
            Call {business.phone}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
