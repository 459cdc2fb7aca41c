import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Artwork } from "~/components/artwork";
import { EstimateForm } from "~/components/estimate-form";
import { FaqSection } from "~/components/faq-section";
import { Island } from "~/islands/island";
import { PageHero } from "~/components/page-hero";
import { PaymentMethods } from "~/components/payment-methods";
import { SectionHeading } from "~/components/section-heading";
import { business } from "~/content/business";
import { contactFaqs } from "~/content/faqs";
import { estimateFormOverrides } from "~/lib/estimate-config";
import { faqPageJsonLd } from "~/lib/json-ld";
import { mailtoHref, telHref } from "~/lib/links";
import { seo } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { islands: true };

export const meta = () =>
  seo({
    title: "Contact Us | Free Chimney Repair Estimate in Bloomington, IL",
    description:
      "Request a free estimate for chimney or masonry repair in Bloomington, Normal, Peoria and nearby towns. Call or send us a message and we'll get back to you fast.",
    path: "/contact",
    jsonLd: [faqPageJsonLd(contactFaqs)],
  });

export default function Contact() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        heading="Get Your Free Chimney & Masonry Estimate"
        lead="Tell us what's going on with your chimney or brick and we'll get back to you as soon as possible, usually the same business day."
      />
      <section className="py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.5fr] lg:gap-14">
          <ContactDetails />
          <div id="estimate" className="rounded-card border border-mortar-200 bg-white p-6 shadow-card sm:p-8">
            <h2 className="text-3xl font-bold text-soot-950">Request a Free Estimate</h2>
            <p className="mt-2 mb-6 text-soot-800">Fields marked * are required.</p>
            <Island name="EstimateForm" id="estimate-form" component={EstimateForm} props={estimateFormOverrides()} />
          </div>
        </div>
      </section>
      <section aria-labelledby="map-heading" className="bg-mortar-100 py-14 sm:py-18">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="map-heading"
              eyebrow="Service area"
              heading="Where We Work"
              lead={`Based in ${business.address.locality}, we serve homeowners across McLean, Peoria and Tazewell counties.`}
            />
            <ul className="mt-6 grid grid-cols-2 gap-2">
              {business.cities.map((c) => (
                <li key={c.slug}>
                  <a href={`/locations/${c.slug}`} className="rich-link inline-flex items-center gap-1.5">
                    <MapPin aria-hidden="true" className="size-4 text-brick-600" />
                    {c.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <Artwork
            name="service-area-map"
            alt={`Map of our service area around ${business.address.locality}: ${business.cities.map((c) => c.name).join(", ")}`}
            className="rounded-card border border-mortar-200 shadow-card"
          />
        </div>
      </section>
      <FaqSection id="contact-faq" items={contactFaqs} />
    </>
  );
}

function Detail({ icon, heading, children }: { icon: ReactNode; heading: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brick-100 text-brick-700">
        {icon}
      </span>
      <div>
        <h2 className="font-sans text-lg font-bold text-soot-950">{heading}</h2>
        <div className="mt-1 text-soot-800">{children}</div>
      </div>
    </div>
  );
}

function ContactDetails() {
  // The spec lists the towns beyond our home base here.
  const areas = business.cities.filter((c) => c.name !== business.address.locality).map((c) => c.name);
  return (
    <div className="space-y-7">
      <Detail icon={<Phone aria-hidden="true" className="size-5" />} heading="Phone">
        <a href={telHref(business.phone)} className="rich-link text-xl">
          {business.phone}
        </a>
      </Detail>
      <Detail icon={<Mail aria-hidden="true" className="size-5" />} heading="Email">
        <a href={mailtoHref(business.email)} className="rich-link break-all">
          {business.email}
        </a>
      </Detail>
      <Detail icon={<MapPin aria-hidden="true" className="size-5" />} heading="Service Area">
        <p data-testid="contact-service-area">{areas.join(", ")}</p>
      </Detail>
      <Detail icon={<Clock aria-hidden="true" className="size-5" />} heading="Business Hours">
        <dl>
          {business.hours.map((h) => (
            <div key={h.days} className="flex justify-between gap-6 border-b border-mortar-200 py-1.5 last:border-0">
              <dt>{h.days}</dt>
              <dd className="font-medium text-soot-900">{h.label}</dd>
            </div>
          ))}
        </dl>
      </Detail>
      <div>
        <h2 className="font-sans text-lg font-bold text-soot-950">Payment Methods</h2>
        <PaymentMethods className="mt-3" />
      </div>
    </div>
  );
}
