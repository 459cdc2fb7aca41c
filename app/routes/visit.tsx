// /visit/<link>: the homeowner books the free estimate visit, then sees it, moves it or cancels it. The link is the
// request's secret (server/booking/, decision 0030). Plain HTML forms, no script: every change is a POST answered with
// a 303 back here, and a GET changes nothing (mail scanners open every link). An unknown link is the 404 page.
import { CalendarX, Clock, MapPin } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/visit";
import { NotFoundContent } from "~/components/not-found-content";
import { PhoneInstead, PlaceForm, WindowPicker } from "~/components/visit-forms";
import { Booked, CallOrText, Frame, isNotice, NoticeLine } from "~/components/visit-page";
import { business } from "~/content/business";
import { notFoundSeo, seo } from "~/lib/seo";
import { readPlace, readWindow, VISIT_FIELD, VISIT_LIMITS, cleanText, type PlaceProblem } from "~/lib/visit-fields";
import { overLimit, TEXT_LIMITS, typedText } from "~/lib/text-limits";
import { dayLabel, visitLabel, windowLabel, yearIn } from "~/lib/visit-labels";
import type { Refusal } from "../../server/http/security.ts";

/** Every 429 says how long to wait. */
function retryAfter(refusal: Refusal | null): Record<string, string> {
  return refusal?.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
}

