// Shapes of every piece of content, derived from the zod schemas in ./schema.ts that check the files in content/.
import type { z } from "zod";
import type { business } from "./business";
import type {
  action,
  artworkNames,
  cityFile,
  costTableFile,
  faqItem,
  galleryFile,
  iconNames,
  item,
  photoRef,
  postFrontMatter,
  section,
  serviceFile,
  testimonialsFile,
} from "./schema";

/** An internal path ("/contact") or an absolute https URL. */
export type Href = string;

/** A run of text with inline links and emphasis, rendered as React elements (never as HTML). */
export type InlineLink = { readonly text: string; readonly href: Href };
export type InlineEmphasis = { readonly text: string; readonly emphasis: "em" | "strong" };
export type RichTextPart = string | InlineLink | InlineEmphasis;
export type RichText = string | readonly RichTextPart[];

export type IconName = (typeof iconNames)[number];
export type ArtworkName = (typeof artworkNames)[number];
/** The towns served, listed in content/business.yaml. */
export type CitySlug = (typeof business.cities)[number]["slug"];
/** The file name of a content/services/*.yaml file, without .yaml. */
export type ServiceSlug = string;

export type PhotoRef = z.output<typeof photoRef>;
export type FaqItem = z.output<typeof faqItem>;
export type Item = z.output<typeof item>;
export type Action = z.output<typeof action>;
export type Section = z.output<typeof section>;
export type Service = z.output<typeof serviceFile> & { readonly slug: ServiceSlug };
export type City = z.output<typeof cityFile> & { readonly slug: CitySlug };
export type Post = z.output<typeof postFrontMatter> & {
  readonly slug: string;
  /** The article in Markdown, rendered at build time by app/components/article-body.tsx. */
  readonly body: string;
};
export type CostRow = z.output<typeof costTableFile>["rows"][number];
export type Testimonial = z.output<typeof testimonialsFile>[number];
export type GalleryPhoto = z.output<typeof galleryFile>[number];
