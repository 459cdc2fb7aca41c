// Menus and footer lists, derived from the content records so a new service or city appears everywhere.
import { business } from "./business";
import { onContent } from "./files";
import { services } from "./services";

export type NavLink = { readonly label: string; readonly href: string };
export type NavEntry = NavLink | { readonly label: string; readonly children: readonly NavLink[] };

export let serviceLinks: readonly NavLink[];
export let cityLinks: readonly NavLink[];
export let mainNav: readonly NavEntry[];

onContent(() => {
  serviceLinks = services.map((s) => ({ label: s.name, href: `/services/${s.slug}` }));
  cityLinks = business.cities.map((c) => ({ label: c.name, href: `/locations/${c.slug}` }));
  mainNav = [
    { label: "Home", href: "/" },
    { label: "Services", children: serviceLinks },
    { label: "Blog", href: "/blog" },
    { label: "Locations", children: cityLinks },
    { label: "Contact", href: "/contact" },
  ];
});
