// The sticky header: native HTML, no React in the browser (docs/decisions/0008-html-first.md). Its links exist
// once (docs/decisions/0012-parse-less-paint-first.md): one <nav> that CSS lays out as a row on wide screens and,
// below them, as the popover the menu button opens. Services and Locations are each a <details> (the phone's
// sub-list) holding a disclosure button and a popover list (the desktop dropdown, W3C disclosure navigation, not
// role="menu"); CSS shows the summary or the button and keeps the list in flow on phones. The browser opens and
// closes them (click, tap, Enter, Space, Escape, a click outside); the page script condenses the header past 50 px
// and closes everything when a page comes back from the back/forward cache.
import { Menu, Phone, X } from "lucide-react";
import { business } from "~/content/business";
import type { NavEntry, NavLink } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { telHref } from "~/lib/links";
import { Logo } from "./logo";
import { buttonClasses } from "./ui/button-link";

export type SiteHeaderProps = {
  nav: readonly NavEntry[];
  phone: string;
  /** The page's path, to mark the current link. */
  currentPath: string;
};

const NAV_ID = "site-nav";

function isCurrent(href: string, currentPath: string) {
  return href === currentPath;
}

/** A menu link that says when it is the page being shown. */
function NavAnchor({ link, currentPath, className }: { link: NavLink; currentPath: string; className: string }) {
  return (
    <a href={link.href} aria-current={isCurrent(link.href, currentPath) ? "page" : undefined} className={className}>
      {link.label}
    </a>
  );
}

function panelId(label: string) {
  return `nav-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export function SiteHeader({ nav, phone, currentPath }: SiteHeaderProps) {
  return (
    <header
      className={cn(
        "group/header header-glass sticky top-0 z-40 border-b border-mortar-200 bg-white/95 py-3 transition-[box-shadow,padding,margin] duration-300 lg:py-4",
        // The margin gives back the height the header loses, so condensing never moves the page.
        "data-condensed:mb-3 data-condensed:py-1.5 data-condensed:shadow-header lg:data-condensed:mb-5 lg:data-condensed:py-1.5",
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* The name holds the visible words (WCAG 2.5.3, label in name), like the footer's. */}
        <a href="/" className="rounded-md" aria-label={`${business.name} home page`}>
          <Logo shrinks />
        </a>

        <nav id={NAV_ID} aria-label="Main" popover="auto" className="site-nav">
          <ul>
            {nav.map((entry) => (
              <li key={entry.label}>
                {"children" in entry ? (
                  <NavGroup label={entry.label} items={entry.children} currentPath={currentPath} />
                ) : (
                  <NavAnchor link={entry} currentPath={currentPath} className="nav-link" />
                )}
              </li>
            ))}
          </ul>
          <div className="mx-auto grid max-w-7xl gap-3 px-4 pb-5 sm:hidden">
            <a href="/contact" className={buttonClasses("primary")}>
              Get a Free Estimate
            </a>
          </div>
        </nav>

        <div className="flex items-center gap-2">
          <a href={telHref(phone)} className={cn(buttonClasses("dark"), "max-xl:hidden")}>
            <Phone aria-hidden="true" className="size-4" />
            {phone}
          </a>
          <a href="/contact" className={cn(buttonClasses("primary"), "max-sm:hidden")}>
            Free Estimate
          </a>
          <a
            href={telHref(phone)}
            className="inline-flex size-11 items-center justify-center rounded-lg bg-soot-950 text-mortar-50 lg:hidden"
            aria-label={`Call ${phone}`}
          >
            <Phone aria-hidden="true" className="size-5" />
          </a>
          {/* Icon and name follow the popover's state through CSS (see .menu-toggle in app.css). */}
          <button
            type="button"
            popoverTarget={NAV_ID}
            className="menu-toggle inline-flex size-11 items-center justify-center rounded-lg border border-mortar-300 text-soot-950 lg:hidden"
          >
            <Menu aria-hidden="true" className="when-closed size-6" />
            <X aria-hidden="true" className="when-open size-6" />
            <span className="when-closed sr-only">Open menu</span>
            <span className="when-open sr-only">Close menu</span>
          </button>
        </div>
      </div>
    </header>
  );
}

/**
 * Services or Locations: on a phone the <summary> expands the list in place (one group open at a time); on a wide
 * screen the summary is hidden, the group always shows its button, and the list is a popover under it.
 */
function NavGroup({ label, items, currentPath }: { label: string; items: readonly NavLink[]; currentPath: string }) {
  const active = items.some((item) => isCurrent(item.href, currentPath));
  const id = panelId(label);
  return (
    <details name="site-nav" className="nav-group disclosure">
      <summary className="nav-chevron flex w-full cursor-pointer list-none items-center justify-between py-3 text-lg font-medium text-soot-950 lg:hidden [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <button
        type="button"
        popoverTarget={id}
        className={cn(
          "dropdown-trigger nav-chevron items-center gap-1 rounded-md px-3 py-2 font-medium hover:text-brick-700 max-lg:hidden lg:inline-flex",
          active ? "text-brick-700" : "text-soot-900",
        )}
        style={{ anchorName: `--${id}` } as React.CSSProperties}
      >
        {label}
      </button>
      <ul
        id={id}
        popover="auto"
        className="dropdown-panel"
        style={{ positionAnchor: `--${id}` } as React.CSSProperties}
      >
        {items.map((item) => (
          <li key={item.href}>
            <NavAnchor link={item} currentPath={currentPath} className="nav-sublink" />
          </li>
        ))}
      </ul>
    </details>
  );
}
