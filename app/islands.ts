// The interactive parts of the site. Everything else is static HTML; only these hydrate in the browser
// (docs/decisions/0001-islands.md). Each island is standalone: it gets everything through its props.
import type { ReactNode } from "react";

export const islandLoaders = {
  SiteHeader: () => import("./components/site-header").then((m) => m.SiteHeader),
  ScrollToTopButton: () => import("./components/scroll-to-top-button").then((m) => m.ScrollToTopButton),
  GoBackButton: () => import("./components/go-back-button").then((m) => m.GoBackButton),
  EstimateForm: () => import("./components/estimate-form").then((m) => m.EstimateForm),
  FaqAccordion: () => import("./components/faq-accordion").then((m) => m.FaqAccordion),
} satisfies Record<string, () => Promise<(props: never) => ReactNode>>;

export type IslandName = keyof typeof islandLoaders;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
export type IslandProps<N extends IslandName> =
  Parameters<IslandComponent<N>> extends [infer P, ...unknown[]] ? P : Record<string, never>;
