// /owner/next-year/job/<id> and /owner/next-year/visit/<id>: "Book next year" (decision 0055). After Job done, or
// once an estimate visit has begun, the owner books the homeowner's next visit in the slow season: the day proposed,
// its open windows, the address; another day by a GET; one POST books it with the usual invite.
import { data } from "react-router";
import type { Route } from "./+types/next-year";
import { requireOwner, unknownIntent, field } from "./guard.server";
import { BookedAhead, Proposal } from "./next-year-parts";
import { bookNextYear, nextYearPage, sourceOf } from "./next-year.server";
import { Card, Notice, PageTitle } from "./ui";

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const source = sourceOf(args.params);
  const url = new URL(args.request.url);
  const page = nextYearPage(args.context, source, url.searchParams.get("day"));
  return { csrf: owner.csrf, page, justBooked: url.searchParams.get("done") === "booked" };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const source = sourceOf(args.params);
  if (field(owner.form, "intent", 20) !== "book") unknownIntent();
  try {
    return bookNextYear(args.context, source, owner.form, new URL(args.request.url).pathname);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`Book next year failed: ${error instanceof Error ? error.message : String(error)}`);
    return data({ error: "The visit could not be booked just now. Nothing was sent; try again." }, { status: 500 });
  }
}

export const meta = () => [
  { title: "Book next year | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NextYear({ loaderData, actionData }: Route.ComponentProps) {
  const { page, csrf, justBooked } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <>
      <p className="mb-3">
        <a href={page.back.href} className="font-semibold text-brick-800 underline underline-offset-4">
          {page.back.label}
        </a>
      </p>
      {page.state === "refused" ? (
        <>
          <PageTitle>Book next year</PageTitle>
          <Card>
            {page.refused === "not-done"
              ? "Book next year comes after Job done: mark the job done first."
              : "Book next year comes once the visit has begun."}
          </Card>
        </>
      ) : (
        <>
          <PageTitle sub={`${page.name} · ${page.street ? `${page.street}, ` : ""}${page.town}`}>
            Book next year
          </PageTitle>
          {justBooked && page.state === "booked" && <Notice>Booked. The invite is on its way.</Notice>}
          {page.state === "booked" ? <BookedAhead d={page} /> : <Proposal d={page} csrf={csrf} error={error} />}
        </>
      )}
    </>
  );
}
