// The homeowner's visit page's parts (app/routes/visit.tsx): the notices a change leaves, the frame, the way to call
// or text, and the booked visit with its move and cancel. Plain HTML that works without JavaScript.
import { CalendarX, CircleCheck, MapPin, MessageSquare, Phone, TriangleAlert } from "lucide-react";
import { ButtonLink } from "~/components/ui/button-link";
import { TrapField, VisitWhen, WindowPicker, type OfferedDay } from "~/components/visit-forms";
import { business } from "~/content/business";
import { smsHref, telHref } from "~/lib/links";
import { VISIT_FIELD, VISIT_LIMITS } from "~/lib/visit-fields";
import { visitLabel } from "~/lib/visit-labels";

/** Notices the page shows after a change, named in the URL (nothing else from the URL is shown). */
export const NOTICES = {
  taken: "That time was just taken by someone else. Here are the next open times:",
  closed: "That time is no longer open. Here are the next open times:",
  "not-offered": "We do not offer that time. Pick one of the times below.",
  limit: "You already have two visits booked with us. To book another, call or text us.",
  "too-late": "It is too close to the visit to change it online. Please call or text us.",
  moved: "Your visit has moved. We sent you an e-mail with the new time.",
  off: "Booking online is paused just now. Please call or text us to arrange the visit.",
} as const;
export type Notice = keyof typeof NOTICES;

export const isNotice = (value: string | null): value is Notice => value !== null && Object.hasOwn(NOTICES, value);

export function CallOrText({ className }: { className?: string }) {
  return (
    <div className={className ?? "flex flex-wrap gap-3"}>
      <ButtonLink href={telHref(business.phone)} variant="secondary">
        <Phone aria-hidden="true" className="size-4" />
        Call {business.phone}
      </ButtonLink>
      <ButtonLink href={smsHref(business.phone)} variant="secondary">
        <MessageSquare aria-hidden="true" className="size-4" />
        Text
      </ButtonLink>
    </div>
  );
}

export function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section id="hero" className="py-10 sm:py-16">
      <div className="mx-auto max-w-2xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

export function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const good = notice === "moved";
  return (
    <p
      role={good ? "status" : "alert"}
      className={
        good
          ? "mb-6 rounded-lg bg-green-50 px-4 py-3 font-semibold text-green-900"
          : "mb-6 rounded-lg bg-brick-100 px-4 py-3 font-semibold text-brick-900"
      }
    >
      {NOTICES[notice]}
    </p>
  );
}

/** What the loader gives a booked (or held) visit's page. */
export type BookedData = {
  reference: string;
  notice: Notice | null;
  thisYear: number;
  changeCutoffHours: number;
  held: boolean;
  visit: { day: string; starts: string; ends: string; street: string; town: string; notes: string };
  tooLate: boolean;
  over: boolean;
  moving: boolean;
  days: OfferedDay[];
};

export function Booked({
  data: d,
  here,
  cancelRefused,
}: {
  data: BookedData;
  here: string;
  /** A reason over its limit: the words, and the reason as typed, back in the box. */
  cancelRefused: { error: string; reason: string } | null;
}) {
  const when = visitLabel(d.visit, business.timeZone, { long: true, thisYear: d.thisYear });
  if (d.moving) {
    return (
      <Frame>
        <NoticeLine notice={d.notice} />
        <h1 className="text-3xl font-bold">Move your visit</h1>
        <p className="mt-3 text-soot-800">
          Now: <strong>{when}</strong>. Pick a new time; your old one is freed when you do.{" "}
          <a href={here} className="rich-link">
            Keep this time
          </a>
        </p>
        <div className="mt-6">
          <WindowPicker
            action={`${here}?move=1`}
            days={d.days}
            intent="move"
            submitLabel="Move to this time"
            thisYear={d.thisYear}
          />
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <NoticeLine notice={d.notice} />
      <CircleCheck aria-hidden="true" className="size-14 text-green-700" />
      <h1 className="mt-3 text-4xl font-bold">{d.over ? "Your visit" : "Booked"}</h1>
      <div className="mt-5 rounded-card border border-mortar-200 bg-white p-5 shadow-card sm:p-7">
        <p className="text-xl font-bold text-soot-950" data-testid="visit-window">
          <VisitWhen visit={d.visit} thisYear={d.thisYear} />
        </p>
        <p className="mt-1 text-soot-800">We arrive within this window.</p>
        <p className="mt-3 flex items-start gap-2 text-soot-900">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-700" />
          <span>
            {d.visit.street}, {d.visit.town}
          </span>
        </p>
        <p className="mt-3 text-sm text-stone-600">Reference {d.reference}</p>
      </div>
      {d.held ? (
        <p className="mt-6 text-lg text-soot-800">We will confirm this time by phone.</p>
      ) : (
        <>
          <h2 className="mt-8 font-sans text-xl font-bold">What happens next</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg text-soot-800">
            <li>We sent you an e-mail with the visit in a calendar invite.</li>
            <li>The day before, we remind you by e-mail.</li>
            <li>
              We come in the window, look at the chimney or brickwork with you, and send you a written quote. Someone
              over 18 needs to be home; it takes about an hour.
            </li>
          </ol>
        </>
      )}
      <h2 className="mt-8 font-sans text-xl font-bold">Questions?</h2>
      <CallOrText className="mt-3 flex flex-wrap gap-3" />
      {!d.over && !d.held && (
        <div className="mt-10 border-t border-mortar-200 pt-6">
          {d.tooLate ? (
            <p className="flex gap-2 text-soot-800">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-700" />
              It is less than {d.changeCutoffHours} hours to the visit: to move or cancel it, please call or text us.
            </p>
          ) : (
            <>
              <p className="mb-3 text-lg text-soot-800">Keeping it? There is nothing to do: we see you then.</p>
              <a href={`${here}?move=1`} className="rich-link text-lg font-semibold">
                Move the visit
              </a>
              <details className="mt-4" open={cancelRefused !== null || undefined}>
                <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold text-brick-800 underline underline-offset-4">
                  Cancel the visit
                </summary>
                <form method="post" action={here} className="relative mt-3 grid gap-3">
                  <input type="hidden" name={VISIT_FIELD.intent} value="cancel" />
                  <TrapField />
                  <label htmlFor="visit-reason" className="font-semibold text-soot-900">
                    Why? <span className="font-normal text-stone-600">(optional)</span>
                  </label>
                  {cancelRefused && (
                    <p id="visit-reason-problem" className="font-semibold text-brick-800">
                      {cancelRefused.error}
                    </p>
                  )}
                  <textarea
                    id="visit-reason"
                    name={VISIT_FIELD.reason}
                    rows={2}
                    maxLength={VISIT_LIMITS.reason}
                    defaultValue={cancelRefused?.reason}
                    aria-invalid={cancelRefused !== null || undefined}
                    aria-describedby={cancelRefused ? "visit-reason-problem" : undefined}
                    className="block w-full rounded-lg border border-stone-400 bg-white px-3.5 py-3 text-base"
                  />
                  <button
                    type="submit"
                    className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-brick-800 px-5 py-2.5 font-semibold text-brick-800 hover:bg-brick-100 sm:justify-self-start"
                  >
                    <CalendarX aria-hidden="true" className="size-4" />
                    Cancel the visit
                  </button>
                </form>
              </details>
            </>
          )}
        </div>
      )}
    </Frame>
  );
}
