import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { business } from "~/content/business";
import { mainNav } from "~/content/navigation";
import { ScrollToTopButton } from "./scroll-to-top-button";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { TopBar } from "./top-bar";

/** The frame of every page: skip link, top bar, header, main, footer, scroll-to-top. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <a
        href="#main"
        id="top"
        className="sr-only focus-visible:not-sr-only focus-visible:fixed focus-visible:top-3 focus-visible:left-3 focus-visible:z-50 focus-visible:rounded-lg focus-visible:bg-soot-950 focus-visible:px-4 focus-visible:py-3 focus-visible:font-semibold focus-visible:text-white"
      >
        Skip to content
      </a>
      <TopBar />
      <SiteHeader nav={mainNav} phone={business.phone} currentPath={pathname} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
      <ScrollToTopButton />
    </>
  );
}
