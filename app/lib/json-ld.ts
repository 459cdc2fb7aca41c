// Structured data, built from the same records the pages render.
import type {
  BlogPosting,
  ImageObject,
  BreadcrumbList,
  FAQPage,
  HomeAndConstructionBusiness,
  Service as ServiceSchema,
  WithContext,
} from "schema-dts";
import { business } from "~/content/business";
import { galleryImagePath } from "~/content/gallery";
import type { FaqItem, GalleryPhoto, Post, Service } from "~/content/types";
import { plainText } from "./rich-text";
import { absoluteUrl } from "./site-url";

const BUSINESS_ID = "/#business";

function address() {
  return {
    "@type": "PostalAddress",
    addressLocality: business.address.locality,
    addressRegion: business.address.region,
    addressCountry: business.address.country,
  } as const;
}

function areaServed() {
  return business.cities.map((c) => ({ "@type": "City", name: `${c.name}, ${business.address.region}` }) as const);
}

export function localBusinessJsonLd(): WithContext<HomeAndConstructionBusiness> {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": absoluteUrl(BUSINESS_ID),
    name: business.name,
    description: business.description,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/logo.svg"),
    image: absoluteUrl("/images/og-default.png"),
    telephone: business.phone,
    email: business.email,
    address: address(),
    areaServed: areaServed(),
    openingHoursSpecification: business.hours
      .filter((h) => h.opens !== null)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [...h.dayCodes],
        opens: h.opens ?? "",
        closes: h.closes ?? "",
      })),
    paymentAccepted: business.paymentMethods.join(", "),
    priceRange: "$$",
    sameAs: business.socials.map((s) => s.href),
  };
}

/** The service's illustration, then the "Recent work" photos its page shows. */
export function serviceJsonLd(service: Service, photos: readonly GalleryPhoto[] = []): WithContext<ServiceSchema> {
  const artwork = absoluteUrl(`/images/${service.artwork}.svg`);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    serviceType: service.serviceType,
    description: service.seo.description,
    url: absoluteUrl(`/services/${service.slug}`),
    image: photos.length === 0 ? artwork : [artwork, ...photos.map((p) => absoluteUrl(galleryImagePath(p)))],
    areaServed: areaServed(),
    provider: {
      "@type": "HomeAndConstructionBusiness",
      "@id": absoluteUrl(BUSINESS_ID),
      name: business.name,
      telephone: business.phone,
      address: address(),
    },
    offers: {
      "@type": "Offer",
      priceCurrency: "USD",
      price: "Contact for estimate",
      description: "Free estimate",
    },
    brand: { "@type": "Brand", name: business.name },
  };
}

export type Crumb = { readonly name: string; readonly path: string };

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export function blogPostingJsonLd(post: Post): WithContext<BlogPosting> {
  const url = absoluteUrl(`/blog/${post.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.seo.description,
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(`/images/${post.artwork}.svg`),
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    author: { "@type": "Organization", name: business.name, url: absoluteUrl("/") },
    publisher: {
      "@type": "Organization",
      name: business.name,
      logo: { "@type": "ImageObject", url: absoluteUrl("/logo.svg") },
    },
  };
}

export function faqPageJsonLd(items: readonly FaqItem[]): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: plainText(item.answer) },
    })),
  };
}

/** A page's "Recent work" photos as images: where they are, what they show, their caption. */
export function galleryJsonLd(photos: readonly GalleryPhoto[]): WithContext<ImageObject>[] {
  return photos.map((photo) => ({
    "@context": "https://schema.org",
    "@type": "ImageObject",
    contentUrl: absoluteUrl(galleryImagePath(photo)),
    caption: photo.caption,
    description: photo.alt,
    creditText: business.name,
  }));
}
