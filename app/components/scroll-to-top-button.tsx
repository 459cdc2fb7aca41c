// A button back to the top, shown once the visitor has scrolled a screen or so. The page script
// (app/lib/page-script.ts) shows it past SCROLL_TO_TOP_AT and handles the click; without JavaScript it stays hidden.
import { ArrowUp } from "lucide-react";
import { cn } from "~/lib/cn";

export function ScrollToTopButton() {
  return (
    <button
      type="button"
      id="to-top"
      data-action="top"
      aria-label="Scroll to top"
      hidden
      className={cn(
        "fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brick-700 text-white shadow-header",
        "animate-[menu-in_200ms_ease-out] hover:bg-brick-800 sm:right-6 sm:bottom-6",
      )}
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  );
}