export function loader({ params, request, context }: Route.LoaderArgs) {
  const view = context.booking.view(params.token);
  if (!view) {
    const refused = context.guardVisit.miss(context.clientIp);
    return data({ state: "unknown" as const }, { status: refused ? 429 : 404, headers: retryAfter(refused) });
  }
  const url = new URL(request.url);
  const notice = url.searchParams.get("notice");
  const { lead, visit, place, settings, expired, tooLate, over } = view;
  const now = context.now();
  const thisYear = yearIn(now, business.timeZone);
  const common = {
    reference: lead.reference,
    notice: isNotice(notice) ? notice : null,
    thisYear,
    changeCutoffHours: settings.changeCutoffHours,
  };
  if (visit && visit.status !== "cancelled") {
    const moving = url.searchParams.get("move") === "1" && visit.status === "booked" && !tooLate && !over;
    return {
      ...common,
      state: "booked" as const,
      held: visit.status === "held",
      visit: {
        day: visit.day,
        starts: visit.starts,
        ends: visit.ends,
        street: visit.street,
        town: visit.town,
        notes: visit.notes,
      },
      tooLate,
      over,
      moving,
      days: moving
        ? context.booking
            .openToMove(visit, now)
            .map((d) => ({
              day: d.day,
              windows: d.windows.filter((w) => !(w.day === visit.day && w.starts === visit.starts)),
            }))
            .filter((d) => d.windows.length > 0)
            .map((d) => ({ day: d.day, windows: d.windows.map((w) => ({ starts: w.starts, ends: w.ends })) }))
        : [],
    };
  }
  if (visit) {
    return {
      ...common,
      state: "cancelled" as const,
      visit: { day: visit.day, starts: visit.starts, ends: visit.ends },
    };
  }
  if (expired) return { ...common, state: "expired" as const };
  if (!settings.enabled) return { ...common, state: "off" as const };
  const changing = url.searchParams.get("change") === "place";
  if (!place || changing) {
    const next = context.booking.open(now)[0]?.windows[0];
    return {
      ...common,
      state: "place" as const,
      values: place
        ? {
            town: place.served ? place.town : "other",
            "other-town": place.served ? "" : place.town,
            street: place.street,
            notes: place.notes,
          }
        : { town: lead.city ?? "" },
      next: next ? { day: next.day, starts: next.starts, ends: next.ends } : null,
    };
  }
  if (!place.served) return { ...common, state: "outside" as const, town: place.town };
  const days = context.booking
    .open(now)
    .map((d) => ({ day: d.day, windows: d.windows.map((w) => ({ starts: w.starts, ends: w.ends })) }));
  return {
    ...common,
    state: "pick" as const,
    place: { town: place.town, street: place.street },
    days,
    key: crypto.randomUUID(),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const back = (query = "") => redirect(`/visit/${params.token}${query}`, 303);
  const length = Number(request.headers.get("content-length") ?? NaN);
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type) || !(length <= 8192)) {
    return data({ problems: [] as PlaceProblem[], values: {}, error: "Send the form from the page." }, { status: 400 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ problems: [] as PlaceProblem[], values: {}, error: "Send the form from the page." }, { status: 400 });
  }
  const intent = String(form.get(VISIT_FIELD.intent) ?? "");
  const refused = context.guardVisit.post(request, context.clientIp, intent === "book");
  if (refused) {
    return data(
      { problems: [] as PlaceProblem[], values: {}, error: refused.error },
      { status: refused.status, headers: retryAfter(refused) },
    );
  }
  const booking = context.booking;
  // A link that is not ours: the same answer as any, and counted, so nobody can guess at links.
  const unknown = () => {
    const miss = context.guardVisit.miss(context.clientIp);
    return data(
      { problems: [] as PlaceProblem[], values: {}, error: "This link is not known." },
      { status: miss ? 429 : 404, headers: retryAfter(miss) },
    );
  };
  // A window we never offered (a made-up or garbled one): said so, on the page that lists the real ones.
  const notOffered = () =>
    data({ problems: [] as PlaceProblem[], values: {}, error: null, notice: "not-offered" as const }, { status: 422 });
  const spam = String(form.get(VISIT_FIELD.trap) ?? "") !== "";
  if (intent === "place") {
    const read = readPlace(
      form,
      business.cities.map((c) => c.name),
    );
    if (!read.ok) return data({ problems: read.problems, values: read.values, error: null }, { status: 422 });
    // A link whose visit is booked already just shows it.
    if (booking.place(params.token, read.place) === "unknown") return unknown();
    return back();
  }
  if (intent === "book" || intent === "move") {
    const choice = readWindow(form.get(VISIT_FIELD.window));
    if (!choice) return booking.knows(params.token) ? notOffered() : unknown();
    const key = cleanText(form.get(VISIT_FIELD.key)) || null;
    if (key && key.length > VISIT_LIMITS.key) {
      return data(
        { problems: [] as PlaceProblem[], values: {}, error: "Send the form from the page." },
        { status: 400 },
      );
    }
    const result =
      intent === "book" ? booking.book(params.token, choice, { key, spam }) : booking.move(params.token, choice);
    if (result.ok) return back(intent === "move" ? "?notice=moved" : "");
    const reason = result.reason;
    if (reason === "unknown") return unknown();
    if (reason === "not-offered") return notOffered();
    if (reason === "taken" || reason === "closed")
      return back(`?notice=${reason}${intent === "move" ? "&move=1" : ""}`);
    if (reason === "limit" || reason === "too-late" || reason === "off") return back(`?notice=${reason}`);
    return back();
  }
  if (intent === "cancel") {
    const reason = cleanText(form.get(VISIT_FIELD.reason), true);
    const over = overLimit(reason, TEXT_LIMITS.visit.reason);
    // Said next to the box, with what was typed in it, on the visit's own page.
    if (over)
      return data(
        {
          problems: [] as PlaceProblem[],
          values: {},
          error: null,
          cancelRefused: { error: over, reason: typedText(form.get(VISIT_FIELD.reason)) },
        },
        { status: 422 },
      );
    const result = booking.cancel(params.token, reason);
    if (!result.ok && result.reason === "unknown") return unknown();
    if (!result.ok && result.reason === "too-late") return back("?notice=too-late");
    return back();
  }
  return booking.knows(params.token) ? back() : unknown();
}

