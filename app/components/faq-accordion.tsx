// An FAQ list where at most one answer is open and clicking the open question closes it: <details name>, so the
// browser does it without JavaScript, and the answers are in the HTML for search engines and find-in-page.
import type { FaqItem } from "~/content/types";
import { RichText } from "./rich-text";
import { ChevronDown } from "lucide-react";

/** `group` names the exclusive set: one per list on a page. */
export function FaqAccordion({ items, group }: { items: readonly FaqItem[]; group: string }) {
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <details
          key={item.question}
          name={group}
          className="disclosure rounded-card border border-mortar-200 bg-white shadow-sm open:border-brick-300"
        >
          <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-card px-5 py-4 text-left font-sans text-lg font-semibold text-soot-950 hover:text-brick-700 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="disclosure-chevron size-5 shrink-0 text-brick-700 transition-transform duration-300"
            />
          </summary>
          <div className="px-5 pb-5 leading-relaxed text-soot-800">
            <p>
              <RichText text={item.answer} />
            </p>
          </div>
        </details>
      ))}
    </div>
  );
}
