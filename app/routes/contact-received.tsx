// Where the estimate form lands without JavaScript (the endpoint answers with a 303 here).
import { CircleCheck, TriangleAlert } from "lucide-react";
import type { Route } from "./+types/contact-received";
import { EstimateAndCallButtons } from "~/components/action-link";
import { ButtonLink } from "~/components/ui/button-link";
import { business } from "~/content/business";
import { telHref } from "~/lib/links";
import { dayLabel, windowLabel, yearIn } from "~/lib/visit-labels";
import { PhoneInstead, PlaceForm } from "~/components/visit-forms";
import { ESTIMATE_FIELDS, ESTIMATE_MESSAGES } from "~/lib/estimate-fields";
import { seo } from "~/lib/seo";
import { decodeRefusals, photoCount, refusalText } from "~/lib/estimate-photos";

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The request's link to book the visit (server/booking/): offered while it has no visit yet.
  const token = params.get("visit") ?? "";
  const view = /^[A-Za-z0-9_-]{43}$/.test(token) ? context.booking.view(token) : undefined;
  const booking = view
    ? {
        href: `/visit/${token}`,
        booked: view.visit !== undefined,
        offer: !view.visit && !view.expired && view.settings.enabled,
        town: view.lead.city ?? "",
        next: context.booking.open(context.now())[0]?.windows[0] ?? null,
        thisYear: yearIn(context.now(), business.timeZone),
      }
    : null;
  const labels = new Map<string, string>(
    ESTIMATE_FIELDS.map((f) => [f.name, f.name === "message" ? "Message" : f.label]),
  );
  // Only known field names are turned into text; nothing from the URL is echoed as-is.
  const fields = (params.get("fields") ?? "").split(",").flatMap((name) => labels.get(name) ?? []);
  // Photos: a count and coded refusals, turned into our own words (nothing from the URL is shown as it came).
  const photos = /^[0-9]$/.test(params.get("photos") ?? "") ? Number(params.get("photos")) : null;
  const refused = decodeRefusals(params.get("refused")).map(refusalText);
  return {
    ok: params.get("status") === "ok",
    confirmation: params.get("confirmation") === "1",
    fields,
    photos: photos === null ? null : `${photoCount(photos)} arrived with it.`.replace(/^n/, "N"),
    refused,
    booking: booking && {
      ...booking,
      next: booking.next && { day: booking.next.day, starts: booking.next.starts, ends: booking.next.ends },
    },
  };
}

export const meta = () =>
  seo({
    title: `Estimate Request | ${business.name}`,
    description: "The status of your free estimate request.",
    path: "/contact/received",
    noindex: true,
  });

export default function ContactReceived({ loaderData }: Route.ComponentProps) {
  return (
    <section id="hero" className="py-20">
      <div className="mx-auto max-w-2xl px-4 text-center sm:px-6">
        {loaderData.ok ? (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto size-16 text-green-700" />
            <h1 className="mt-4 text-4xl font-bold">{ESTIMATE_MESSAGES.successTitle}</h1>
            <p className="mt-4 text-lg text-soot-800">
              Thank you. We received your request and will get back to you as soon as possible, usually the same
              business day.
            </p>
            {loaderData.photos && (
              <div className="mt-3 text-lg text-soot-800" data-testid="photo-receipt">
                <p className="font-semibold">{loaderData.photos}</p>
                {loaderData.refused.map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </div>
            )}
            {loaderData.confirmation && (
              <p className="mt-3 text-lg text-soot-800">{ESTIMATE_MESSAGES.confirmationNote}</p>
            )}
            {loaderData.booking?.offer ? (
              <BookTheVisit booking={loaderData.booking} />
            ) : loaderData.booking?.booked ? (
              <p className="mt-8 text-lg">
                <a href={loaderData.booking.href} className="rich-link font-semibold">
                  See your booked visit
                </a>
              </p>
            ) : (
              <div className="mt-8 flex justify-center">
                <EstimateAndCallButtons onDark={false} />
              </div>
            )}
          </>
        ) : (
          <>
            <TriangleAlert aria-hidden="true" className="mx-auto size-16 text-brick-700" />
            <h1 className="mt-4 text-4xl font-bold">Please check your request</h1>
            <p className="mt-4 text-lg text-soot-800">We could not send your request yet.</p>
            {loaderData.fields.length > 0 && (
              <ul className="mx-auto mt-4 inline-block list-disc text-left text-lg text-soot-800">
                {loaderData.fields.map((label) => (
                  <li key={label}>{label} needs a valid value.</li>
                ))}
              </ul>
            )}
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <ButtonLink href="/contact" size="lg">
                Back to the form
              </ButtonLink>
              <ButtonLink href={telHref(business.phone)} variant="secondary" size="lg">
                Call {business.phone}
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

type Booking = NonNullable<Route.ComponentProps["loaderData"]["booking"]>;

/** Straight after the request: where the house is, then (on the visit page) the open times. Optional: the request stands. */
function BookTheVisit({ booking }: { booking: Booking }) {
  return (
    <section
      aria-labelledby="book-heading"
      className="mt-10 rounded-card border border-mortar-200 bg-white p-5 text-left shadow-card sm:p-7"
    >
      <h2 id="book-heading" className="text-2xl font-bold text-soot-950">
        Pick a time for the free estimate
      </h2>
      <p className="mt-2 text-soot-800">
        Optional: book the visit now instead of waiting for our call.
        {booking.next && (
          <>
            {" "}
            The next open time is{" "}
            <strong>
              {dayLabel(booking.next.day, { thisYear: booking.thisYear })}, {windowLabel(booking.next)}
            </strong>
            .
          </>
        )}
      </p>
      <div className="mt-5">
        <PlaceForm action={booking.href} values={{ town: booking.town }} />
      </div>
      <PhoneInstead className="mt-5 text-soot-800" />
    </section>
  );
}
