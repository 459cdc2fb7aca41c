// The homeowner's booking forms, plain HTML that works without JavaScript: where the house is (on the page after the
// estimate form and on the visit page), and the arrival windows as native radio buttons, a day to a group.
import { CalendarCheck, MapPin } from "lucide-react";
import { business } from "~/content/business";
import { cn } from "~/lib/cn";
import { smsHref, telHref } from "~/lib/links";
import { dayLabel, windowLabel, zoneLabel } from "~/lib/visit-labels";
import { OTHER_TOWN, VISIT_FIELD, VISIT_LIMITS, windowValue, type PlaceProblem } from "~/lib/visit-fields";
import { buttonClasses } from "./ui/button-link";

const control =
  "mt-1.5 block w-full rounded-lg border border-stone-400 bg-white px-3.5 py-3 text-base text-soot-950 shadow-sm placeholder:text-stone-600 focus:border-brick-600";

/** A trap field people never see or fill; a bot that fills it is held as spam. */
export function TrapField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Company
        <input type="text" name={VISIT_FIELD.trap} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 font-semibold text-brick-800">
      {text}
    </p>
  );
}

/** Step one: the town (ours, or another) and the street, with anything the visit needs to know. */
export function PlaceForm({
  action,
  values = {},
  problems = [],
  submitLabel = "Show open times",
}: {
  action: string;
  values?: Partial<Record<"town" | "other-town" | "street" | "notes", string>>;
  problems?: readonly PlaceProblem[];
  submitLabel?: string;
}) {
  const problem = (field: PlaceProblem["field"]) => problems.find((p) => p.field === field)?.message;
  return (
    <form method="post" action={action} className="place-form relative grid gap-5" aria-label="Where is the house?">
      <input type="hidden" name={VISIT_FIELD.intent} value="place" />
      <TrapField />
      <div>
        <label htmlFor="visit-town" className="font-semibold text-soot-900">
          Town
        </label>
        <select
          id="visit-town"
          name={VISIT_FIELD.town}
          required
          defaultValue={values.town ?? ""}
          aria-describedby={problem("town") ? "visit-town-problem" : undefined}
          className={control}
        >
          <option value="" disabled>
            Choose the town
          </option>
          {business.cities.map((c) => (
            <option key={c.slug} value={c.name}>
              {c.name}
            </option>
          ))}
          <option value={OTHER_TOWN}>Another town</option>
        </select>
        <Problem id="visit-town-problem" text={problem("town")} />
      </div>
      <div className="other-town">
        <label htmlFor="visit-other-town" className="font-semibold text-soot-900">
          Which town?
        </label>
        <input
          id="visit-other-town"
          name={VISIT_FIELD.otherTown}
          maxLength={VISIT_LIMITS.otherTown}
          autoComplete="address-level2"
          defaultValue={values["other-town"] ?? ""}
          aria-describedby={problem("other-town") ? "visit-other-town-problem" : "visit-other-town-hint"}
          className={control}
        />
        <p id="visit-other-town-hint" className="mt-1 text-sm text-stone-600">
          For “Another town”: we will call you to arrange the visit.
        </p>
        <Problem id="visit-other-town-problem" text={problem("other-town")} />
      </div>
      <div>
        <label htmlFor="visit-street" className="font-semibold text-soot-900">
          Street address
        </label>
        <input
          id="visit-street"
          name={VISIT_FIELD.street}
          required
          minLength={3}
          maxLength={VISIT_LIMITS.street}
          autoComplete="street-address"
          placeholder="12 Elm St"
          defaultValue={values.street ?? ""}
          aria-describedby={problem("street") ? "visit-street-problem" : undefined}
          className={control}
        />
        <Problem id="visit-street-problem" text={problem("street")} />
      </div>
      <div>
        <label htmlFor="visit-notes" className="font-semibold text-soot-900">
          Anything we should know? <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id="visit-notes"
          name={VISIT_FIELD.notes}
          rows={2}
          maxLength={VISIT_LIMITS.notes}
          placeholder="Gate code, a dog, where to park…"
          defaultValue={values.notes ?? ""}
          aria-describedby={problem("notes") ? "visit-notes-problem" : undefined}
          className={control}
        />
        <Problem id="visit-notes-problem" text={problem("notes")} />
      </div>
      <button type="submit" className={cn(buttonClasses("primary", "lg"), "w-full sm:w-auto")}>
        <MapPin aria-hidden="true" className="size-5" />
        {submitLabel}
      </button>
    </form>
  );
}

