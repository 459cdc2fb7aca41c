// /owner/visits/<id>: move one visit to another window (the owner may pick today's, past the homeowner's cut-off);
// the homeowner gets the moved invite (same UID, SEQUENCE raised). Cancelling is on the Visits view and here. Once
// the visit has begun, "Book next year" (decision 0055) books the homeowner's next one.
import { data, redirect } from "react-router";
import type { Route } from "./+types/visit";
import { field, idParam, notFound, requireOwner } from "./guard.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { ownerWindows, REFUSAL_WORDS, visitCard } from "./visits.server";
import { WindowChoices } from "./window-choices";
import { BookNextYearCard } from "./next-year-parts";
import { nextYearOffer } from "./next-year.server";
import { business } from "~/content/business";
import { yearIn } from "~/lib/visit-labels";

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { booking, estimates } = args.context;
  const id = idParam(args.params.id);
  const visit = id === null ? undefined : estimates.visits.get(id);
  if (!visit || visit.status !== "booked") notFound();
  const thisYear = yearIn(args.context.now(), business.timeZone);
  const card = visitCard(args.context, visit, thisYear);
  if (!card) notFound();
  // Once the visit has begun, the owner can book the homeowner's next one (decision 0055).
  const begun = new Date(visit.starts_at).getTime() <= args.context.now().getTime();
  return {
    csrf: owner.csrf,
    visit: card,
    nextYear: begun ? nextYearOffer(args.context, { kind: "visit", id: visit.id }) : null,
    days: ownerWindows(
      booking
        .openForOwner(visit)
        .map((d) => ({
          day: d.day,
          windows: d.windows.filter((w) => !(w.day === visit.day && w.starts === visit.starts)),
        }))
        .filter((d) => d.windows.length > 0),
      thisYear,
    ),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const { booking, owner: console_, clientIp } = args.context;
  const id = idParam(args.params.id);
  if (id === null) notFound();
  const chosen = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(field(owner.form, "window", 20));
  if (!chosen) return data({ error: "Pick the new time first." }, { status: 400 });
  const result = booking.ownerMove(id, { day: chosen[1] as string, starts: chosen[2] as string });
  if (!result.ok) return data({ error: REFUSAL_WORDS[result.reason] }, { status: 409 });
  console_.audit.log("visit moved", {
    ip: clientIp,
    estimateId: result.visit.estimate_id,
    detail: `${result.visit.day} ${result.visit.starts}`,
  });
  return redirect("/owner/visits?done=moved", { headers: { "Cache-Control": "no-store" } });
}

export const meta = () => [{ title: "Move a visit | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function MoveVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, days, csrf, nextYear } = loaderData;
  return (
    <>
      <p className="mb-3">
        <a href="/owner/visits" className="font-semibold text-brick-800 underline underline-offset-4">
          ← Visits
        </a>
      </p>
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      {nextYear && <BookNextYearCard offer={nextYear} />}
      <PageTitle sub={`Now ${visit.dayLabel}, ${visit.window} · ${visit.address}`}>Move {visit.name}’s visit</PageTitle>
      {days.length === 0 ? (
        <Card>No open window in the next weeks. Block fewer days, or add windows in the settings.</Card>
      ) : (
        <form method="post" className="space-y-4">
          <CsrfField token={csrf} />
          <WindowChoices days={days.slice(0, 14)} boxed />
          <p className="text-soot-800">The homeowner gets an e-mail with the new time in their calendar invite.</p>
          <Button>Move the visit</Button>
        </form>
      )}
    </>
  );
}
