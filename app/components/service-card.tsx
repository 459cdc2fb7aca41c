import { ArrowRight } from "lucide-react";
import type { Service } from "~/content/types";
import { Artwork } from "./artwork";

/** A service's card: artwork, title, one line, and a link to its page. */
export function ServiceCard({ service, headingLevel = "h3" }: { service: Service; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-mortar-200 bg-white shadow-card transition-shadow hover:shadow-lg">
      <Artwork name={service.artwork} alt={service.artworkAlt} className="aspect-[4/3]" />
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-xl font-bold text-soot-950">{service.name}</Heading>
        <p className="mt-2 flex-1 leading-relaxed text-soot-800">{service.card.description}</p>
        <a
          href={`/services/${service.slug}`}
          className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brick-700 after:absolute after:inset-0 group-hover:text-brick-900"
        >
          {service.card.linkText}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </a>
      </div>
    </article>
  );
}
