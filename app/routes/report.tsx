// /report/<link>: the homeowner's chimney condition report (decision 0054). Server-rendered with no script at all and
// its own CSS inline; it works without JavaScript at 375 px. The link is the key (its token's SHA-256 is all that is
// stored; the URL names nobody and no address): an unknown, mistyped or revoked link gets the one 404, and failed
// lookups are limited per address. A GET changes nothing. It shows the version the link was sent with, says when a
// newer one exists and links to it (?v=2 by the same link); everything on it comes from the frozen version.
import { data } from "react-router";
import type { Route } from "./+types/report";
import { business } from "~/content/business";
import { DocumentHeader, Limited } from "~/components/document-page";
import { telHref } from "~/lib/links";
import type { RouteHandle } from "~/root";
import reportStylesheet from "~/styles/report.css?url";
import { documentHeaders, documentMeta } from "~/lib/document-form";
import { findReport, retryAfter } from "../../server/reports/report-link.ts";
import { reportPage } from "../../server/reports/report-page-view.ts";
import { pageWords, summarize, urgentFirst } from "../../server/reports/report-summary.ts";
import { DoNotUseBanner, FindingDetail, forWhom, GoodParts, Scope, Summary } from "./report-parts";

export const handle: RouteHandle = { standalone: true };

// Production pages inline the CSS they use; the dev server links the sheet.
export const links = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: reportStylesheet }] : []);

// Never stored, never indexed, never named in a Referer: the server sets those for every report route
// (server/http/page-cache.ts); a 429 keeps its Retry-After.
export const headers = documentHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = findReport(context.estimates, context.now, params.token, context.clientIp);
  if (found === "limited")
    return data(
      { kind: "limited" as const },
      { status: 429, headers: { "Retry-After": String(retryAfter(context.now, context.clientIp)) } },
    );
  const page = found ? reportPage(context.estimates, found, new URL(request.url).searchParams.get("v")) : null;
  if (!page) return data({ kind: "missing" as const }, { status: 404 });
  return { kind: "report" as const, base: `/report/${params.token}`, page };
}

export const meta = ({ data: d }: Route.MetaArgs) =>
  documentMeta(
    d?.kind === "report"
      ? `${d.page.snapshot.words.title} | ${d.page.snapshot.business.name}`
      : `Report | ${business.name}`,
    `What we found at your chimney, with photos: the basis of our estimate from ${business.name}.`,
  );

function Missing() {
  return (
    <main id="hero" className="mx-auto max-w-xl px-4 py-16">
      <p className="font-serif text-xl font-bold">{business.name}</p>
      <h1 className="mt-6 text-3xl font-bold">There is no report at this address</h1>
      <p className="mt-4 text-lg">
        The link may be mistyped or no longer open. Call us and we will send you a new one:{" "}
        <a className="font-semibold underline" href={telHref(business.phone)}>
          {business.phone}
        </a>
        .
      </p>
    </main>
  );
}

export default function Report({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "missing") return <Missing />;
  if (loaderData.kind === "limited") return <Limited />;
  const { page, base } = loaderData;
  const { snapshot } = page;
  const words = pageWords(snapshot);
  const summary = summarize(snapshot);
  const urgent = urgentFirst(summary);
  const details = [...urgent, ...summary.notInspected.filter((f) => f.photos.length > 0)];
  return (
    <>
      <DocumentHeader business={snapshot.business} />
      <main className="mx-auto max-w-2xl px-4 pt-6 pb-16">
        {page.newer && (
          <div role="status" className="mb-5 rounded-lg border-l-4 border-soot-800 bg-sky-100 px-4 py-3 text-lg">
            <p className="font-bold">{words.newer}</p>
            <p>
              Version {page.newer.version}, sent {page.newer.sentAt}
              {page.newer.reason ? `: ${page.newer.reason}` : ""}.{" "}
              <a href={`${base}?v=${page.newer.version}`} className="font-semibold underline">
                Read version {page.newer.version}
              </a>
            </p>
          </div>
        )}
        {page.shown > page.linkVersion && (
          <p role="status" className="mb-5 rounded-lg bg-mortar-100 px-4 py-3">
            {words.older}{" "}
            <a href={base} className="font-semibold underline">
              Version {page.linkVersion}
            </a>
          </p>
        )}
        <h1 className="text-4xl font-bold">{snapshot.words.title}</h1>
        <p className="mt-1 text-xl font-semibold text-stone-600">{snapshot.words.subtitle}</p>
        <p className="mt-3 text-lg">{forWhom(snapshot)}</p>
        <p className="mt-1 text-sm text-stone-600">
          Version {page.shown}, sent {page.sentAt}
        </p>
        {snapshot.reason && (
          <p className="mt-2">
            <strong>Corrected:</strong> {snapshot.reason}
          </p>
        )}
        <DoNotUseBanner snapshot={snapshot} items={summary.doNotUse} />
        <p className="mt-5 text-lg">{snapshot.words.intro}</p>
        <Summary snapshot={snapshot} items={urgent} />
        <Scope snapshot={snapshot} notInspected={summary.notInspected} />
        {details.length > 0 && (
          <section aria-labelledby="details">
            <h2 id="details" className="mt-10 text-2xl font-bold">
              {words.details}
            </h2>
            {details.map((f) => (
              <FindingDetail key={f.number} base={base} snapshot={snapshot} f={f} />
            ))}
          </section>
        )}
        <GoodParts base={base} snapshot={snapshot} items={summary.good} />
        <p className="mt-10 text-stone-600">{words.about}</p>
        <p className="mt-6">
          <a
            href={`${base}/pdf${page.shown === page.linkVersion ? "" : `?v=${page.shown}`}`}
            className="text-lg font-semibold text-brick-800 underline"
          >
            {words.pdf}
          </a>
        </p>
        <p className="mt-4 text-xs break-all text-stone-600">
          Version {page.shown}. SHA-256 of this version: {page.sha256}
        </p>
      </main>
    </>
  );
}
