import { business } from "~/content/business";
import { cn } from "~/lib/cn";

const [firstWord, ...rest] = business.name.split(" ");

/** The mark plus the business name set as text, so renaming the business is a change to business.ts only. */
/** `shrinks`: in the header, the mark gets smaller when the header condenses (its data-condensed attribute). */
export function Logo({
  tone = "dark",
  shrinks = false,
  lazy = false,
}: {
  tone?: "dark" | "light";
  shrinks?: boolean;
  lazy?: boolean;
}) {
  return (
    <span className="flex items-center gap-2.5">
      <img
        src="/logo-mark.svg"
        alt=""
        width={48}
        height={48}
        loading={lazy ? "lazy" : undefined}
        className={cn("size-11 shrink-0 transition-all duration-300", shrinks && "group-data-condensed/header:size-9")}
      />
      <span className="flex flex-col leading-none">
        <span
          className={cn(
            "font-serif text-[1.45rem] font-bold tracking-tight",
            tone === "dark" ? "text-soot-950" : "text-mortar-50",
          )}
        >
          {firstWord}
        </span>
        <span
          className={cn(
            "mt-1 text-[0.68rem] font-semibold tracking-[0.18em] uppercase",
            tone === "dark" ? "text-brick-700" : "text-brick-300",
          )}
        >
          {rest.join(" ")}
        </span>
      </span>
    </span>
  );
}
