// /owner/act/<token>: the alert e-mail's one-tap "Mark as contacted". Opening the link (GET, which mail scanners do
// on delivery) only shows a confirm button; the POST from that page uses the token up and changes the status.
// The token is the authority here (one request, one action, once, until it expires), so no session is needed;
// the page shows the reference and service only, never the person's details.
import { data, redirect } from "react-router";
import type { Route } from "./+types/act";
import { CROSS_SITE, plainAnswer, sameOrigin } from "./guard.server";
import { Button, Card, PageTitle } from "./ui";

const GONE = "This link has expired or was already used.";

export function loader({ params, context }: Route.LoaderArgs) {
  const row = context.owner.actionTokens.peek(params.token);
  const lead = row ? context.estimates.get(row.estimate_id) : undefined;
  if (!row || !lead)
    return data({ state: "gone" as const, lead: null }, { status: 410, headers: { "Referrer-Policy": "same-origin" } });
  return data(
    {
      state: "confirm" as const,
      lead: { id: lead.id, reference: lead.reference, service: lead.service || "No service chosen", city: lead.city },
    },
    { headers: { "Referrer-Policy": "same-origin" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!sameOrigin(request, context)) throw plainAnswer(403, CROSS_SITE);
  const row = context.owner.actionTokens.consume(params.token ?? "");
  const lead = row ? context.estimates.get(row.estimate_id) : undefined;
  if (!row || !lead || row.action !== "mark-contacted") {
    return data({ state: "gone" as const, lead: null }, { status: 410 });
  }
  context.estimates.setStatus(lead.id, "contacted");
  context.owner.audit.log("status", {
    ip: context.clientIp,
    estimateId: lead.id,
    detail: `${lead.status} → contacted (one-tap link)`,
  });
  // Off this URL: the token is used now, and its page would say so.
  return redirect(`/owner/act/done?request=${lead.id}`, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The loader's headers reach the document too. same-origin: the secret in the URL never leaves in a Referer to
 * another site ("no-referrer" would also make the browser send `Origin: null` with the confirm POST).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = () => [
  { title: "Mark as contacted | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OneTap({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "gone" || !result.lead) {
    return (
      <>
        <PageTitle>{GONE}</PageTitle>
        <p>
          Open the request in the{" "}
          <a href="/owner" className="font-semibold underline underline-offset-4">
            inbox
          </a>{" "}
          instead.
        </p>
      </>
    );
  }
  const { lead } = result;
  const what = `${lead.reference}: ${lead.service}${lead.city ? `, ${lead.city}` : ""}`;
  return (
    <>
      <PageTitle sub={what}>Mark as contacted?</PageTitle>
      <Card>
        <form method="post">
          <Button>Mark as contacted</Button>
        </form>
      </Card>
    </>
  );
}
