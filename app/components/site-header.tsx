// Island: the sticky header with the desktop dropdowns and the mobile menu.
import { ChevronDown, Menu, Phone, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { NavEntry, NavLink } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { telHref } from "~/lib/links";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { Logo } from "./logo";
import { buttonClasses } from "./ui/button-link";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./ui/dropdown-menu";

/** Scroll distance after which the header condenses and gains a shadow (spec §9). */
export const HEADER_CONDENSE_AT = 50;

export type SiteHeaderProps = {
  nav: readonly NavEntry[];
  phone: string;
  /** The page's path, to mark the current link. */
  currentPath: string;
};

function isCurrent(href: string, currentPath: string) {
  return href === currentPath;
}

export function SiteHeader({ nav, phone, currentPath }: SiteHeaderProps) {
  const condensed = useScrolledPast(HEADER_CONDENSE_AT);
  const [menuOpen, setMenuOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const menuId = useId();

  // A page restored from the back/forward cache comes back with its menus closed, like any new page.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) {
        setMenuOpen(false);
        setExpanded(null);
      }
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header
      data-condensed={condensed ? "" : undefined}
      className={cn(
        "sticky top-0 z-40 border-b border-mortar-200 bg-white/95 backdrop-blur transition-[box-shadow,padding,margin] duration-300",
        // The margin gives back the height the header loses, so condensing never moves the page.
        condensed ? "mb-3 py-1.5 shadow-header lg:mb-5" : "py-3 lg:py-4",
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="rounded-md" aria-label="Home page">
          <Logo compact={condensed} />
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {nav.map((entry) => (
              <li key={entry.label}>
                {"children" in entry ? (
                  <DesktopDropdown label={entry.label} items={entry.children} currentPath={currentPath} />
                ) : (
                  <a
                    href={entry.href}
                    aria-current={isCurrent(entry.href, currentPath) ? "page" : undefined}
                    className="rounded-md px-3 py-2 font-medium text-soot-900 hover:text-brick-700 aria-[current=page]:text-brick-700"
                  >
                    {entry.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
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
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg border border-mortar-300 text-soot-950 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>

      <div
        id={menuId}
        inert={!menuOpen}
        data-state={menuOpen ? "open" : "closed"}
        className={cn(
          "grid transition-[grid-template-rows,visibility] duration-300 ease-out lg:hidden",
          menuOpen ? "visible grid-rows-[1fr]" : "invisible grid-rows-[0fr]",
        )}
      >
        <nav aria-label="Mobile" className="overflow-hidden">
          <ul className="mx-auto max-h-[calc(100dvh-5rem)] max-w-7xl overflow-y-auto px-4 pt-3 pb-5 sm:px-6">
            {nav.map((entry) => (
              <li key={entry.label} className="border-b border-mortar-200 last:border-0">
                {"children" in entry ? (
                  <MobileSubList
                    label={entry.label}
                    items={entry.children}
                    currentPath={currentPath}
                    open={expanded === entry.label}
                    onToggle={() => setExpanded((current) => (current === entry.label ? null : entry.label))}
                    onNavigate={() => setMenuOpen(false)}
                  />
                ) : (
                  <a
                    href={entry.href}
                    onClick={() => setMenuOpen(false)}
                    aria-current={isCurrent(entry.href, currentPath) ? "page" : undefined}
                    className="block py-3 text-lg font-medium text-soot-950 aria-[current=page]:text-brick-700"
                  >
                    {entry.label}
                  </a>
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
      </div>
    </header>
  );
}

function DesktopDropdown({ label, items, currentPath }: { label: string; items: readonly NavLink[]; currentPath: string }) {
  const active = items.some((item) => isCurrent(item.href, currentPath));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          "inline-flex items-center gap-1 rounded-md px-3 py-2 font-medium hover:text-brick-700 data-[state=open]:text-brick-700",
          active ? "text-brick-700" : "text-soot-900",
        )}
      >
        {label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {items.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <a href={item.href} aria-current={isCurrent(item.href, currentPath) ? "page" : undefined}>
              {item.label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileSubList({
  label,
  items,
  currentPath,
  open,
  onToggle,
  onNavigate,
}: {
  label: string;
  items: readonly NavLink[];
  currentPath: string;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const listId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className="flex w-full items-center justify-between py-3 text-left text-lg font-medium text-soot-950"
      >
        {label}
        <ChevronDown aria-hidden="true" className={cn("size-5 transition-transform duration-300", open && "rotate-180")} />
      </button>
      <div
        id={listId}
        inert={!open}
        className={cn(
          "grid transition-[grid-template-rows,visibility] duration-300 ease-out",
          open ? "visible grid-rows-[1fr]" : "invisible grid-rows-[0fr]",
        )}
      >
        <ul className="overflow-hidden">
          {items.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                onClick={onNavigate}
                aria-current={isCurrent(item.href, currentPath) ? "page" : undefined}
                className="block rounded-md py-2.5 pl-4 text-base text-soot-800 aria-[current=page]:font-semibold aria-[current=page]:text-brick-700"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
