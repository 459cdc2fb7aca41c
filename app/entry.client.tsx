// Browser entry: hydrates the islands on the page, today only the estimate form on /contact (docs/decisions/0008-html-first.md).
// The page is complete HTML without it; this only wakes up the parts a visitor interacts with.
import { createElement, startTransition, type FunctionComponent } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandRoot } from "./islands/island-root";
import { islandLoaders, type IslandName } from "./islands/registry";

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && name in islandLoaders;
}

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = element.dataset.island;
  if (!isIslandName(name)) continue;
  const props: object = JSON.parse(element.dataset.props ?? "{}");
  void islandLoaders[name]().then((component) => {
    const island = createElement(component as FunctionComponent<object>, props);
    const markHydrated = () => {
      element.dataset.hydrated = "";
    };
    // In a transition, React hydrates in short slices and yields to input in between.
    startTransition(() => {
      hydrateRoot(element, createElement(IslandRoot, { onHydrated: markHydrated, children: island }), {
        identifierPrefix: element.dataset.islandId,
      });
    });
  });
}
