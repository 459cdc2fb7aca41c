// One template for every city page. Known cities come from content/cities/ and are prerendered;
// any other slug gets the default template, rendered by the server and kept out of search (noindex).
import { MapPin, Phone } from "lucide-react";
import type { Route } from "./+types/location";
import { EstimateAndCallButtons } from "~/components/action-link";
import { Breadcrumb } from "~/components/breadcrumb";
import { CtaBand } from "~/components/cta-band";
import { ItemGrid } from "~/components/item-grid";
import { PageHero } from "~/components/page-hero";
import { RecentWork } from "~/components/recent-work";
import { Paragraphs } from "~/components/rich-text";
import { SectionHeading } from "~/components/section-heading";
import { ServiceCard } from "~/components/service-card";
import { ButtonLink } from "~/components/ui/button-link";
import { business, cityName } from "~/content/business";
import { galleryForCity } from "~/content/gallery";
import { home } from "~/content/home";
import { cities } from "~/content/locations";
import { services } from "~/content/services";
import type { City, CitySlug, Service } from "~/content/types";
import { cityNameFromSlug } from "~/lib/city-name";
import { breadcrumbJsonLd, galleryJsonLd, type Crumb } from "~/lib/json-ld";
import { telHref } from "~/lib/links";
import { seo } from "~/lib/seo";

function knownCity(slug: string): City | undefined {
  return Object.hasOwn(cities, slug) ? cities[slug as CitySlug] : undefined;
}

function crumbsFor(name: string, path: string): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Locations", path: "/#service-area" },
    { name, path },
  ];
}

export function meta({ params }: Route.MetaArgs) {
  const path = `/locations/${params.city}`;
  const city = knownCity(params.city);
  if (city) {
    return seo({
      ...city.seo,
      path,
      jsonLd: [breadcrumbJsonLd(crumbsFor(cityName(city.slug), path)), ...galleryJsonLd(galleryForCity(city.slug))],
    });
  }
  const name = cityNameFromSlug(params.city);
  return seo({
    title: `Chimney & Masonry Repair in ${name} | ${business.name}`,
    description: `Chimney crowns, tuckpointing, caps and masonry repair for homeowners in ${name}. Call ${business.phone} for a free estimate.`,
    path,
    noindex: true,
  });
}

export default function LocationPage({ params }: Route.ComponentProps) {
  const city = knownCity(params.city);
  const name = city ? cityName(city.slug) : cityNameFromSlug(params.city);
  const path = `/locations/${params.city}`;
  const cityServices: readonly Service[] = city
    ? city.featuredServices.flatMap((slug) => services.filter((s) => s.slug === slug))
    : services.slice(0, 5);
  const estimateHref = city ? `/contact?city=${encodeURIComponent(name)}` : "/contact";

  return (
    <>
      <PageHero
        above={<Breadcrumb crumbs={crumbsFor(name, path)} />}
        eyebrow={city ? `Serving ${name}, IL · ${city.distance}` : undefined}
        heading={city ? city.hero.heading : `Chimney & Masonry Repair in ${name}`}
        lead={
          city
            ? city.hero.lead
            : `Crown repair, tuckpointing, caps and rebuilds for homeowners in ${name} and across Central Illinois.`
        }
        artwork="city-skyline"
        artworkAlt={`Illustration of brick homes with chimneys in ${name}`}
        photo={city?.photo}
      >
        <EstimateAndCallButtons estimateHref={estimateHref} />
      </PageHero>

      <section aria-labelledby="intro-heading" className="py-14 sm:py-18">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <SectionHeading id="intro-heading" heading={`Your Local Chimney Crew in ${name}`} />
            <div className="prose-body mt-6 space-y-5">
              {city ? (
                <Paragraphs items={city.intro} />
              ) : (
                <p>
                  We repair chimneys and masonry for homeowners across Central Illinois. Tell us where you are and what
                  you are seeing, and we will let you know how soon we can be there and what a repair is likely to
                  involve.
                </p>
              )}
            </div>
            <ButtonLink href={estimateHref} size="lg" className="mt-8">
              Get a Free Estimate in {name}
            </ButtonLink>
          </div>
          <aside className="h-fit rounded-card border border-mortar-200 bg-white p-6 shadow-card">
            <h2 className="font-sans text-lg font-bold text-soot-950">Other towns we serve</h2>
            <ul className="mt-4 grid grid-cols-2 gap-2">
              {business.cities
                .filter((c) => c.slug !== city?.slug)
                .map((c) => (
                  <li key={c.slug}>
                    <a href={`/locations/${c.slug}`} className="rich-link inline-flex items-center gap-1.5">
                      <MapPin aria-hidden="true" className="size-4 text-brick-600" />
                      {c.name}
                    </a>
                  </li>
                ))}
            </ul>
          </aside>
        </div>
      </section>

      {city?.local.map((block, i) => (
        <section
          key={block.heading}
          aria-labelledby={`local-${i}`}
          className={i % 2 === 0 ? "bg-mortar-100 py-14" : "py-14"}
        >
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <SectionHeading id={`local-${i}`} heading={block.heading} />
            <div className="prose-body mt-5 space-y-5">
              <Paragraphs items={block.paragraphs} />
            </div>
          </div>
        </section>
      ))}

      <section aria-labelledby="city-services-heading" className="py-14 sm:py-18">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="city-services-heading" heading={`Our Services in ${name}`} align="center" />
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="city-service-cards">
            {cityServices.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="city-why-heading" className="bg-mortar-100 py-14 sm:py-18">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="city-why-heading" heading={`Why ${name} Homeowners Choose Us`} align="center" />
          <div className="mt-10">
            <ItemGrid items={city ? city.whyChooseUs : home.whyChooseUs.items.slice(0, 4)} columns={4} />
          </div>
          <p className="mt-10 text-center">
            <ButtonLink href={telHref(business.phone)} variant="dark" size="lg">
              <Phone aria-hidden="true" className="size-5" />
              Call {business.phone}
            </ButtonLink>
          </p>
        </div>
      </section>

      {city && <RecentWork photos={galleryForCity(city.slug)} />}

      <CtaBand estimateHref={estimateHref} />
    </>
  );
}