export type OfferedDay = { day: string; windows: { starts: string; ends: string }[] };

/** How many days show at once; the rest wait behind "More dates". */
const FIRST_DAYS = 4;

function DayGroup({ day, thisYear }: { day: OfferedDay; thisYear: number }) {
  return (
    <fieldset className="rounded-card border border-mortar-200 bg-white p-3 sm:p-4">
      <legend className="px-1 font-serif text-lg font-bold text-soot-950">
        {dayLabel(day.day, { long: true, thisYear })}
      </legend>
      {/* Two to a row at any width: "10 am–12 pm" needs the room, on a phone as in the page's narrow column. */}
      <div className="grid grid-cols-2 gap-2">
        {day.windows.map((w) => (
          <label
            key={w.starts}
            className="flex min-h-12 cursor-pointer items-center gap-1.5 rounded-lg border-2 border-mortar-300 px-2 py-2 font-semibold text-soot-900 has-[:checked]:border-brick-700 has-[:checked]:bg-brick-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brick-700"
          >
            <input
              type="radio"
              name={VISIT_FIELD.window}
              value={windowValue({ day: day.day, starts: w.starts })}
              required
              className="size-5 shrink-0 accent-brick-700"
            />
            <span className="text-[0.9375rem] whitespace-nowrap sm:text-base">{windowLabel(w)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step two: the open windows by day, the first few days at once and the rest behind a native disclosure. */
export function WindowPicker({
  action,
  days,
  intent,
  idempotencyKey,
  submitLabel,
  thisYear,
}: {
  action: string;
  days: readonly OfferedDay[];
  intent: "book" | "move";
  idempotencyKey?: string;
  submitLabel: string;
  thisYear: number;
}) {
  const first = days.slice(0, FIRST_DAYS);
  const later = days.slice(FIRST_DAYS);
  return (
    <form method="post" action={action} className="relative grid gap-4" aria-label="Open times">
      <input type="hidden" name={VISIT_FIELD.intent} value={intent} />
      {idempotencyKey && <input type="hidden" name={VISIT_FIELD.key} value={idempotencyKey} />}
      <TrapField />
      <p className="text-soot-800">Times are {zoneLabel(business.timeZone)}: we arrive within the window you pick.</p>
      {first.map((day) => (
        <DayGroup key={day.day} day={day} thisYear={thisYear} />
      ))}
      {later.length > 0 && (
        <details className="group grid gap-4">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brick-800 underline underline-offset-4">
            More dates ({later.length} more days)
          </summary>
          <div className="mt-3 grid gap-4">
            {later.map((day) => (
              <DayGroup key={day.day} day={day} thisYear={thisYear} />
            ))}
          </div>
        </details>
      )}
      <button type="submit" className={cn(buttonClasses("primary", "lg"), "w-full sm:w-auto")}>
        <CalendarCheck aria-hidden="true" className="size-5" />
        {submitLabel}
      </button>
    </form>
  );
}

/** "Monday, November 30, 8–10 am, Central Time", the window kept on one line. */
export function VisitWhen({
  visit,
  thisYear,
}: {
  visit: { day: string; starts: string; ends: string };
  thisYear: number;
}) {
  return (
    <>
      {dayLabel(visit.day, { long: true, thisYear })}, <span className="whitespace-nowrap">{windowLabel(visit)},</span>{" "}
      {zoneLabel(business.timeZone)}
    </>
  );
}

/** The phone stays on every step: "Rather talk to us? Call … or send a text." */
export function PhoneInstead({ className = "mt-8 text-soot-800" }: { className?: string }) {
  return (
    <p className={className}>
      Rather talk to us?{" "}
      <a href={telHref(business.phone)} className="rich-link">
        Call {business.phone}
      </a>{" "}
      or{" "}
      <a href={smsHref(business.phone)} className="rich-link">
        send a text
      </a>
      .
    </p>
  );
}
