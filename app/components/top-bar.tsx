import { Clock, MapPin, MessageSquare, Phone } from "lucide-react";
import { business } from "~/content/business";
import { smsHref, telHref } from "~/lib/links";

/** The strip above the header on desktop: phone, tagline, hours. */
export function TopBar() {
  return (
    <div className="hidden bg-soot-950 text-sm text-mortar-100 lg:block" data-testid="top-bar">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-6 py-2">
        <p className="inline-flex items-center gap-4">
          <a
            href={telHref(business.phone)}
            className="inline-flex items-center gap-2 font-semibold hover:text-ember-300"
          >
            <Phone aria-hidden="true" className="size-4 text-ember-400" />
            {business.phone}
          </a>
          <a
            href={smsHref(business.phone)}
            className="inline-flex items-center gap-1.5 font-semibold hover:text-ember-300"
          >
            <MessageSquare aria-hidden="true" className="size-4 text-ember-400" />
            Text
          </a>
        </p>
        <p className="inline-flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 text-ember-400" />
          {business.tagline}
        </p>
        <p className="inline-flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 text-ember-400" />
          {business.hoursShort}
        </p>
      </div>
    </div>
  );
}
