// Server side of an island: renders the component as its own React root, so the browser can hydrate
// exactly that markup (same tree, same useId prefix) without the rest of the page.
import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import type { IslandComponent, IslandName, IslandProps } from "~/islands";

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
  const html = renderToString(createElement(component as FunctionComponent<object>, props as object), { identifierPrefix: id });
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
