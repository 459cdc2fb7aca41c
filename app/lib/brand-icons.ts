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

/** The widths of the WebP copies: a mark shows at 20 CSS px, so 2× and 3× screens. */
export const BRAND_ICON_WIDTHS = [40, 60] as const;

export function brandIconRasterPath(name: BrandIconName, width: (typeof BRAND_ICON_WIDTHS)[number]): string {
  return `/brand-icons/${name}-${width}.webp`;
}

/**
 * What an <img> of a mark shows: a WebP copy, not the SVG. The browser builds a whole document for every SVG image,
 * on the main thread while the page loads, and /contact showed four of them at the top (issue 31). The copies weigh
 * about what the SVGs do (350-1,250 bytes).
 */
export function brandIconImage(name: BrandIconName): { src: string; srcSet: string } {
  const [x2, x3] = BRAND_ICON_WIDTHS;
  return {
    src: brandIconRasterPath(name, x2),
    srcSet: `${brandIconRasterPath(name, x2)} 2x, ${brandIconRasterPath(name, x3)} 3x`,
  };
}

export function brandIconSvg(name: BrandIconName): string {
  const mark: Mark = brandIcons[name];
  const fill = mark.fill ?? `#${mark.icon.hex}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><title>${mark.icon.title}</title><path fill="${fill}" d="${mark.icon.path}"/></svg>`;
}
