// Where the estimate form lands without JavaScript (the endpoint answers with a 303 here).
import { CircleCheck, TriangleAlert } from "lucide-react";
import type { Route } from "./+types/contact-received";
import { EstimateAndCallButtons } from "~/components/action-link";
import { ButtonLink } from "~/components/ui/button-link";
import { business } from "~/content/business";
import { telHref } from "~/lib/links";
import { ESTIMATE_FIELDS, ESTIMATE_MESSAGES } from "~/lib/estimate-fields";
import { seo } from "~/lib/seo";
import { decodeRefusals, photoCount, refusalText } from "~/lib/estimate-photos";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
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
            <div className="mt-8 flex justify-center">
              <EstimateAndCallButtons onDark={false} />
            </div>
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
