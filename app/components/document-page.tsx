// The frame the homeowner's document pages share (/quote/<link>, /invoice/<link>, /job/<link>): the business's header, the one
// page for a link that opens nothing, the one for too many tries, and the status banner. No script.
import type { ReactNode } from "react";
import { business } from "~/content/business";
import { telHref } from "~/lib/links";

export function DocumentHeader({
  business: b,
}: {
  business: { name: string; address: string; phone: string; email: string };
}) {
  return (
    <header id="hero" className="bg-soot-950 py-5 text-mortar-50 print:bg-white print:text-soot-950">
      <div className="mx-auto max-w-2xl px-4">
        <p className="font-serif text-2xl font-bold">{b.name}</p>
        <p className="mt-1 text-mortar-200 print:text-soot-800">{b.address}</p>
        <p className="mt-1 flex flex-wrap gap-x-4">
          <a className="font-semibold text-ember-300 underline print:text-soot-950" href={telHref(b.phone)}>
            {b.phone}
          </a>
          <a className="text-ember-300 underline print:text-soot-950" href={`mailto:${b.email}`}>
            {b.email}
          </a>
        </p>
      </div>
    </header>
  );
}

/** The business's header, then the page's title and whom it is for; `children` is the page itself. */
export function DocumentPage({
  business: b,
  title,
  customer,
  children,
}: {
  business: Parameters<typeof DocumentHeader>[0]["business"];
  title: string;
  customer: { name: string; town: string | null | undefined };
  children: ReactNode;
}) {
  return (
    <>
      <DocumentHeader business={b} />
      <main className="mx-auto max-w-2xl px-4 pt-6 pb-16">
        <h1 className="text-4xl font-bold">{title}</h1>
        <p className="mt-2 text-lg">
          For {customer.name}
          {customer.town ? `, ${customer.town}` : ""}
        </p>
        {children}
      </main>
    </>
  );
}

export function Missing({ what }: { what: "quote" | "invoice" | "job" }) {
  return (
    <main id="hero" className="mx-auto max-w-xl px-4 py-16">
      <p className="font-serif text-xl font-bold">{business.name}</p>
      <h1 className="mt-6 text-3xl font-bold">There is no {what} at this address</h1>
      <p className="mt-4 text-lg">
        The link may be mistyped or too old{what === "quote" ? ", or the quote was replaced" : ""}. Call us and we will
        send you a new one:{" "}
        <a className="font-semibold underline" href={telHref(business.phone)}>
          {business.phone}
        </a>
        .
      </p>
    </main>
  );
}

export function Limited() {
  return (
    <main id="hero" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">Too many tries</h1>
      <p className="mt-4 text-lg">
        Wait a few minutes and try the link again, or call us:{" "}
        <a className="font-semibold underline" href={telHref(business.phone)}>
          {business.phone}
        </a>
        .
      </p>
    </main>
  );
}

export function Banner({ tone = "info", children }: { tone?: "info" | "ok" | "warn"; children: ReactNode }) {
  const tones = {
    info: "border-soot-800 bg-sky-100",
    ok: "border-green-700 bg-green-50",
    warn: "border-brick-700 bg-brick-100",
  };
  return (
    <div role="status" className={`mt-5 rounded-lg border-l-4 px-4 py-3 text-lg ${tones[tone]}`}>
      {children}
    </div>
  );
}
