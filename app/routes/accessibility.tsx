import { CtaBand } from "~/components/cta-band";
import { PageHero } from "~/components/page-hero";
import { Paragraphs } from "~/components/rich-text";
import { accessibility } from "~/content/accessibility";
import { business } from "~/content/business";
import { mailtoHref, telHref } from "~/lib/links";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...accessibility.seo, path: "/accessibility" });

export default function Accessibility() {
  return (
    <>
      <PageHero eyebrow="Accessibility" heading={accessibility.heading} lead={accessibility.lead} />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        {accessibility.sections.map((section) => (
          <section key={section.heading} className="mt-10 first:mt-0">
            <h2 className="text-3xl font-bold text-soot-950">{section.heading}</h2>
            <div className="prose-body mt-4 space-y-4">
              <Paragraphs items={section.paragraphs} />
            </div>
          </section>
        ))}
        <p className="prose-body mt-6">
          Phone:{" "}
          <a href={telHref(business.phone)} className="rich-link">
            {business.phone}
          </a>{" "}
          · Email:{" "}
          <a href={mailtoHref(business.email, "Accessibility")} className="rich-link">
            {business.email}
          </a>
        </p>
      </div>
      <CtaBand />
    </>
  );
}