/** The loader's and the action's own headers (Retry-After on a 429) reach the document. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("retry-after") ? actionHeaders : loaderHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData?.state === "unknown"
    ? notFoundSeo()
    : seo({
        title: `Your Free Estimate Visit | ${business.name}`,
        description: "Book, move or cancel your free estimate visit.",
        path: "/visit",
        noindex: true,
      });

export default function Visit({ loaderData, actionData, params }: Route.ComponentProps) {
  const here = `/visit/${params.token}`;
  if (loaderData.state === "unknown") return <NotFoundContent />;
  const { thisYear } = loaderData;
  const notice = actionData && "notice" in actionData ? actionData.notice : loaderData.notice;
  if (actionData?.error) {
    return (
      <Frame>
        <h1 className="text-3xl font-bold">Please try again</h1>
        <p className="mt-4 text-lg text-soot-800">{actionData.error}</p>
        <p className="mt-6">
          <a href={here} className="rich-link">
            Back to your visit
          </a>
        </p>
      </Frame>
    );
  }
  switch (loaderData.state) {
    case "place":
      return (
        <Frame>
          <NoticeLine notice={notice} />
          <p className="font-semibold text-brick-700">Free estimate · {loaderData.reference}</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Pick a time for the free estimate</h1>
          <p className="mt-3 text-lg text-soot-800">
            First, where is the house?{" "}
            {loaderData.next && (
              <>
                The next open time is{" "}
                <strong>
                  {dayLabel(loaderData.next.day, { thisYear })}, {windowLabel(loaderData.next)}
                </strong>
                .
              </>
            )}
          </p>
          <div className="mt-6 rounded-card border border-mortar-200 bg-white p-5 shadow-card sm:p-7">
            <PlaceForm
              action={here}
              values={actionData?.values ?? loaderData.values}
              problems={actionData?.problems ?? []}
            />
          </div>
          <PhoneInstead />
        </Frame>
      );
    case "outside":
      return (
        <Frame>
          <MapPin aria-hidden="true" className="size-12 text-brick-700" />
          <h1 className="mt-3 text-3xl font-bold">We will call you to arrange the visit</h1>
          <p className="mt-4 text-lg text-soot-800">
            We do not book visits in {loaderData.town} online, but your request stands: we will call you to find a time
            that works. Reference {loaderData.reference}.
          </p>
          <CallOrText className="mt-6 flex flex-wrap gap-3" />
          <p className="mt-6">
            <a href={`${here}?change=place`} className="rich-link">
              Wrong town? Change the address
            </a>
          </p>
        </Frame>
      );
    case "pick":
      return (
        <Frame>
          <NoticeLine notice={notice} />
          <p className="font-semibold text-brick-700">Free estimate · {loaderData.reference}</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Pick a time for the free estimate</h1>
          <p className="mt-3 text-soot-800">
            At {loaderData.place.street}, {loaderData.place.town}.{" "}
            <a href={`${here}?change=place`} className="rich-link">
              Change
            </a>
          </p>
          <div className="mt-6">
            {loaderData.days.length > 0 ? (
              <WindowPicker
                action={here}
                days={loaderData.days}
                intent="book"
                idempotencyKey={loaderData.key}
                submitLabel="Book this time"
                thisYear={thisYear}
              />
            ) : (
              <p className="rounded-lg bg-mortar-100 px-4 py-3 text-lg">
                Every time in the next weeks is taken. Your request stands: call or text us and we will find one.
              </p>
            )}
          </div>
          <PhoneInstead />
        </Frame>
      );
    case "booked":
      return (
        <Booked
          data={{ ...loaderData, notice }}
          here={here}
          cancelRefused={actionData && "cancelRefused" in actionData ? actionData.cancelRefused : null}
        />
      );
    case "cancelled":
      return (
        <Frame>
          <CalendarX aria-hidden="true" className="size-12 text-brick-700" />
          <h1 className="mt-3 text-3xl font-bold">Visit cancelled</h1>
          <p className="mt-4 text-lg text-soot-800">
            The visit on {visitLabel(loaderData.visit, business.timeZone, { thisYear })} is cancelled. Would you like
            another time? Call or text us. Reference {loaderData.reference}.
          </p>
          <CallOrText className="mt-6 flex flex-wrap gap-3" />
        </Frame>
      );
    case "expired":
    case "off":
      return (
        <Frame>
          <Clock aria-hidden="true" className="size-12 text-brick-700" />
          <h1 className="mt-3 text-3xl font-bold">
            {loaderData.state === "off" ? "Booking online is paused" : "This link has expired"}
          </h1>
          <p className="mt-4 text-lg text-soot-800">
            Call or text us and we will arrange the visit. Reference {loaderData.reference}.
          </p>
          <CallOrText className="mt-6 flex flex-wrap gap-3" />
        </Frame>
      );
  }
}
