import { CheckCircle2, Phone, Quote } from "lucide-react";
import { ButtonLink } from "~/components/ui/button-link";
import { Artwork } from "~/components/artwork";
import { CtaBand } from "~/components/cta-band";
import { Icon } from "~/components/icon";
import { Paragraphs, RichText } from "~/components/rich-text";
import { SectionHeading } from "~/components/section-heading";
import { ServiceCard } from "~/components/service-card";
import { StarRating } from "~/components/star-rating";
import { business } from "~/content/business";
import { home } from "~/content/home";
import { cityLinks } from "~/content/navigation";
import { services } from "~/content/services";
import { testimonials } from "~/content/testimonials";
import { telHref } from "~/lib/links";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...home.seo, path: "/" });

export default function Home() {
  return (
    <>
      <section id="hero" className="relative overflow-hidden bg-soot-950 text-mortar-50">
        <div aria-hidden="true" className="brick-texture absolute inset-0 opacity-[0.07]" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-12 pb-14 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:py-24">
          <div>
            <p className="mb-4 inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-ember-300">
              {home.hero.eyebrow}
            </p>
            <h1 className="text-4xl leading-[1.1] font-bold sm:text-5xl lg:text-6xl">{home.hero.heading}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-mortar-200 sm:text-xl">{home.hero.lead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink href="/contact" size="lg">
                Get a Free Estimate
              </ButtonLink>
              <ButtonLink href="/services/chimney-crowns" variant="light" size="lg">
                Our Services
              </ButtonLink>
            </div>
            <p className="mt-6 text-mortar-200">
              Or call{" "}
              <a
                href={telHref(business.phone)}
                className="font-semibold text-ember-300 underline-offset-2 hover:underline"
              >
                {business.phone}
              </a>{" "}
              · {business.hoursShort}
            </p>
          </div>
          {/* Desktop only, as on every page's hero (page-hero.tsx): on a phone it sat at the fold, where it was
              fetched and drawn with the first screen but seen only after a scroll (issue 31). */}
          <Artwork
            name="hero-home"
            alt="Illustration of a restored brick chimney with a new crown and cap on a house roof at dusk"
            className="hidden rounded-card shadow-2xl ring-1 ring-white/10 lg:block"
          />
        </div>
      </section>

      <section aria-labelledby="experts-heading" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading id="experts-heading" eyebrow="Local & experienced" heading={home.trustedExperts.heading} />
            <Paragraphs items={home.trustedExperts.intro} className="mt-5 text-lg leading-relaxed text-soot-800" />
          </div>
          <ul className="grid content-center gap-3" data-testid="trusted-points">
            {home.trustedExperts.bullets.map((point) => (
              <li
                key={point}
                className="flex items-center gap-4 rounded-card border border-mortar-200 bg-white px-5 py-4 shadow-sm"
              >
                <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-brick-600" />
                <span className="text-lg font-semibold text-soot-900">{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="bg-mortar-100 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading
            id="services-heading"
            eyebrow="What we do"
            heading={home.servicesIntro.heading}
            lead={home.servicesIntro.lead}
            align="center"
          />
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="service-cards">
            {services.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading
            id="why-heading"
            eyebrow="Why us"
            heading={home.whyChooseUs.heading}
            lead={home.whyChooseUs.lead}
            align="center"
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="why-choose-us">
            {home.whyChooseUs.items.map((item) => (
              <li key={item.title} className="rounded-card border border-mortar-200 bg-white p-6 shadow-sm">
                {item.icon && (
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brick-100 text-brick-700">
                    <Icon name={item.icon} className="size-6" />
                  </span>
                )}
                <h3 className="mt-4 text-xl font-bold text-soot-950">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-soot-800">
                  <RichText text={item.description} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-soot-900 py-16 text-mortar-50 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="testimonials-heading" className="text-3xl font-bold sm:text-4xl">
              {home.testimonialsIntro.heading}
            </h2>
            <p className="mt-4 text-lg text-mortar-200">
              {testimonials.some((t) => t.sample)
                ? (home.testimonialsIntro.sampleLead ?? home.testimonialsIntro.lead)
                : home.testimonialsIntro.lead}
            </p>
          </div>
          <ul className="mt-12 grid gap-6 lg:grid-cols-3" data-testid="testimonials">
            {testimonials.map((t) => (
              <li key={t.name}>
                <figure className="flex h-full flex-col rounded-card bg-soot-800 p-7 ring-1 ring-white/10">
                  {/* Stars only where the customer gave them. */}
                  {t.rating !== undefined && <StarRating rating={t.rating} />}
                  <Quote
                    aria-hidden="true"
                    className={t.rating !== undefined ? "mt-5 size-8 text-brick-300" : "size-8 text-brick-300"}
                  />
                  <blockquote className="mt-2 flex-1 text-lg leading-relaxed text-mortar-100">
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption className="mt-6 border-t border-white/10 pt-4">
                    <span className="block font-semibold text-white">{t.name}</span>
                    <span className="text-mortar-200">{t.location}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="service-area" aria-labelledby="area-heading" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading
              id="area-heading"
              eyebrow="Service area"
              heading={home.serviceArea.heading}
              lead={home.serviceArea.lead}
            />
            <ul className="mt-8 grid grid-cols-2 gap-3" data-testid="service-area-links">
              {cityLinks.map((city) => (
                <li key={city.href}>
                  <a
                    href={city.href}
                    className="flex items-center justify-between rounded-lg border border-mortar-200 bg-white px-4 py-3 font-semibold text-soot-900 hover:border-brick-300 hover:text-brick-700"
                  >
                    {city.label}
                    <Icon name="map-pin" className="size-4 text-brick-600" />
                  </a>
                </li>
              ))}
            </ul>
            <ButtonLink href={telHref(business.phone)} variant="dark" size="lg" className="mt-8">
              <Phone aria-hidden="true" className="size-5" />
              Call {business.phone}
            </ButtonLink>
          </div>
          <Artwork
            name="service-area-map"
            alt={`Map of our service area: ${business.cities.map((c) => c.name).join(", ")}`}
            className="rounded-card border border-mortar-200 shadow-card"
          />
        </div>
      </section>

      <CtaBand heading={home.cta.heading} lead={home.cta.lead} />
    </>
  );
}
