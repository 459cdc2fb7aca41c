import { useContext } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_FrameworkContext as FrameworkContext,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteLayout } from "./components/site-layout";
import { localBusinessJsonLd } from "./lib/json-ld";
import { jsonLdScript } from "./lib/json-ld-script";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <Links />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(localBusinessJsonLd()) }} />
      </head>
      <body>
        {children}
        <IslandScripts />
      </body>
    </html>
  );
}

/**
 * Production pages load no script up front: once the page has loaded and is idle (or the visitor first touches it),
 * one small entry hydrates the islands. The dev server keeps React Router's scripts for its HMR preamble.
 */
function IslandScripts() {
  const framework = useContext(FrameworkContext);
  if (import.meta.env.DEV) return <Scripts />;
  const entry = framework?.manifest.entry.module;
  if (!entry) return null;
  return <script dangerouslySetInnerHTML={{ __html: islandLoaderSource(entry) }} />;
}

export function islandLoaderSource(entry: string): string {
  // After load, wait for an idle moment (so the first paint never shares the network with scripts);
  // a visitor's first touch or key press starts it at once.
  return `(function(){var d=0;function go(){if(d)return;d=1;import(${JSON.stringify(entry)})}function idle(){if(window.requestIdleCallback)requestIdleCallback(go,{timeout:1500});else setTimeout(go,300)}if(document.readyState==="complete")idle();else addEventListener("load",idle,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,go,{once:true,passive:true,capture:true})})})()`;
}

export default function App() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteLayout>
      <title>Something went wrong</title>
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <p className="font-semibold text-brick-700">Error {status}</p>
        <h1 className="mt-2 text-4xl font-bold">Something went wrong</h1>
        <p className="mt-4 text-lg text-soot-800">
          Sorry, this page could not be shown. Please try again, or call us and we will help right away.
        </p>
        <a href="/" className="mt-8 inline-block rounded-lg bg-ember-500 px-6 py-3 font-semibold text-soot-950">
          Back to Home
        </a>
      </section>
    </SiteLayout>
  );
}
