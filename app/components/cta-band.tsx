import { EstimateAndCallButtons } from "./action-link";

/** The closing call to action: heading, one line, estimate and call buttons. */
export function CtaBand({
  heading = "Ready to Fix Your Chimney?",
  lead = "Tell us what you are seeing and we will give you a straight answer and a free, written estimate.",
  estimateHref,
}: {
  heading?: string;
  lead?: string;
  estimateHref?: string;
}) {
  return (
    <section aria-labelledby="cta-heading" className="relative overflow-hidden bg-brick-800 text-mortar-50">
      <div aria-hidden="true" className="brick-texture absolute inset-0 opacity-10" />
      <div className="relative mx-auto flex max-w-7xl flex-col gap-8 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between md:py-16">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-3xl font-bold sm:text-4xl">
            {heading}
          </h2>
          <p className="mt-3 text-lg text-brick-100">{lead}</p>
        </div>
        <EstimateAndCallButtons estimateHref={estimateHref} />
      </div>
    </section>
  );
}
