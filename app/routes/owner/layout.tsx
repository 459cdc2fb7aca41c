// The owner console's frame for every page under /owner: the site's colours and type, a plain header with the
// console's own links (no popovers, no public page script), no footer. Every child route guards itself.
import { isRouteErrorResponse, Outlet, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { optionalOwner } from "./guard.server";
import { helpFor } from "./help-sections";
import { OWN_WORDS } from "./messages";
import { CsrfField } from "./ui";
import { Logo } from "~/components/logo";
import { business } from "~/content/business";
import type { RouteHandle } from "~/root";
import { cn } from "~/lib/cn";
import consoleStylesheet from "~/styles/owner.css?url";

export const handle: RouteHandle = { owner: true };

// Production pages inline the CSS they use (entry.server.tsx picks owner.css for the console); the dev server links it.
export const links = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: consoleStylesheet }] : []);

export function loader(args: Route.LoaderArgs) {
  const session = optionalOwner(args);
  return { csrf: session?.csrf ?? null };
}

export const meta = () => [{ title: "Owner console" }, { name: "robots", content: "noindex, nofollow" }];

// The day's work in tabs; Spam sits with the inbox (a chip in its filters), sign-in and devices in the header.
const NAV = [
  { href: "/owner", label: "Inbox", also: ["/owner/spam", "/owner/requests"] },
  { href: "/owner/visits", label: "Visits", also: [] },
  { href: "/owner/quotes", label: "Quotes", also: [] },
  { href: "/owner/jobs", label: "Jobs", also: [] },
  { href: "/owner/money", label: "Money", also: [] },
  { href: "/owner/customers", label: "Customers", also: ["/owner/campaigns"] },
  { href: "/owner/site", label: "Site", also: [] },
  { href: "/owner/reports", label: "Reports", also: [] },
] as const;

function Frame({ csrf, children }: { csrf: string | null; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const help = helpFor(pathname);
  return (
    <div className="min-h-screen bg-mortar-50 text-soot-950">
      <header className="border-b border-mortar-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          {/* The name starts with the logo's words, as a voice user says them (WCAG 2.5.3). */}
          <a href="/owner" className="rounded-md" aria-label={`${business.name}: owner console inbox`}>
            <Logo />
          </a>
          {csrf && (
            <div className="flex items-center gap-2">
              {help && (
                <a
                  href={help.href}
                  aria-label={`Help: ${help.title}`}
                  className="inline-flex size-11 items-center justify-center rounded-full border-2 border-mortar-300 font-bold"
                >
                  ?
                </a>
              )}
              <a
                href="/owner/security"
                aria-current={pathname.startsWith("/owner/security") ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-soot-900 underline underline-offset-4"
              >
                Account
              </a>
              <form method="post" action="/owner/sign-out">
                <CsrfField token={csrf} />
                <button className="min-h-11 rounded-lg px-3 font-semibold text-brick-800 underline underline-offset-4">
                  Sign out
                </button>
              </form>
            </div>
          )}
        </div>
        {csrf && (
          <nav aria-label="Console" className="mx-auto max-w-3xl px-1 sm:px-2">
            {/* On a phone the tabs are two rows of four (seven do not fit one line at 375 px with room to tap); from
                640 px one line. */}
            <ul className="grid grid-cols-4 sm:flex sm:justify-start sm:gap-x-1">
              {NAV.map((link) => {
                const current =
                  (link.href === "/owner" ? pathname === "/owner" : pathname.startsWith(link.href)) ||
                  link.also.some((path) => pathname.startsWith(path));
                return (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      aria-current={current ? "page" : undefined}
                      className={cn(
                        "flex min-h-11 min-w-11 items-center justify-center border-b-4 px-1 text-[15px] font-semibold sm:inline-flex sm:px-3 sm:text-base",
                        current ? "border-ember-500 text-soot-950" : "border-transparent text-soot-800",
                      )}
                    >
                      {link.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}

export default function OwnerLayout() {
  const { csrf } = useLoaderData<typeof loader>();
  return (
    <Frame csrf={csrf}>
      <Outlet />
    </Frame>
  );
}

const MESSAGES: Record<number, string> = {
  401: "Sign in to the owner console first.",
  403: "That was not allowed. Go back, reload the page and try again.",
  404: "There is nothing here.",
  410: "This link has expired or was already used.",
  413: "That is more than this form takes.",
  429: "Too many attempts. Wait a few minutes and try again.",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  // Our own refusal when it is one (never the text of someone else's error).
  const ours = isRouteErrorResponse(error) && typeof error.data === "string" && OWN_WORDS.has(error.data);
  return (
    <Frame csrf={null}>
      <title>Owner console</title>
      <div id="hero">
        <p className="font-semibold text-brick-700">Error {status}</p>
        <h1 className="mt-1 font-serif text-3xl font-bold">
          {ours ? String(error.data) : (MESSAGES[status] ?? "Something went wrong.")}
        </h1>
        <p className="mt-4">
          <a href="/owner" className="font-semibold text-brick-800 underline underline-offset-4">
            Back to the inbox
          </a>
        </p>
      </div>
    </Frame>
  );
}
