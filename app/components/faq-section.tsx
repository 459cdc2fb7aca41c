import type { FaqItem } from "~/content/types";
import { FaqAccordion } from "./faq-accordion";
import { SectionHeading } from "./section-heading";

/** A heading, the FAQ accordion and, by default, the 'View All FAQs' link. */
export function FaqSection({
  id = "faq",
  heading = "Frequently Asked Questions",
  items,
  viewAllLink = true,
}: {
  id?: string;
  heading?: string;
  items: readonly FaqItem[];
  viewAllLink?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="bg-mortar-100 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id={`${id}-heading`} heading={heading} align="center" />
        <div className="mt-10">
          <FaqAccordion items={items} group={id} />
        </div>
        {viewAllLink && (
          <p className="mt-8 text-center">
            <a href="/faq" className="rich-link text-lg">
              View All FAQs
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
