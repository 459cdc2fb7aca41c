import { ArrowRight } from "lucide-react";
import { CtaBand } from "~/components/cta-band";
import { FaqAccordion } from "~/components/faq-accordion";
import { PageHero } from "~/components/page-hero";
import { SectionHeading } from "~/components/section-heading";
import { ButtonLink } from "~/components/ui/button-link";
import { generalFaqs, serviceFaqs } from "~/content/faqs";
import { faqPageJsonLd } from "~/lib/json-ld";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Chimney & Masonry FAQ | Answers for Bloomington Homeowners",
    description:
      "Answers to common questions about chimney inspections, crowns, caps, tuckpointing, rebuilds, estimates, payment and the towns we serve in Central Illinois.",
    path: "/faq",
    jsonLd: [faqPageJsonLd([...generalFaqs, ...serviceFaqs])],
  });

export default function Faq() {
  return (
    <>
      <PageHero
        eyebrow="FAQ"
        heading="Frequently Asked Questions"
        lead="Quick answers about our chimney and masonry work, estimates and scheduling. Don't see your question? Ask us directly."
      />
      <div className="mx-auto max-w-3xl space-y-16 px-4 py-14 sm:px-6 sm:py-18">
        <section aria-labelledby="general-heading">
          <SectionHeading id="general-heading" heading="General Questions" />
          <div className="mt-8">
            <FaqAccordion items={generalFaqs} group="general" />
          </div>
        </section>
        <section aria-labelledby="service-heading">
          <SectionHeading id="service-heading" heading="Service Questions" />
          <div className="mt-8">
            <FaqAccordion items={serviceFaqs} group="service" />
          </div>
        </section>
        <section className="rounded-card bg-soot-950 p-8 text-center text-mortar-50">
          <h2 className="text-2xl font-bold">Still have a question?</h2>
          <p className="mt-2 text-mortar-200">We are happy to talk it through, with no obligation.</p>
          <ButtonLink href="/contact" size="lg" className="mt-6">
            Contact Us Directly
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </section>
      </div>
      <CtaBand />
    </>
  );
}
