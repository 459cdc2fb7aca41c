// Shapes of every piece of content. Content files hold data only (no JSX); templates render it.

/** An internal path ("/contact") or an absolute https URL. */
export type Href = string;

/** A run of text with optional inline links, rendered as text nodes and <a> elements (never as HTML). */
export type InlineLink = { readonly text: string; readonly href: Href };
export type RichText = string | readonly (string | InlineLink)[];

/** Names of icons the templates know how to draw (mapped to lucide-react in app/components/icon.tsx). */
export type IconName =
  | "alert-triangle"
  | "award"
  | "badge-check"
  | "brick-wall"
  | "calendar-check"
  | "clipboard-check"
  | "clock"
  | "cloud-rain"
  | "droplets"
  | "eye-off"
  | "flame"
  | "hammer"
  | "hard-hat"
  | "home"
  | "landmark"
  | "layers"
  | "leaf"
  | "lock"
  | "map-pin"
  | "paintbrush"
  | "phone"
  | "piggy-bank"
  | "ruler"
  | "search"
  | "shield"
  | "shield-check"
  | "snowflake"
  | "sparkles"
  | "sun"
  | "thermometer"
  | "thumbs-up"
  | "trowel"
  | "users"
  | "wind"
  | "wrench"
  | "zap"
  | "bird"
  | "construction"
  | "dollar-sign"
  | "file-text"
  | "heart-handshake"
  | "sun-snow";

/** Names of the original SVG artworks in public/images/ (each file is /images/<name>.svg). */
export type ArtworkName =
  | "hero-home"
  | "chimney-crowns"
  | "tuckpointing"
  | "masonry-repair"
  | "glass-block-windows"
  | "hoods-and-caps"
  | "chimney-rebuilds"
  | "post-insurance"
  | "post-crown-signs"
  | "post-cost-guide"
  | "post-peoria"
  | "city-skyline"
  | "service-area-map";

/** One question; the answer is a single paragraph (inline links allowed). */
export type FaqItem = { readonly question: string; readonly answer: RichText };

/** A sign, benefit, problem, type or process step. */
export type Item = {
  readonly title: string;
  readonly description: RichText;
  readonly icon?: IconName;
  readonly features?: readonly string[];
};

/** A button or link a section offers. "call" renders a tel: link to the business phone. */
export type Action =
  | { readonly kind: "link"; readonly label: string; readonly href: Href; readonly variant?: "primary" | "secondary" }
  | { readonly kind: "call"; readonly label: string; readonly variant?: "primary" | "secondary" };

type SectionBase = {
  /** Anchor id, unique on the page. */
  readonly id: string;
  readonly heading: string;
  /** One paragraph under the heading. */
  readonly intro?: RichText;
  readonly actions?: readonly Action[];
};

/** The building blocks of a service page, in the order they appear. */
export type Section =
  | (SectionBase & { readonly kind: "prose"; readonly paragraphs: readonly RichText[] })
  | (SectionBase & {
      readonly kind: "cards";
      readonly items: readonly Item[];
      /** A link repeated on every card, e.g. 'Request Service' to /contact. */
      readonly itemAction?: Action;
      readonly columns?: 2 | 3;
    })
  | (SectionBase & { readonly kind: "steps"; readonly steps: readonly Item[] })
  | (SectionBase & { readonly kind: "checklist"; readonly items: readonly RichText[] });

export type ServiceSlug =
  | "chimney-crowns"
  | "tuckpointing"
  | "hoods-and-caps"
  | "chimney-rebuilds"
  | "masonry-repair"
  | "glass-block-windows";

export type Service = {
  readonly slug: ServiceSlug;
  /** Short name used in navigation, cards and breadcrumbs: "Chimney Crowns". */
  readonly name: string;
  readonly seo: { readonly title: string; readonly description: string };
  readonly hero: { readonly heading: string; readonly lead: string; readonly actions?: readonly Action[] };
  /** The card that links to this service from the home and city pages. */
  readonly card: { readonly description: string; readonly linkText: string };
  readonly artwork: ArtworkName;
  readonly artworkAlt: string;
  readonly sections: readonly Section[];
  readonly faqs: readonly FaqItem[];
  /** For the Service JSON-LD. */
  readonly serviceType: string;
};

export type CitySlug =
  | "bloomington"
  | "normal"
  | "peoria"
  | "east-peoria"
  | "washington"
  | "morton"
  | "pekin"
  | "chillicothe";

export type City = {
  readonly slug: CitySlug;
  readonly seo: { readonly title: string; readonly description: string };
  readonly hero: { readonly heading: string; readonly lead: string };
  /** e.g. "about 40 miles west of Bloomington" or "our home base". */
  readonly distance: string;
  readonly intro: readonly RichText[];
  /** Town-specific sections: neighbourhoods, housing stock, weather. */
  readonly local: readonly { readonly heading: string; readonly paragraphs: readonly RichText[] }[];
  /** Exactly five service slugs for the service cards. */
  readonly featuredServices: readonly [ServiceSlug, ServiceSlug, ServiceSlug, ServiceSlug, ServiceSlug];
  readonly whyChooseUs: readonly Item[];
};

/** A block of an article body. */
export type PostBlock =
  | { readonly type: "h2" | "h3"; readonly text: string; readonly id?: string }
  | { readonly type: "p"; readonly text: RichText }
  | { readonly type: "ul" | "ol"; readonly items: readonly RichText[] }
  | { readonly type: "callout"; readonly title: string; readonly text: RichText }
  | { readonly type: "costTable" }
  | { readonly type: "faq"; readonly heading: string; readonly items: readonly FaqItem[] };

export type Post = {
  readonly slug: string;
  readonly title: string;
  readonly seo: { readonly title: string; readonly description: string };
  readonly excerpt: string;
  /** ISO dates, YYYY-MM-DD, rendered in America/Chicago. */
  readonly datePublished: string;
  readonly dateModified?: string;
  readonly artwork: ArtworkName;
  readonly imageAlt: string;
  readonly body: readonly PostBlock[];
};

export type CostRow = {
  readonly service: string;
  readonly costRange: string;
  readonly description: string;
  /** The matching service page, where one exists. */
  readonly link?: Href;
};

export type Testimonial = {
  readonly name: string;
  readonly location: string;
  readonly quote: string;
  readonly rating?: number;
};
