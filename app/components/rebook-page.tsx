// The booking link's page (app/routes/rebook.tsx): plain HTML forms that work without JavaScript. The next open time is
// a button of its own (one tap books it), the other times are the visit page's picker, and with no time to offer one
// tap asks us to call instead.
import { CalendarCheck, CalendarClock, CircleCheck, Clock, MapPin, PhoneCall } from "lucide-react";
import { business } from "~/content/business";
import { dayLabel, visitLabel, windowLabel, zoneLabel } from "~/lib/visit-labels";
import { VISIT_FIELD, windowValue } from "~/lib/visit-fields";
import { buttonClasses } from "./ui/button-link";
import { PhoneInstead, TrapField, WindowPicker } from "./visit-forms";

type Day = { day: string; windows: { starts: string; ends: string }[] };

export type RebookPageView = { thisYear: number; key: string } & (
  | { state: "expired" | "gone" | "already" | "asked" }
  | { state: "booked"; visitDay: string; visitStarts: string; visitEnds: string }
  | { state: "pick" | "ask"; name: string; street: string; town: string; served: boolean; days: Day[] }
);

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section id="hero" className="py-10 sm:py-16">
      <div className="mx-auto max-w-2xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

function Message({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <Frame>
      {icon}
      <h1 className="mt-3 text-3xl font-bold">{title}</h1>
      <div className="mt-4 text-lg text-soot-800">{children}</div>
      <PhoneInstead />
    </Frame>
  );
}

/** The next open time as one button: the one tap. */
function OneTap({ here, first, keyValue, thisYear }: { here: string; first: Day; keyValue: string; thisYear: number }) {
  const w = first.windows[0];
  if (!w) return null;
  return (
    <form method="post" action={here} className="relative mt-6">
      <input type="hidden" name={VISIT_FIELD.intent} value="book" />
      <input type="hidden" name={VISIT_FIELD.window} value={windowValue({ day: first.day, starts: w.starts })} />
      <input type="hidden" name={VISIT_FIELD.key} value={keyValue} />
      <TrapField />
      <button type="submit" className={`${buttonClasses("primary", "lg")} w-full justify-center text-left sm:w-auto`}>
        <CalendarCheck aria-hidden="true" className="size-5 shrink-0" />
        <span>
          Book {dayLabel(first.day, { long: true, thisYear })},{" "}
          <span className="whitespace-nowrap">{windowLabel(w)}</span>
        </span>
      </button>
      <p className="mt-2 text-soot-800">We arrive within that window ({zoneLabel(business.timeZone)}).</p>
    </form>
  );
}

function AskForACall({ here }: { here: string }) {
  return (
    <form method="post" action={here} className="relative mt-6">
      <input type="hidden" name={VISIT_FIELD.intent} value="ask" />
      <TrapField />
      <button type="submit" className={`${buttonClasses("primary", "lg")} w-full justify-center sm:w-auto`}>
        <PhoneCall aria-hidden="true" className="size-5" />
        Ask us to call you to book
      </button>
    </form>
  );
}

export function RebookPage({ view, here, error }: { view: RebookPageView; here: string; error: string | null }) {
  const { thisYear } = view;
  if (error) {
    return (
      <Message icon={<Clock aria-hidden="true" className="size-12 text-brick-700" />} title="Please try again">
        <p>{error}</p>
        <p className="mt-4">
          <a href={here} className="rich-link">
            Back to the times
          </a>
        </p>
      </Message>
    );
  }
  switch (view.state) {
    case "booked":
      return (
        <Message icon={<CircleCheck aria-hidden="true" className="size-12 text-green-700" />} title="You are booked">
          <p>
            Your inspection is on{" "}
            <strong>
              {visitLabel({ day: view.visitDay, starts: view.visitStarts, ends: view.visitEnds }, business.timeZone, {
                long: true,
                thisYear,
              })}
            </strong>
            . Our e-mail has the link to move or cancel it.
          </p>
        </Message>
      );
    case "asked":
      return (
        <Message icon={<CircleCheck aria-hidden="true" className="size-12 text-green-700" />} title="We will call you">
          <p>We have your request for the yearly inspection and will call you to find a time.</p>
        </Message>
      );
    case "already":
      return (
        <Message icon={<CalendarClock aria-hidden="true" className="size-12 text-brick-700" />} title="We are on it">
          <p>You already have a visit booked or a request with us. Our e-mail about it has its link.</p>
        </Message>
      );
    case "expired":
    case "gone":
      return (
        <Message icon={<Clock aria-hidden="true" className="size-12 text-brick-700" />} title="This link has expired">
          <p>Call or text us, or send the estimate form, and we will book your inspection.</p>
        </Message>
      );
  }
  const [first, ...rest] = view.days;
  return (
    <Frame>
      <p className="font-semibold text-brick-700">Yearly chimney inspection</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Book your inspection, {view.name}</h1>
      <p className="mt-3 flex items-start gap-2 text-lg text-soot-800">
        <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brick-700" />
        <span>{[view.street, view.town].filter(Boolean).join(", ") || "Your home"}</span>
      </p>
      {first ? (
        <>
          <OneTap here={here} first={first} keyValue={view.key} thisYear={thisYear} />
          {(rest.length > 0 || first.windows.length > 1) && (
            <details className="mt-8">
              <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brick-800 underline underline-offset-4">
                Another time
              </summary>
              <div className="mt-4">
                <WindowPicker
                  action={here}
                  days={view.days}
                  intent="book"
                  idempotencyKey={view.key}
                  submitLabel="Book this time"
                  thisYear={thisYear}
                />
              </div>
            </details>
          )}
        </>
      ) : (
        <>
          <p className="mt-4 text-lg text-soot-800">
            {view.served
              ? "We have no time to offer online just now. One tap and we call you to book it."
              : "We book this address by phone. One tap and we call you to find a time."}
          </p>
          <AskForACall here={here} />
        </>
      )}
      <PhoneInstead />
    </Frame>
  );
}
