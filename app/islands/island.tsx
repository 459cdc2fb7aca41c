// Server side of an island: renders the component as its own React root, so the browser can hydrate
// exactly that markup (same tree, same useId prefix) without the rest of the page.
import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "./island-root";
import type { IslandComponent, IslandName, IslandProps } from "./registry";

export function Island<N extends IslandName>({
  name,
  id,
  component,
  props,
}: {
  name: N;
  /** Unique on the page; becomes the island's useId prefix. */
  id: string;
  component: IslandComponent<N>;
  props: IslandProps<N>;
}) {
  const island = createElement(component as FunctionComponent<object>, props as object);
  const html = renderToString(createElement(IslandRoot, { children: island }), { identifierPrefix: id });
  return (
    <div
      data-island={name}
      data-island-id={id}
      data-props={JSON.stringify(props)}
      className="contents"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
