// The parts of the site React hydrates in the browser: the estimate form on /contact, and the owner console's
// passkey button and notification settings under /owner. Everything else is
// HTML and CSS (docs/decisions/0008-html-first.md). Each island is standalone: it gets everything through its props.
import type { ReactNode } from "react";

export const islandLoaders = {
  EstimateForm: () => import("../components/estimate-form").then((m) => m.EstimateForm),
  // Owner console only (/owner): never on a public page.
  PasskeyButton: () => import("./passkey-button").then((m) => m.PasskeyButton),
  PushSettings: () => import("./push-settings").then((m) => m.PushSettings),
} satisfies Record<string, () => Promise<(props: never) => ReactNode>>;

export type IslandName = keyof typeof islandLoaders;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
export type IslandProps<N extends IslandName> =
  Parameters<IslandComponent<N>> extends [infer P, ...unknown[]] ? P : Record<string, never>;
