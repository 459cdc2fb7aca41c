import { ArrowRight } from "lucide-react";
import type { Service } from "~/content/types";
import { Card } from "./card";

/** A service's card: artwork, title, one line, and a link to its page. */
export function ServiceCard({ service, headingLevel = "h3" }: { service: Service; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <Card
      photo={service.photo}
      artwork={service.artwork}
      artworkAlt={service.artworkAlt}
      sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw"
    >
      <Heading className="text-xl font-bold text-soot-950">{service.name}</Heading>
      <p className="mt-2 flex-1 leading-relaxed text-soot-800">{service.card.description}</p>
      <a
        href={`/services/${service.slug}`}
        className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brick-700 group-hover:text-brick-900 after:absolute after:inset-0"
      >
        {service.card.linkText}
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </a>
    </Card>
  );
}
