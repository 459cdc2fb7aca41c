// The zod schemas every file under content/ must match; they also give the TypeScript types (./types.ts).
// Relative imports: react-router.config.ts loads this module without the ~ alias.
import { z } from "zod";
import { business, type CitySlug } from "./business";
import { parseInlineMarkdown } from "./inline-markdown";

const text = z.string().trim().min(1);

/** One line of Markdown, limited to links, *emphasis* and **bold**, parsed into rich text. */
export const richText = z.string().transform((source, ctx) => {
  const parsed = parseInlineMarkdown(source);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: "custom", message: parsed.error });
  return z.NEVER;
});

export const iconNames = [
  "alert-triangle",
  "award",
  "badge-check",
  "brick-wall",
  "calendar-check",
  "clipboard-check",
  "clock",
  "cloud-rain",
  "droplets",
  "eye-off",
  "flame",
  "hammer",
  "hard-hat",
  "home",
  "landmark",
  "layers",
  "leaf",
  "lock",
  "map-pin",
  "paintbrush",
  "phone",
  "piggy-bank",
  "ruler",
  "search",
  "shield",
  "shield-check",
  "snowflake",
  "sparkles",
  "sun",
  "thermometer",
  "thumbs-up",
  "trowel",
  "users",
  "wind",
  "wrench",
  "zap",
  "bird",
  "construction",
  "dollar-sign",
  "file-text",
  "heart-handshake",
  "sun-snow",
] as const;

/** The original SVG artworks in public/images/ (each file is /images/<name>.svg). */
export const artworkNames = [
  "hero-home",
  "chimney-crowns",
  "tuckpointing",
  "masonry-repair",
  "glass-block-windows",
  "hoods-and-caps",
  "chimney-rebuilds",
  "post-insurance",
  "post-crown-signs",
  "post-cost-guide",
  "post-peoria",
  "city-skyline",
  "service-area-map",
] as const;

/** A town in content/business.yaml, where the list of towns lives. */
const citySlug = z.custom<CitySlug>(
  (value) => business.cities.some((c) => c.slug === value),
  // A function: the towns are those of the snapshot in force when a file is checked.
  { error: () => `must be one of the towns in content/business.yaml: ${business.cities.map((c) => c.slug).join(", ")}` },
);

const icon = z.enum(iconNames);
const artwork = z.enum(artworkNames);
/** A page path ("/contact", "/blog/x#part") or an absolute https URL. */
const href = z.string().regex(/^(\/|https:\/\/)/, "must start with / (a page of this site) or https://");
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD");

/** A photo in content/photos/, named by its file name. */
export const photoRef = z.strictObject({
  file: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*\.jpg$/, "must be a file name in content/photos/, e.g. crown-normal-2025.jpg"),
  alt: text,
});

export const seo = z.strictObject({ title: text, description: text });
export const faqItem = z.strictObject({ question: text, answer: richText });
export const item = z.strictObject({
  title: text,
  description: richText,
  icon: icon.optional(),
  features: z.array(text).optional(),
});
export const action = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("link"), label: text, href, variant: z.enum(["primary", "secondary"]).optional() }),
  z.strictObject({ kind: z.literal("call"), label: text, variant: z.enum(["primary", "secondary"]).optional() }),
]);

const sectionBase = {
  /** Anchor id, unique on the page. */
  id: z.string().regex(/^[a-z0-9-]+$/, "must be lowercase letters, digits and dashes"),
  heading: text,
  intro: richText.optional(),
  actions: z.array(action).optional(),
};
export const section = z.discriminatedUnion("kind", [
  z.strictObject({ ...sectionBase, kind: z.literal("prose"), paragraphs: z.array(richText).min(1) }),
  z.strictObject({
    ...sectionBase,
    kind: z.literal("cards"),
    items: z.array(item).min(1),
    itemAction: action.optional(),
    columns: z.union([z.literal(2), z.literal(3)]).optional(),
  }),
  z.strictObject({ ...sectionBase, kind: z.literal("steps"), steps: z.array(item).min(1) }),
  z.strictObject({ ...sectionBase, kind: z.literal("checklist"), items: z.array(richText).min(1) }),
]);

/** content/services/<slug>.yaml */
export const serviceFile = z.strictObject({
  /** Position in menus and lists. */
  order: z.number().int(),
  name: text,
  seo,
  hero: z.strictObject({ heading: text, lead: text, actions: z.array(action).optional() }),
  card: z.strictObject({ description: text, linkText: text }),
  artwork,
  artworkAlt: text,
  photo: photoRef.optional(),
  serviceType: text,
  sections: z.array(section),
  faqs: z.array(faqItem),
});

/** content/cities/<slug>.yaml */
export const cityFile = z.strictObject({
  seo,
  hero: z.strictObject({ heading: text, lead: text }),
  distance: text,
  photo: photoRef.optional(),
  intro: z.array(richText).min(1),
  local: z.array(z.strictObject({ heading: text, paragraphs: z.array(richText).min(1) })),
  featuredServices: z.array(z.string()).length(5, "must list exactly five service slugs"),
  whyChooseUs: z.array(item),
});

/** The front matter of content/posts/<slug>.md */
export const postFrontMatter = z.strictObject({
  title: text,
  seo,
  excerpt: text,
  datePublished: date,
  dateModified: date.optional(),
  artwork,
  imageAlt: text,
  photo: photoRef.optional(),
  /** Shown where the body says ::faq, and published as FAQPage JSON-LD. */
  faq: z.strictObject({ heading: text, items: z.array(faqItem).min(1) }).optional(),
});

const intro = z.strictObject({ heading: text, lead: text });

/** content/home.yaml */
export const homeFile = z.strictObject({
  seo,
  hero: z.strictObject({ eyebrow: text, heading: text, lead: text }),
  trustedExperts: z.strictObject({ heading: text, intro: z.array(richText), bullets: z.array(text).length(5) }),
  servicesIntro: intro,
  whyChooseUs: intro.extend({ items: z.array(item).length(6) }),
  /** sampleLead replaces the lead while any testimonial is a sample. */
  testimonialsIntro: intro.extend({ sampleLead: text.optional() }),
  serviceArea: intro,
  cta: intro,
});

/** content/faqs.yaml */
export const faqsFile = z.strictObject({
  general: z.array(faqItem).length(5),
  services: z.array(faqItem).length(4),
  contact: z.array(faqItem).length(6),
});

/** content/testimonials.yaml */
export const testimonialsFile = z.array(
  z.strictObject({
    name: text,
    location: text,
    quote: text,
    /** Stars the customer gave; only if they really gave it. */
    rating: z.number().int().min(1).max(5).optional(),
    /** true for an invented placeholder; `npm run check:launch` fails while any remain. */
    sample: z.boolean().optional(),
    /** How and when the customer agreed to be quoted, e.g. "written, e-mail of 2026-03-02". */
    consent: text.optional(),
    /** The date of the job or the review. */
    date: date.optional(),
  }),
);

/** content/cost-table.yaml */
export const costTableFile = z.strictObject({
  year: z.number().int(),
  rows: z.array(z.strictObject({ service: text, costRange: text, description: text, link: href.optional() })).min(1),
});

/** content/accessibility.yaml */
export const accessibilityFile = z.strictObject({
  seo,
  heading: text,
  lead: text,
  sections: z.array(z.strictObject({ heading: text, paragraphs: z.array(richText).min(1) })),
});

/** content/gallery.yaml: the "Recent work" photos, shown on the pages of their service and town. */
export const galleryFile = z.array(
  photoRef.extend({
    caption: text,
    service: z.string().optional(),
    city: citySlug.optional(),
  }),
);
