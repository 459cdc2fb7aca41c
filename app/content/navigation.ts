// Menus and footer lists, derived from the content records so a new service or city appears everywhere.
import { business } from "./business";
import { services } from "./services";

export type NavLink = { readonly label: string; readonly href: string };
export type NavEntry = NavLink | { readonly label: string; readonly children: readonly NavLink[] };

export const serviceLinks: readonly NavLink[] = services.map((s) => ({ label: s.name, href: `/services/${s.slug}` }));

export const cityLinks: readonly NavLink[] = business.cities.map((c) => ({ label: c.name, href: `/locations/${c.slug}` }));

export const mainNav: readonly NavEntry[] = [
  { label: "Home", href: "/" },
  { label: "Services", children: serviceLinks },
  { label: "Blog", href: "/blog" },
  { label: "Locations", children: cityLinks },
  { label: "Contact", href: "/contact" },
];
