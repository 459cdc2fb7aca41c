import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { PageHero } from "~/components/page-hero";
import { PaymentMethods } from "~/components/payment-methods";
import { business } from "~/content/business";
import { mailtoHref, telHref } from "~/lib/links";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Contact Us | Free Chimney Repair Estimate in Bloomington, IL",
    description:
      "Request a free estimate for chimney or masonry repair in Bloomington, Normal, Peoria and nearby towns. Call or send us a message and we will get back to you fast.",
    path: "/contact",
  });

export default function Contact() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        heading="Request a Free Estimate"
        lead="Tell us what is going on with your chimney or brick and we will get back to you as soon as possible, usually the same business day."
      />
      <section className="py-14">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
          <ContactDetails />
          <div className="rounded-card border border-mortar-200 bg-white p-6 shadow-card sm:p-8">
            <h2 className="text-2xl font-bold">Request a Free Estimate</h2>
          </div>
        </div>
      </section>
    </>
  );
}

function ContactDetails() {
  const areas = business.cities.filter((c) => c.slug !== "bloomington").map((c) => c.name);
  return (
    <div className="space-y-8">
      <div>
        <h2 className="flex items-center gap-2 font-sans text-lg font-bold"><Phone aria-hidden="true" className="size-5 text-brick-600" />Phone</h2>
        <a href={telHref(business.phone)} className="rich-link text-xl">{business.phone}</a>
      </div>
      <div>
        <h2 className="flex items-center gap-2 font-sans text-lg font-bold"><Mail aria-hidden="true" className="size-5 text-brick-600" />Email</h2>
        <a href={mailtoHref(business.email)} className="rich-link">{business.email}</a>
      </div>
      <div>
        <h2 className="flex items-center gap-2 font-sans text-lg font-bold"><MapPin aria-hidden="true" className="size-5 text-brick-600" />Service Area</h2>
        <p className="text-soot-800">{business.address.locality}, {business.address.region}, and {areas.join(", ")}</p>
      </div>
      <div>
        <h2 className="flex items-center gap-2 font-sans text-lg font-bold"><Clock aria-hidden="true" className="size-5 text-brick-600" />Business Hours</h2>
        <dl className="text-soot-800">
          {business.hours.map((h) => (
            <div key={h.days} className="flex justify-between gap-4 border-b border-mortar-200 py-1.5">
              <dt>{h.days}</dt>
              <dd>{h.label}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h2 className="font-sans text-lg font-bold">Payment Methods</h2>
        <PaymentMethods className="mt-3" />
      </div>
    </div>
  );
}
