// /owner/requests/<id>: one request on one screen. Call, text, e-mail and directions first; then the message,
// where it came from, its e-mails, the status buttons, notes and the history of changes.
import { data, redirect } from "react-router";
import type { Route } from "./+types/request";
import { boxText, field, idParam, notFound, requireOwner, unknownIntent } from "./guard.server";
import { openSiteRepo, savedReviewUrl } from "./site-files.server";
import { StatusBadge } from "./status";
import { Button, Card, consoleButton, CsrfField, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { telHref } from "~/lib/links";
import { cn } from "~/lib/cn";
import { overLimit, TEXT_LIMITS, typedBack } from "~/lib/text-limits";
import { isLeadStatus, LEAD_STATUSES, statusLabel } from "~/lib/lead-status";
import { deliveryState } from "../../../server/requests/estimate-store.ts";
import { attributionRows, localTime } from "../../../server/requests/lead-mail.ts";
import { decodeRefusals, photoCount, refusalText } from "~/lib/estimate-photos";
import { visitLabel, yearIn } from "~/lib/visit-labels";
import { mapsHref } from "../../../server/booking/visit-mail.ts";
import { ownerWindows, REFUSAL_WORDS } from "./visits.server";
import { WindowChoices } from "./window-choices";
import { QuoteStatusBadge } from "./quote-status";
import { formatCents } from "../../../server/quotes/money.ts";
import { readVersion } from "../../../server/quotes/document.ts";
import { quoteStatus } from "../../../server/quotes/quote-status.ts";
import { RequestCustomer } from "./request-customer";
import { requestCustomer } from "./request-customer.server";

const DONE = {
  visit: "Visit booked. The homeowner gets an e-mail with a calendar invite.",
  status: "Status saved.",
  note: "Note added.",
  restored: "Restored: it is in the inbox now.",
  review: "Review request queued: one e-mail goes out now.",
} as const;

/** What each e-mail is, in the owner's words. */
const MAIL_WORDS: Record<string, string> = {
  "owner-alert": "Alert to you",
  confirmation: "Confirmation to the homeowner",
  reminder: "Reminder to you",
  "review-request": "Review request",
  "visit-invite": "Visit invite to the homeowner",
  "visit-owner": "Visit in your calendar",
  "visit-reminder": "Visit reminder to the homeowner",
};

/** Directions to the town: a link to the map, opened by the owner's phone (nothing is fetched from here). */
function directionsHref(city: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${city}, IL`)}`;
}

/** What the request's review card shows: asked already (and when), can ask, needs the link first, or nothing. */
function reviewState(
  lead: { status: string; spam: number },
  reviewUrl: string | null,
  deliveries: { kind: string; sent_at: string | null; created_at: string }[],
) {
  const asked = deliveries.find((d) => d.kind === "review-request");
  if (asked) return { state: "asked" as const, at: localTime(asked.sent_at ?? asked.created_at) };
  if (lead.status !== "won" || lead.spam) return { state: "none" as const };
  return { state: reviewUrl ? ("ready" as const) : ("no-link" as const) };
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { estimates, owner: console_ } = args.context;
  const id = idParam(args.params.id);
  const lead = id === null ? undefined : estimates.get(id);
  if (!lead) notFound();
  const history = [
    ...console_.audit.forLead(lead.id).map((a) => ({ at: a.at, text: a.detail ? `${a.event}: ${a.detail}` : a.event })),
    ...estimates.notes(lead.id).map((n) => ({ at: n.at, text: `Note: ${n.text}` })),
    ...estimates.visits.events(lead.id).map((e) => ({
      at: e.at,
      text: `Visit ${e.event}${e.detail ? `: ${e.detail}` : ""} (by ${e.by === "owner" ? "you" : "the homeowner"})`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const thisYear = yearIn(args.context.now(), business.timeZone);
  const visitRow = estimates.visits.forLead(lead.id);
  const place = estimates.visits.place(lead.id);
  const visit = visitRow
    ? {
        id: visitRow.id,
        status: visitRow.status,
        when: visitLabel(visitRow, business.timeZone, { long: true, thisYear }),
        address: `${visitRow.street}, ${visitRow.town}`,
        mapHref: mapsHref(visitRow),
        notes: visitRow.notes,
        by: visitRow.booked_by,
        reason: visitRow.cancel_reason,
      }
    : null;
  const done = new URL(args.request.url).searchParams.get("done");
  openSiteRepo(args.context);
  const reviewUrl = savedReviewUrl();
  return {
    csrf: owner.csrf,
    done: done !== null && done in DONE ? (done as keyof typeof DONE) : null,
    lead: {
      id: lead.id,
      reference: lead.reference,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      service: lead.service || "No service chosen",
      city: lead.city,
      message: lead.message,
      status: lead.status,
      spam: lead.spam === 1,
      received: localTime(lead.received_at),
      statusAt: lead.status_at ? localTime(lead.status_at) : null,
    },
    photos: estimates.photos(lead.id).map((p) => ({
      href: `/owner/requests/${lead.id}/photos/${p.position}`,
      position: p.position,
      // The preview's size, from the stored photo's proportions (no layout shift while they load).
      width: Math.round((p.width / Math.max(p.width, p.height)) * 640),
      height: Math.round((p.height / Math.max(p.width, p.height)) * 640),
    })),
    photosRefused: decodeRefusals(lead.photos_refused).map(refusalText),
    origin: attributionRows(lead),
    mail: estimates.deliveries(lead.id).map((m) => ({
      kind: MAIL_WORDS[m.kind] ?? m.kind,
      state: deliveryState(m),
      at: m.sent_at ? localTime(m.sent_at) : m.failed_at ? localTime(m.failed_at) : null,
      attempts: m.attempts,
    })),
    history: history.map((h) => ({ at: localTime(h.at), text: h.text })),
    review: reviewState(lead, reviewUrl, estimates.deliveries(lead.id)),
    visit,
    customer: requestCustomer(args.context, lead.id),
    // The owner books the visit for a caller: where (what the homeowner typed, if anything) and the open windows.
    book:
      visit && visit.status !== "cancelled"
        ? null
        : {
            town: place?.served ? place.town : (lead.city ?? ""),
            street: place?.street ?? "",
            notes: place?.notes ?? "",
            days: ownerWindows(args.context.booking.openForOwner().slice(0, 10), thisYear),
          },
    quotes: estimates.quotes.forEstimate(lead.id).map((q) => {
      const v = q.current_version === null ? undefined : estimates.quotes.version(q.id, q.current_version);
      const totals = v ? readVersion(v.body, v.sha256).options.map((o) => formatCents(o.total)) : [];
      return {
        id: q.id,
        reference: q.reference,
        status: quoteStatus(q, args.context.quotes.now()),
        totals: totals.join(" / "),
        updated: localTime(q.updated_at),
      };
    }),
  };
}

const LIMIT = TEXT_LIMITS.request;
/** What the owner typed into a refused box, shown again. */
type Typed = { note?: string; town?: string; street?: string; notes?: string };
export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const { estimates, owner: console_, clientIp, notifyTo, confirmations } = args.context;
  const id = idParam(args.params.id);
  const lead = id === null ? undefined : estimates.get(id);
  if (!lead) notFound();
  const intent = field(owner.form, "intent", 20);
  const back = (done: string) =>
    redirect(`/owner/requests/${lead.id}?done=${done}`, { headers: { "Cache-Control": "no-store" } });
  if (intent === "status") {
    const status = field(owner.form, "status", 20);
    if (!isLeadStatus(status)) return data({ error: "Choose one of the statuses." }, { status: 400 });
    if (status !== lead.status) {
      estimates.setStatus(lead.id, status);
      console_.audit.log("status", { ip: clientIp, estimateId: lead.id, detail: `${lead.status} → ${status}` });
    }
    return back("status");
  }
  if (intent === "note") {
    const text = boxText(owner.form, "note");
    const over = overLimit(text, LIMIT.note);
    if (over) return data({ error: over, typed: { note: text } }, { status: 400 });
    if (!text) return data({ error: "Write the note first." }, { status: 400 });
    estimates.addNote(lead.id, text);
    console_.audit.log("note added", { ip: clientIp, estimateId: lead.id });
    return back("note");
  }
  if (intent === "restore") {
    const restored = estimates.restore(lead.id, {
      notifyTo,
      confirm: confirmations.enabled,
      confirmationPeriodHours: confirmations.periodHours,
    });
    if (restored) {
      console_.audit.log("restored from spam", { ip: clientIp, estimateId: lead.id });
      // A visit it booked while in spam takes its window now, if the window is still free.
      args.context.booking.confirmHeld(lead.id);
    }
    return back("restored");
  }
  if (intent === "book-visit") {
    const chosen = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(field(owner.form, "window", 20));
    const typed: Typed = {
      town: boxText(owner.form, "town"),
      street: boxText(owner.form, "street"),
      notes: boxText(owner.form, "notes"),
    };
    const over = (["town", "street", "notes"] as const).map((k) => overLimit(typed[k] ?? "", LIMIT[k])).find(Boolean);
    if (over) return data({ error: over, typed }, { status: 400 });
    const { town = "", street = "", notes = "" } = typed;
    if (!chosen || town.length < 2 || street.length < 3) {
      return data({ error: "Pick a time, and give the town and street." }, { status: 400 });
    }
    const result = args.context.booking.ownerBook(
      lead.id,
      { day: chosen[1] as string, starts: chosen[2] as string },
      { town, street, notes },
    );
    if (!result.ok) return data({ error: REFUSAL_WORDS[result.reason] }, { status: 409 });
    console_.audit.log("visit booked", {
      ip: clientIp,
      estimateId: lead.id,
      detail: `${result.visit.day} ${result.visit.starts}`,
    });
    return back("visit");
  }
  if (intent === "new-quote") {
    // The seam (server/quotes/quote-service.ts draftFor): a draft for this request, edited on its own screen.
    if (lead.spam) return data({ error: "Restore the request from spam first." }, { status: 400 });
    const quote = args.context.quotes.draftFor(lead.id);
    console_.audit.log("quote started", { ip: clientIp, estimateId: lead.id, detail: quote.reference });
    return redirect(`/owner/quotes/${quote.id}`, { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === "review") {
    // Only by the owner's tap, once, for a won request that is not spam, and only with a link to send.
    openSiteRepo(args.context);
    if (!savedReviewUrl())
      return data({ error: "Add your review link first: Site → Business facts → Review link." }, { status: 400 });
    const result = estimates.requestReview(lead.id);
    if (result === "not-won")
      return data({ error: "Only a request marked won can ask for a review." }, { status: 400 });
    if (result === "already") return data({ error: "A review was already asked for this request." }, { status: 409 });
    console_.audit.log("review requested", { ip: clientIp, estimateId: lead.id });
    return back("review");
  }
  unknownIntent();
}

export const meta = () => [{ title: "Request | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function RequestScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, origin, mail, history, csrf, done, review, photos, photosRefused, visit, book, quotes } = loaderData;
  const typed: Typed = typedBack(actionData);
  const subject = `Your estimate request (${lead.reference})`;
  const actions = [
    { label: "Call", href: telHref(lead.phone) },
    { label: "Text", href: `sms:${lead.phone.replace(/[^\d+]/g, "")}` },
    { label: "E-mail", href: `mailto:${lead.email}?subject=${encodeURIComponent(subject)}` },
    ...(lead.city ? [{ label: "Directions", href: directionsHref(lead.city) }] : []),
  ];
  return (
    <>
      <p className="mb-3">
        <a
          href={lead.spam ? "/owner/spam" : "/owner"}
          className="font-semibold text-brick-800 underline underline-offset-4"
        >
          ← {lead.spam ? "Spam" : "Inbox"}
        </a>
      </p>
      {done && <Notice>{DONE[done]}</Notice>}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      <PageTitle sub={`${lead.service}${lead.city ? `, ${lead.city}` : ""} · ${lead.reference}`}>{lead.name}</PageTitle>
      {lead.spam && (
        <Card className="mb-4 border-brick-300">
          <p className="mb-3">The spam trap caught this request. If it is real, restore it: its e-mails go out then.</p>
          <form method="post">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="restore" />
            <Button variant="dark">Not spam: restore</Button>
          </form>
        </Card>
      )}
      <ul className="mb-5 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {actions.map((a) => (
          <li key={a.label}>
            <a href={a.href} className={cn(consoleButton(a.label === "Call" ? "primary" : "quiet"), "w-full")}>
              {a.label}
            </a>
          </li>
        ))}
      </ul>
      <RequestCustomer customer={loaderData.customer} />
      <VisitSection visit={visit} book={book} csrf={csrf} typed={typed} />
      <Card className="mb-4">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Phone</dt>
          <dd>{lead.phone}</dd>
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">{lead.email}</dd>
          <dt className="font-semibold">Town</dt>
          <dd>{lead.city ?? "Not given"}</dd>
          <dt className="font-semibold">Received</dt>
          <dd>{lead.received}</dd>
        </dl>
        <h2 className="mt-4 font-serif text-xl font-bold">Message</h2>
        <p className="mt-1 whitespace-pre-wrap">{lead.message}</p>
        {(photos.length > 0 || photosRefused.length > 0) && (
          <section aria-labelledby="photos-heading" className="mt-4">
            <h2 id="photos-heading" className="font-serif text-xl font-bold">
              Photos ({photoCount(photos.length)})
            </h2>
            {photos.length > 0 && (
              <>
                <p className="text-sm text-soot-800">Tap a photo to see it full size.</p>
                <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {photos.map((p) => (
                    <li key={p.position}>
                      <a href={p.href} className="block overflow-hidden rounded-lg border-2 border-mortar-300">
                        <img
                          src={`${p.href}-small`}
                          width={p.width}
                          height={p.height}
                          alt={`Photo ${p.position} from ${lead.name}`}
                          className="aspect-square h-auto w-full bg-mortar-100 object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {photosRefused.length > 0 && (
              <ul className="mt-2 space-y-1 font-semibold text-brick-800" data-testid="photos-refused">
                {photosRefused.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </section>
        )}
      </Card>

      {!lead.spam && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Quotes</h2>
          {quotes.length > 0 && (
            <ul className="mt-2 space-y-2">
              {quotes.map((q) => (
                <li key={q.id}>
                  <a
                    href={`/owner/quotes/${q.id}`}
                    className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 rounded-lg border border-mortar-200 px-3 py-2"
                  >
                    <span className="font-semibold underline underline-offset-4">{q.reference}</span>
                    <QuoteStatusBadge status={q.status} />
                    <span className="w-full text-sm text-soot-800">
                      {q.totals ? `${q.totals} · ` : ""}
                      {q.updated}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          <form method="post" className="mt-3">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="new-quote" />
            <Button className="w-full">New quote</Button>
          </form>
        </Card>
      )}

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">
          Status: <StatusBadge status={lead.status} />
        </h2>
        {lead.statusAt && <p className="text-sm text-soot-800">Changed {lead.statusAt}</p>}
        <form method="post" className="mt-3 flex flex-wrap gap-2">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="status" />
          {LEAD_STATUSES.map((s) => (
            <button
              key={s}
              name="status"
              value={s}
              aria-pressed={s === lead.status}
              className={consoleButton(s === lead.status ? "dark" : "quiet")}
            >
              {statusLabel(s)}
            </button>
          ))}
        </form>
        <form method="post" className="mt-4">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="note" />
          <label className="block">
            <span className="font-semibold">Add a note</span>
            <textarea
              name="note"
              rows={3}
              maxLength={LIMIT.note.max}
              defaultValue={typed.note}
              required
              className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
            />
          </label>
          <Button variant="dark" className="mt-2">
            Save note
          </Button>
        </form>
      </Card>

      {review.state !== "none" && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Review</h2>
          {review.state === "asked" && <p className="mt-1">Review asked {review.at}. It is asked once only.</p>}
          {review.state === "no-link" && (
            <p className="mt-1">
              To ask for a review, add your review link first:{" "}
              <a href="/owner/site/edit/business" className="font-semibold underline underline-offset-4">
                Business facts
              </a>
              .
            </p>
          )}
          {review.state === "ready" && (
            <form method="post" className="mt-1">
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="review" />
              <p className="mb-2">
                One e-mail to {lead.email} with your review link. It goes once; no more will follow.
              </p>
              <Button>Ask for a review</Button>
            </form>
          )}
        </Card>
      )}

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">History</h2>
        {history.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <ol className="mt-2 space-y-1">
            {history.map((h, i) => (
              <li key={i}>
                <span className="text-sm text-soot-800">{h.at}</span> · {h.text}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">E-mails</h2>
        {mail.length === 0 ? (
          <p>No e-mail for this request.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {mail.map((m, i) => (
              <li key={i}>
                <span className="font-semibold">{m.kind}</span>: {m.state}
                {m.at ? ` ${m.at}` : ""}
                {m.state !== "sent" && m.attempts > 0 ? ` (${m.attempts} attempts)` : ""}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card>
        <h2 className="font-serif text-xl font-bold">Where it came from</h2>
        {origin.length === 0 ? (
          <p>Not recorded.</p>
        ) : (
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
            {origin.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      <p className="mt-4 text-sm text-soot-800">
        {business.name} · request #{lead.id}
      </p>
    </>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

/** The request's visit: when and where, or the owner's form to book one for a caller. */
function VisitSection({
  visit,
  book,
  csrf,
  typed,
}: {
  visit: Loaded["visit"];
  book: Loaded["book"];
  csrf: string;
  typed: Typed;
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
