import { business } from "~/content/business";
import { cn } from "~/lib/cn";

const MARK_ID = "logo-mark";

/**
 * The brick house mark (public/logo-mark.svg), inline: painting it needs no request. The header draws it; the
 * footer reuses that drawing by reference (`<use>`), so its ids appear once per page.
 */
function Mark({ className, reuse }: { className: string; reuse: boolean }) {
  return (
    <svg viewBox="0 0 48 48" width={48} height={48} aria-hidden="true" className={className}>
      {reuse ? (
        <use href={`#${MARK_ID}`} />
      ) : (
        <g id={MARK_ID}>
          <pattern id="logo-brick" x="8.25" y="4.5" width="20" height="12" patternUnits="userSpaceOnUse">
            <path fill="#f7e3da" d="M0 0h20v12H0z" />
            <path fill="#ad4226" d="M.75.75h8.5v4.5h-8.5zM5.75 6.75h8.5v4.5h-8.5z" />
            <path fill="#c65a3a" d="M10.75.75h8.5v4.5h-8.5z" />
            <path fill="#94331d" d="M-4.25 6.75h8.5v4.5h-8.5zM15.75 6.75h8.5v4.5h-8.5z" />
          </pattern>
          <path fill="url(#logo-brick)" d="M31 4h8v18h-8zM9 27 24 13.5 39 27v19H9z" />
          <rect x="29.5" y="2.5" width="11" height="3.5" rx="1" fill="#3b342f" />
          <path d="M19 46v-6a5 5 0 0 1 10 0v6z" fill="#1c1917" />
          <path
            d="M24 45c-2.6 0-3.6-1.8-2.6-3.8.6 1 1.4 1.2 1.4.2 0-1.4 1-2.6 2.2-3.4-.2 1.6 1.6 2.4 1.6 4.2 0 1.6-1 2.8-2.6 2.8z"
            fill="#f09a29"
          />
          <path
            d="M4 27 24 9l20 18"
            fill="none"
            stroke="#f09a29"
            strokeWidth="5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      )}
    </svg>
  );
}

/** The mark plus the business name set as text, so renaming the business is a change to business.ts only. */
/** `shrinks`: in the header, the mark gets smaller when the header condenses (its data-condensed attribute). */
/** `reuse`: draw the mark by reference to the header's (every page has both). */
export function Logo({
  tone = "dark",
  shrinks = false,
  reuse = false,
}: {
  tone?: "dark" | "light";
  shrinks?: boolean;
  reuse?: boolean;
}) {
  return (
    <span className="flex items-center gap-2.5">
      <Mark
        reuse={reuse}
        className={cn("size-11 shrink-0 transition-all duration-300", shrinks && "group-data-condensed/header:size-9")}
      />
      <span className="flex flex-col leading-none">
        <span
          className={cn(
            "font-serif text-[1.45rem] font-bold tracking-tight",
            tone === "dark" ? "text-soot-950" : "text-mortar-50",
          )}
        >
          {business.name.split(" ")[0]}
        </span>
        {/* Not drawn (a flex column), but it keeps the words apart where the name is read from the text. */}{" "}
        <span
          className={cn(
            "mt-1 text-[0.68rem] font-semibold tracking-[0.18em] uppercase",
            tone === "dark" ? "text-brick-700" : "text-brick-300",
          )}
        >
          {business.name.split(" ").slice(1).join(" ")}
        </span>
      </span>
    </span>
  );
}
