import { useContext } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useMatches,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteLayout } from "./components/site-layout";
import { localBusinessJsonLd } from "./lib/json-ld";
import { jsonLdScript } from "./lib/json-ld-script";
import { islandLoader, pageScript } from "./lib/page-script";
import stylesheet from "./styles/app.css?url";
import consoleStylesheet from "./styles/owner.css?url";

/**
 * A route whose page holds an island says so: `export const handle = { islands: true }`. The owner console's
 * layout says `owner: true`: its pages get the console's own frame, not the public header and footer, and not the
 * public page script.
 */
export type RouteHandle = { islands?: boolean; owner?: boolean; standalone?: boolean };

function useIsOwnerPage(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.owner);
}

/** A page with a frame of its own and no script at all (the homeowner's quote: `handle = { standalone: true }`). */
function useIsStandalone(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.standalone);
}

export const links: LinksFunction = () => [
  // In production each page inlines the CSS it uses (entry.server.tsx), so no stylesheet blocks the first paint;
  // /contact fetches the full one when the visitor first uses its form. The dev server keeps the plain link for HMR.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  // No icon link: a linked icon is fetched as the document finishes parsing, which can be before the first paint;
  // browsers fetch /favicon.ico of their own accord after load (issue 31). Only Safari reads this one, when a
  // visitor adds the page to the home screen.
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

const BUSINESS_PAGES = new Set(["/", "/contact"]);

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  // The console installs as its own app (server/owner/owner-app.ts). Public pages link no manifest: nothing but the
  // document is requested before their first paint (decision 0023).
  const owner = useIsOwnerPage();
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        {/* The first paint waits until the page's hero (its LCP element) is parsed, so that paint shows it rather
            than the header alone. Parsing only; nothing is fetched. */}
        <link rel="expect" href="#hero" blocking="render" />
        <Meta />
        <Links />
        {owner && <link rel="manifest" href="/owner/manifest.webmanifest" />}
        {/* The business entity is described where it is the subject (home, contact); other pages' data refers to
            it by its @id. Every page's first response must fit one congestion window (decision 0012). */}
        {BUSINESS_PAGES.has(pathname) && (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: jsonLdScript(localBusinessJsonLd()) }}
          />
        )}
      </head>
      <body>
        {children}
        <PageScripts />
      </body>
    </html>
  );
}

/**
 * Production pages run one small inline script and load no script file; a page with an island (/contact) also
 * gets the loader that hydrates it on the visitor's first interaction (decision 0023). The dev server keeps
 * React Router's scripts for its HMR preamble.
 */
function PageScripts() {
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  if (import.meta.env.DEV) return <Scripts />;
  const hasIslands = matches.some((m) => (m.handle as RouteHandle | undefined)?.islands);
  const owner = matches.some((m) => (m.handle as RouteHandle | undefined)?.owner);
  const standalone = matches.some((m) => (m.handle as RouteHandle | undefined)?.standalone);
  const entry = framework?.manifest.entry.module;
  return (
    <>
      {!owner && !standalone && <script dangerouslySetInnerHTML={{ __html: pageScript }} />}
      {hasIslands && entry && (
        <script
          data-entry={entry}
          // The console has its own stylesheet (app/styles/owner.css): its classes never reach a public page.
          data-css={owner ? consoleStylesheet : stylesheet}
          // The console's buttons need their island at once; /contact's form waits for the visitor (decision 0023).
          data-now={owner ? "" : undefined}
          dangerouslySetInnerHTML={{ __html: islandLoader }}
        />
      )}
    </>
  );
}

export default function App() {
  // The console's layout route (app/routes/owner/layout.tsx) and the quote page draw their own frames.
  const ownFrame = useIsOwnerPage();
  const standalone = useIsStandalone();
  if (ownFrame || standalone) return <Outlet />;
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
