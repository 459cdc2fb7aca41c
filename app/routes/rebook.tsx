// /book/<token>: the reminder's (or the campaign's) booking link (server/marketing/rebook.ts, decision 0052). A GET
// only reads: the homeowner's name and address as we have them, the next open time as one button, other times below.
// The tap is a plain form POST (no script): it makes the request on their customer and books the window through the
// estimate visit's own booking, then answers 303 to the visit's page, where it can be moved or cancelled. An unknown
// or forged link is the 404 page.
import { data, redirect } from "react-router";
import type { Route } from "./+types/rebook";
import { NotFoundContent } from "~/components/not-found-content";
import { RebookPage } from "~/components/rebook-page";
import { business } from "~/content/business";
import { notFoundSeo, seo } from "~/lib/seo";
import { cleanText, readWindow, VISIT_FIELD, VISIT_LIMITS } from "~/lib/visit-fields";
import { yearIn } from "~/lib/visit-labels";
import type { Refusal } from "../../server/http/security.ts";

const retryAfter = (refusal: Refusal | null): Record<string, string> =>
  refusal?.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};

export function loader({ params, context }: Route.LoaderArgs) {
  const view = context.marketing?.rebook.view(params.token) ?? null;
  if (!view) {
    const refused = context.guardVisit.miss(context.clientIp);
    return data({ state: "unknown" as const }, { status: refused ? 429 : 404, headers: retryAfter(refused) });
  }
  return { ...view, thisYear: yearIn(context.now(), business.timeZone), key: crypto.randomUUID() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const length = Number(request.headers.get("content-length") ?? NaN);
  const type = request.headers.get("content-type") ?? "";
  let form: FormData | null = null;
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type) && length <= 4096) {
    try {
      form = await request.formData();
    } catch {
      form = null;
    }
  }
  if (!form) return data({ error: "Send the form from the page." }, { status: 400 });
  const intent = cleanText(form.get(VISIT_FIELD.intent));
  if (intent !== "book" && intent !== "ask") return data({ error: "Send the form from the page." }, { status: 400 });
  const refused = context.guardVisit.post(request, context.clientIp, true);
  if (refused) return data({ error: refused.error }, { status: refused.status, headers: retryAfter(refused) });
  const choice = intent === "book" ? readWindow(form.get(VISIT_FIELD.window)) : null;
  const key = cleanText(form.get(VISIT_FIELD.key)) || null;
  if ((intent === "book" && !choice) || (key && key.length > VISIT_LIMITS.key)) {
    return data({ error: "That time is not one we offer. Go back and pick one of the times shown." }, { status: 422 });
  }
  const outcome = context.marketing?.rebook.book(params.token, choice, key) ?? { kind: "unknown" as const };
  if (outcome.kind === "unknown") {
    const miss = context.guardVisit.miss(context.clientIp);
    return data({ error: "This link is not known." }, { status: miss ? 429 : 404, headers: retryAfter(miss) });
  }
  if (outcome.kind === "asked") return redirect(`/book/${params.token}`, 303);
  return redirect(`/visit/${outcome.link}${outcome.notice ? `?notice=${outcome.notice}` : ""}`, 303);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("retry-after") ? actionHeaders : loaderHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  !loaderData || loaderData.state === "unknown"
    ? notFoundSeo()
    : seo({
        title: `Book Your Chimney Inspection | ${business.name}`,
        description: "Book your yearly chimney inspection in one tap.",
        path: null,
        noindex: true,
      });

export default function Rebook({ loaderData, actionData, params }: Route.ComponentProps) {
  if (loaderData.state === "unknown") return <NotFoundContent />;
  return <RebookPage view={loaderData} here={`/book/${params.token}`} error={actionData?.error ?? null} />;
}
