// Island: a button back to the top, shown once the visitor has scrolled a screen or so.
import { ArrowUp } from "lucide-react";
import { cn } from "~/lib/cn";
import { useScrolledPast } from "~/lib/use-scrolled-past";

/** Scroll distance after which the button appears (spec §9). */
export const SCROLL_TO_TOP_AT = 500;

export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TO_TOP_AT);
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("top")?.focus({ preventScroll: true });
      }}
      className={cn(
        "fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brick-700 text-white shadow-header",
        "animate-[menu-in_200ms_ease-out] hover:bg-brick-800 sm:right-6 sm:bottom-6",
      )}
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  );
}
