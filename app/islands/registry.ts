// The parts of the site React hydrates in the browser: the estimate form on /contact, and the owner console's
// passkey button, notification settings and condition report under /owner. Everything else is
// HTML and CSS (docs/decisions/0008-html-first.md). Each island is standalone: it gets everything through its props.
import type { ReactNode } from "react";

export const islandLoaders = {
  EstimateForm: () => import("../components/estimate-form").then((m) => m.EstimateForm),
  // Owner console only (/owner): never on a public page.
  PasskeyButton: () => import("./passkey-button").then((m) => m.PasskeyButton),
  PushSettings: () => import("./push-settings").then((m) => m.PushSettings),
  // The condition report at the visit, kept on the phone while the signal is bad (/owner/visits/<id>/report).
  ReportField: () => import("./report/report-field").then((m) => m.ReportField),
} satisfies Record<string, () => Promise<(props: never) => ReactNode>>;

export type IslandName = keyof typeof islandLoaders;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
export type IslandProps<N extends IslandName> =
  Parameters<IslandComponent<N>> extends [infer P, ...unknown[]] ? P : Record<string, never>;
