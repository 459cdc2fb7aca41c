// The business's identity: the one place to change a name, number, address or hour.
import type { CitySlug } from "./types";

export const business = {
  // OWNER: replace with the registered business name (and the logo text in public/logo.svg).
  name: "Heartland Chimney & Masonry",
  shortName: "Heartland Chimney",
  description:
    "Family-run chimney and masonry specialists rebuilding crowns, tuckpointing brick and sealing out water for homeowners across Central Illinois. Licensed, insured and on time.",
  phone: "(309) 555-0134",
  email: "estimates@example.com",
  tagline: "Serving Bloomington, IL & Surrounding Areas",
  hoursShort: "Mon-Fri: 8am-6pm | Sat: 9am-2pm",
  hours: [
    { days: "Monday - Friday", label: "8:00 AM - 6:00 PM", dayCodes: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: "Saturday", label: "9:00 AM - 2:00 PM", dayCodes: ["Saturday"], opens: "09:00", closes: "14:00" },
    { days: "Sunday", label: "Closed", dayCodes: [], opens: null, closes: null },
  ],
  address: { locality: "Bloomington", region: "IL", regionName: "Illinois", country: "US" },
  foundedYear: 2009,
  socials: [
    { name: "Facebook", href: "https://www.facebook.com/example-heartland-chimney" },
    { name: "Instagram", href: "https://www.instagram.com/example-heartland-chimney" },
    { name: "YouTube", href: "https://www.youtube.com/@example-heartland-chimney" },
  ],
  paymentMethods: ["Visa", "Mastercard", "American Express", "Bitcoin"],
  /** The towns served, in the order menus and lists show them. */
  cities: [
    { slug: "bloomington", name: "Bloomington" },
    { slug: "normal", name: "Normal" },
    { slug: "peoria", name: "Peoria" },
    { slug: "east-peoria", name: "East Peoria" },
    { slug: "washington", name: "Washington" },
    { slug: "morton", name: "Morton" },
    { slug: "pekin", name: "Pekin" },
    { slug: "chillicothe", name: "Chillicothe" },
  ],
} as const satisfies {
  cities: readonly { slug: CitySlug; name: string }[];
  paymentMethods: readonly string[];
  [key: string]: unknown;
};

export type PaymentMethod = (typeof business.paymentMethods)[number];

export function cityName(slug: CitySlug): string {
  return business.cities.find((c) => c.slug === slug)?.name ?? slug;
}
