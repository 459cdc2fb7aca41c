// /u/<token>: the one-click unsubscribe of the reminders and campaigns (RFC 8058, decision 0052). A GET changes nothing
// (mail scanners open every link): it shows one button, a plain form POST. The POST, ours or a mail provider's (sent
// with no cookies and no Origin: the site's POST guard lets this route alone through, server/http/security.ts), puts
// the address on the suppression list at once and answers 200 with the page, never a redirect. Idempotent. A token we
// never made is the 404 page.
import { CircleCheck, MailX } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NotFoundContent } from "~/components/not-found-content";
import { buttonClasses } from "~/components/ui/button-link";
import { business } from "~/content/business";
import { telHref } from "~/lib/links";
import { notFoundSeo, seo } from "~/lib/seo";

export function loader({ params, context }: Route.LoaderArgs) {
  const marketing = context.marketing;
  const state = marketing?.unsubscribe.view(params.token) ?? null;
  if (!marketing || state === null) return data({ state: "unknown" as const }, { status: 404 });
  return { state, words: marketing.pageWords() };
}

export function action({ params, context }: Route.ActionArgs) {
  const marketing = context.marketing;
  const done = marketing?.unsubscribe.unsubscribe(params.token) ?? null;
  if (!marketing || done === null) return data({ state: "unknown" as const }, { status: 404 });
  return { state: done, words: marketing.pageWords() };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  !loaderData || loaderData.state === "unknown"
    ? notFoundSeo()
    : seo({
        title: `Unsubscribe | ${business.name}`,
        description: "Stop our inspection reminders and offers.",
        path: null,
        noindex: true,
      });

export default function Unsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === "unknown") return <NotFoundContent />;
  const { words } = shown;
  const done = shown.state === "done";
  return (
    <section id="hero" className="py-12 sm:py-20">
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        <div className="rounded-card border border-mortar-200 bg-white p-6 shadow-card sm:p-8">
          {done ? (
            <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
          ) : (
            <MailX aria-hidden="true" className="size-12 text-brick-700" />
          )}
          <h1 className="mt-3 text-3xl font-bold text-soot-950">{done ? words.doneTitle : words.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-soot-800">{done ? words.doneIntro : words.intro}</p>
          {!done && (
            <form method="post" action={`/u/${params.token}`} className="mt-6">
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit" className={buttonClasses("primary", "lg")}>
                <MailX aria-hidden="true" className="size-5" />
                {words.button}
              </button>
            </form>
          )}
          <p className="mt-6 text-soot-800">
            {business.name} ·{" "}
            <a href={telHref(business.phone)} className="rich-link">
              {business.phone}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
