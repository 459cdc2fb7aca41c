// The request's visit: when and where, or the owner's form to book one for a caller.
import { business } from "~/content/business";
import { TEXT_LIMITS } from "~/lib/text-limits";
import type { RequestScreen } from "./request.server";
import type { RequestTyped } from "./request-words";
import { Button, Card, consoleButton, CsrfField } from "./ui";
import { WindowChoices } from "./window-choices";

const LIMIT = TEXT_LIMITS.request;

export function RequestVisit({
  visit,
  book,
  csrf,
  typed,
}: {
  visit: RequestScreen["visit"];
  book: RequestScreen["book"];
  csrf: string;
  typed: RequestTyped;
}) {
  if (visit && visit.status !== "cancelled") {
    return (
      <Card className="mb-4 border-ember-500">
        <h2 className="font-serif text-xl font-bold">{visit.status === "held" ? "Visit held (spam)" : "Visit"}</h2>
        <p className="mt-1 text-lg font-bold">{visit.when}</p>
        <p>
          <a href={visit.mapHref} className="font-semibold underline underline-offset-4">
            {visit.address}
          </a>
        </p>
        {visit.notes && <p className="text-soot-800">Notes: {visit.notes}</p>}
        <p className="text-sm text-soot-800">Booked {visit.by === "owner" ? "by you" : "online by the homeowner"}.</p>
        {visit.status === "held" ? (
          <p className="mt-2">It takes its window once you restore the request, if the window is still free.</p>
        ) : (
          <p className="mt-2">
            <a href={`/owner/visits/${visit.id}/report`} className={consoleButton("primary")}>
              Condition report
            </a>{" "}
            <a href={`/owner/visits/${visit.id}`} className={consoleButton("quiet")}>
              Move
            </a>{" "}
            <a href="/owner/visits" className={consoleButton("quiet")}>
              All visits
            </a>
          </p>
        )}
      </Card>
    );
  }
  if (!book) return null;
  return (
    <Card className="mb-4">
      <details open={typed.street !== undefined || undefined}>
        <summary className="min-h-11 cursor-pointer py-1.5 font-serif text-xl font-bold">
          {visit ? "Visit cancelled: book another" : "Book the visit"}
        </summary>
        {visit?.reason && <p className="text-soot-800">Cancelled: {visit.reason}</p>}
        <form method="post" className="mt-3 grid gap-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="book-visit" />
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block">
              <span className="font-semibold">Town</span>
              <input
                name="town"
                required
                maxLength={LIMIT.town.max}
                defaultValue={typed.town ?? book.town}
                list="served-towns"
                className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 p-2"
              />
              <datalist id="served-towns">
                {business.cities.map((c) => (
                  <option key={c.slug} value={c.name} />
                ))}
              </datalist>
            </label>
            <label className="block">
              <span className="font-semibold">Street</span>
              <input
                name="street"
                required
                maxLength={LIMIT.street.max}
                defaultValue={typed.street ?? book.street}
                className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 p-2"
              />
            </label>
          </div>
          <label className="block">
            <span className="font-semibold">Notes</span>
            <input
              name="notes"
              maxLength={LIMIT.notes.max}
              defaultValue={typed.notes ?? book.notes}
              className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 p-2"
            />
          </label>
          <WindowChoices days={book.days} />
          <Button className="sm:justify-self-start">Book and send the invite</Button>
        </form>
      </details>
    </Card>
  );
}
