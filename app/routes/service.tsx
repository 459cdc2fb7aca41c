// One template for every service page, rendered from content/services/<slug>.yaml.
import { CheckCircle2 } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/service";
import { ActionLink, EstimateAndCallButtons } from "~/components/action-link";
import { CtaBand } from "~/components/cta-band";
import { FaqSection } from "~/components/faq-section";
import { ItemGrid } from "~/components/item-grid";
import { NotFoundContent } from "~/components/not-found-content";
import { PageHero } from "~/components/page-hero";
import { RecentWork } from "~/components/recent-work";
import { Paragraphs, RichText } from "~/components/rich-text";
import { SectionHeading } from "~/components/section-heading";
import { galleryForService } from "~/content/gallery";
import { findService } from "~/content/services";
import type { Section } from "~/content/types";
import { serviceJsonLd, breadcrumbJsonLd, faqPageJsonLd } from "~/lib/json-ld";
import { cn } from "~/lib/cn";
import { notFoundSeo, seo } from "~/lib/seo";

export function loader({ params }: Route.LoaderArgs) {
  const service = findService(params.slug);
  return service ? { slug: service.slug } : data(null, { status: 404 });
}

export function meta({ params }: Route.MetaArgs) {
  const service = findService(params.slug);
  if (!service) return notFoundSeo();
  const path = `/services/${service.slug}`;
  return seo({
    ...service.seo,
    path,
    image: { path: `/images/${service.artwork}.svg`, alt: service.artworkAlt, width: 800, height: 600 },
    jsonLd: [
      serviceJsonLd(service, galleryForService(service.slug)),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: service.name, path },
      ]),
      faqPageJsonLd(service.faqs),
    ],
  });
}

export default function ServicePage({ params }: Route.ComponentProps) {
  const service = findService(params.slug);
  if (!service) return <NotFoundContent />;
  return (
    <>
      <PageHero
        eyebrow={service.name}
        heading={service.hero.heading}
        lead={service.hero.lead}
        artwork={service.artwork}
        artworkAlt={service.artworkAlt}
        photo={service.photo}
      >
        <EstimateAndCallButtons />
      </PageHero>
      {service.sections.map((section, i) => (
        <ServiceSection key={section.id} section={section} muted={i % 2 === 1} />
      ))}
      <RecentWork photos={galleryForService(service.slug)} />
      <FaqSection items={service.faqs} />
      <CtaBand />
    </>
  );
}

function ServiceSection({ section, muted }: { section: Section; muted: boolean }) {
  const headingId = `${section.id}-heading`;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      data-section-kind={section.kind}
      className={cn("py-14 sm:py-18", muted && "bg-mortar-100")}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id={headingId}
          heading={section.heading}
          lead={section.intro && <RichText text={section.intro} />}
        />
        <div className="mt-8">
          <SectionBody section={section} muted={muted} />
        </div>
        {section.actions && (
          <div className="mt-8 flex flex-wrap gap-3">
            {section.actions.map((action) => (
              <ActionLink key={action.label} action={action} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function SectionBody({ section, muted }: { section: Section; muted: boolean }) {
  switch (section.kind) {
    case "prose":
      return (
        <div className="prose-body space-y-5">
          <Paragraphs items={section.paragraphs} />
        </div>
      );
    case "cards":
      return (
        <ItemGrid
          items={section.items}
          columns={section.columns ?? (section.items.length === 4 ? 2 : 3)}
          itemAction={section.itemAction}
          tone={muted ? "light" : "muted"}
        />
      );
    case "steps":
      return (
        <ol
          className={cn("grid gap-5 md:grid-cols-2", section.steps.length === 4 ? "xl:grid-cols-4" : "lg:grid-cols-3")}
        >
          {section.steps.map((step, i) => (
            <li
              key={step.title}
              className="relative rounded-card border border-mortar-200 bg-white p-6 pl-20 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="absolute top-6 left-6 inline-flex size-10 items-center justify-center rounded-full bg-brick-700 font-serif text-lg font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="font-sans text-lg font-bold text-soot-950">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-relaxed text-soot-800">
                <RichText text={step.description} />
              </p>
            </li>
          ))}
        </ol>
      );
    case "checklist":
      return (
        <ul className="grid gap-3 md:grid-cols-2">
          {section.items.map((item, i) => (
            <li key={i} className="flex gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-mortar-200">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-600" />
              <span className="leading-relaxed text-soot-800">
                <RichText text={item} />
              </span>
            </li>
          ))}
        </ul>
      );
  }
}
