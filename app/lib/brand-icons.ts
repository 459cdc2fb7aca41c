// Brand marks (simple-icons) as small cached SVG files (public/brand-icons/, written by tools/brand-icons.ts) rather
// than inlined in every page's HTML.
import {
  siAmericanexpress,
  siBitcoin,
  siFacebook,
  siInstagram,
  siMastercard,
  siVisa,
  siYoutube,
  type SimpleIcon,
} from "simple-icons";
import type { PaymentMethod } from "~/content/business";

type Mark = { icon: SimpleIcon; fill?: string };

/** Footer social links sit on a dark circle: their marks are drawn in the light mortar colour. */
const LIGHT = "#faf7f2";

export const brandIcons = {
  visa: { icon: siVisa },
  mastercard: { icon: siMastercard },
  "american-express": { icon: siAmericanexpress },
  bitcoin: { icon: siBitcoin },
  facebook: { icon: siFacebook, fill: LIGHT },
  instagram: { icon: siInstagram, fill: LIGHT },
  youtube: { icon: siYoutube, fill: LIGHT },
} satisfies Record<string, Mark>;

export type BrandIconName = keyof typeof brandIcons;

export function brandIconSlug(name: PaymentMethod | string): BrandIconName {
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  if (!(slug in brandIcons)) throw new Error(`No brand icon for ${name}`);
  return slug as BrandIconName;
}

export function brandIconPath(name: BrandIconName): string {
  return `/brand-icons/${name}.svg`;
}

export function brandIconSvg(name: BrandIconName): string {
  const mark: Mark = brandIcons[name];
  const fill = mark.fill ?? `#${mark.icon.hex}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><title>${mark.icon.title}</title><path fill="${fill}" d="${mark.icon.path}"/></svg>`;
}
