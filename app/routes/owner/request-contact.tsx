// Call, text, e-mail and directions: the first thing the owner does with a request, one tap each.
import { telHref } from "~/lib/links";
import { cn } from "~/lib/cn";
import type { RequestScreen } from "./request.server";
import { consoleButton } from "./ui";

/** Directions to the town: a link to the map, opened by the owner's phone (nothing is fetched from here). */
function directionsHref(city: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${city}, IL`)}`;
}

export function RequestContact({ lead }: { lead: RequestScreen["lead"] }) {
  const subject = `Your estimate request (${lead.reference})`;
  const actions = [
    { label: "Call", href: telHref(lead.phone) },
    { label: "Text", href: `sms:${lead.phone.replace(/[^\d+]/g, "")}` },
    { label: "E-mail", href: `mailto:${lead.email}?subject=${encodeURIComponent(subject)}` },
    ...(lead.city ? [{ label: "Directions", href: directionsHref(lead.city) }] : []),
  ];
  return (
    <ul className="mb-5 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {actions.map((a) => (
        <li key={a.label}>
          <a href={a.href} className={cn(consoleButton(a.label === "Call" ? "primary" : "quiet"), "w-full")}>
            {a.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
