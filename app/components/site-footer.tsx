import { Mail, Phone } from "lucide-react";
import { business } from "~/content/business";
import { claimWording } from "~/content/claims";
import { cityLinks, serviceLinks } from "~/content/navigation";
import { brandIconImage, brandIconSlug } from "~/lib/brand-icons";
import { yearAt } from "~/lib/business-day";
import { mailtoHref, telHref } from "~/lib/links";
import { Logo } from "./logo";
import { PaymentMethods } from "./payment-methods";

// "Licensed and insured" only once the owner has confirmed both (app/content/claims.ts); until then what is true.

function FooterList({ heading, links }: { heading: string; links: readonly { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="font-sans text-sm font-bold tracking-widest text-ember-300 uppercase">{heading}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="text-mortar-100 hover:text-white hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-soot-950 text-mortar-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <a href="/" className="inline-block rounded-md" aria-label={`${business.name} home page`}>
            <Logo tone="light" reuse />
          </a>
          <p className="mt-5 max-w-sm leading-relaxed text-mortar-200">{business.description}</p>
          <ul className="mt-6 space-y-3">
            <li>
              <a
                href={telHref(business.phone)}
                className="inline-flex items-center gap-3 text-lg font-semibold hover:text-white"
              >
                <Phone aria-hidden="true" className="size-5 text-ember-400" />
                {business.phone}
              </a>
            </li>
            <li>
              <a
                href={mailtoHref(business.email)}
                className="inline-flex items-center gap-3 hover:text-white hover:underline"
              >
                <Mail aria-hidden="true" className="size-5 text-ember-400" />
                {business.email}
              </a>
            </li>
          </ul>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {business.socials.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.name} (opens in a new tab)`}
                  className="inline-flex size-11 items-center justify-center rounded-full bg-soot-800 text-mortar-50 hover:bg-brick-700"
                >
                  <img {...brandIconImage(brandIconSlug(social.name))} alt="" width={20} height={20} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterList heading="Services" links={serviceLinks} />
        <FooterList heading="Service Areas" links={cityLinks} />
        <div>
          <h2 className="font-sans text-sm font-bold tracking-widest text-ember-300 uppercase">Hours</h2>
          <dl className="mt-4 space-y-2 text-mortar-100">
            {business.hours.map((h) => (
              <div key={h.days}>
                <dt className="font-semibold">{h.days}</dt>
                <dd className="text-mortar-200">{h.label}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mt-8 font-sans text-sm font-bold tracking-widest text-ember-300 uppercase">We Accept</h2>
          <PaymentMethods tone="dark" className="mt-4" />
        </div>
      </div>
      <div className="border-t border-soot-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 pt-6 pb-20 text-sm text-mortar-200 sm:flex-row sm:justify-between sm:px-6 sm:pb-6">
          <p>
            © <span data-testid="copyright-year">{yearAt(new Date(), business.timeZone)}</span> {business.name}. All rights reserved.
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 sm:mr-16">
            <span>{claimWording(business.claims).credentials} · Free estimates</span>
            <a href="/accessibility" className="underline underline-offset-2 hover:text-white">
              Accessibility
            </a>
            <a href="/privacy" className="underline underline-offset-2 hover:text-white">
              Privacy
            </a>
            <a href="/sitemap.xml" className="underline underline-offset-2 hover:text-white">
              Sitemap
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
