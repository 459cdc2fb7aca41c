// The form that adds one of the owner's calendars by its secret address. A refused Add (an address the site can never
// read: a loopback or private one, a failing certificate; the 11th calendar; a box too long) is said at the box it
// is about, which keeps what was typed, and announced: the page comes back with that box focused (no script:
// `autofocus`, which also scrolls it into view below a long list on a phone) and described by the words, which are
// an alert besides.
import { TEXT_LIMITS } from "~/lib/text-limits";
import { Button, CsrfField } from "./ui";

const LIMIT = TEXT_LIMITS.calendars;

const input =
  "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white p-2 aria-invalid:border-brick-700";

export type AddField = "address" | "label";
export type AddRefusal = { error: string; field: AddField } | null;

const REFUSAL_ID = "calendar-add-problem";

function Refusal({ refused, field }: { refused: AddRefusal; field: AddField }) {
  if (refused?.field !== field) return null;
  return (
    <p id={REFUSAL_ID} role="alert" className="mt-1 font-semibold text-brick-800">
      {refused.error}
    </p>
  );
}

function refusedAt(refused: AddRefusal, field: AddField) {
  return refused?.field === field
    ? { "aria-invalid": true, "aria-describedby": REFUSAL_ID, autoFocus: true }
    : { "aria-invalid": undefined, "aria-describedby": undefined, autoFocus: undefined };
}

export function AddCalendarForm({
  csrf,
  typed,
  refused,
}: {
  csrf: string;
  typed: { address: string; label: string } | null;
  refused: AddRefusal;
}) {
  return (
    <form method="post" className="mt-5 grid gap-3">
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="add" />
      <div>
        <label htmlFor="calendar-address" className="block font-semibold">
          Secret address in iCal format
        </label>
        <Refusal refused={refused} field="address" />
        <input
          id="calendar-address"
          name="address"
          required
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://calendar.google.com/…/basic.ics"
          maxLength={LIMIT.address.max}
          defaultValue={typed?.address}
          {...refusedAt(refused, "address")}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="calendar-label" className="block font-semibold">
          Name (for you)
        </label>
        <Refusal refused={refused} field="label" />
        <input
          id="calendar-label"
          name="label"
          maxLength={LIMIT.label.max}
          placeholder="Work"
          defaultValue={typed?.label}
          {...refusedAt(refused, "label")}
          className={input}
        />
      </div>
      <Button className="justify-self-start">Add calendar</Button>
    </form>
  );
}
