import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The heading block that opens a page section. */
export function SectionHeading({
  id,
  eyebrow,
  heading,
  lead,
  align = "left",
}: {
  id?: string;
  eyebrow?: string;
  heading: string;
  lead?: ReactNode;
  align?: "left" | "center";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && <p className="mb-2 text-sm font-bold tracking-widest text-brick-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl leading-tight font-bold text-soot-950 sm:text-4xl">
        {heading}
      </h2>
      {lead && <p className="mt-4 text-lg leading-relaxed text-soot-800">{lead}</p>}
    </div>
  );
}
