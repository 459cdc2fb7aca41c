// /owner/requests/<id>: one request on one screen. Call, text, e-mail and directions first; then the message,
// where it came from, its e-mails, the status buttons, notes and the history of changes. The page is a list of
// sections, each in its own file (request-*.tsx); the data is read in request.server.ts, the forms' intents are done
// in request-actions.server.ts.
import type { Route } from "./+types/request";
import { idParam, notFound, requireOwner } from "./guard.server";
import { requestScreen } from "./request.server";
import { requestAction } from "./request-actions.server";
import type { RequestTyped } from "./request-words";
import { RequestTop } from "./request-top";
import { RequestContact } from "./request-contact";
import { RequestVisit } from "./request-visit";
import { RequestDetails } from "./request-details";
import { RequestQuotes } from "./request-quotes";
import { RequestStatus } from "./request-status";
import { RequestReview } from "./request-review";
import { RequestHistory, RequestMail, RequestOrigin } from "./request-records";
import { RequestCustomer } from "./request-customer";
import { requestCustomer } from "./request-customer.server";
import { business } from "~/content/business";
import { typedBack } from "~/lib/text-limits";

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const id = idParam(args.params.id);
  const lead = id === null ? undefined : args.context.estimates.get(id);
  if (!lead) notFound();
  return {
    csrf: owner.csrf,
    ...requestScreen(args.context, lead, new URL(args.request.url)),
    customer: requestCustomer(args.context, lead.id),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const id = idParam(args.params.id);
  const lead = id === null ? undefined : args.context.estimates.get(id);
  if (!lead) notFound();
  return requestAction({ context: args.context, lead, form: owner.form });
}

export const meta = () => [{ title: "Request | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function RequestPage({ loaderData: screen, actionData }: Route.ComponentProps) {
  const { lead, csrf } = screen;
  const typed: RequestTyped = typedBack(actionData);
  return (
    <>
      <RequestTop lead={lead} done={screen.done} error={actionData?.error} csrf={csrf} />
      <RequestContact lead={lead} />
      <RequestCustomer customer={screen.customer} />
      <RequestVisit visit={screen.visit} book={screen.book} csrf={csrf} typed={typed} />
      <RequestDetails lead={lead} photos={screen.photos} photosRefused={screen.photosRefused} />
      <RequestQuotes lead={lead} quotes={screen.quotes} csrf={csrf} />
      <RequestStatus lead={lead} csrf={csrf} typed={typed} />
      <RequestReview review={screen.review} email={lead.email} csrf={csrf} />
      <RequestHistory history={screen.history} />
      <RequestMail mail={screen.mail} />
      <RequestOrigin origin={screen.origin} />
      <p className="mt-4 text-sm text-soot-800">
        {business.name} · request #{lead.id}
      </p>
    </>
  );
}
