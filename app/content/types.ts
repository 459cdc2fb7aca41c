// Shapes of every piece of content, derived from the zod schemas in ./schema.ts that check the files in content/.
import type { z } from "zod";
import type { CitySlug } from "./business";
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

export type { CitySlug };
export type { Href, InlineEmphasis, InlineLink, RichText, RichTextPart } from "./inline-markdown";

export type IconName = (typeof iconNames)[number];
export type ArtworkName = (typeof artworkNames)[number];
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
