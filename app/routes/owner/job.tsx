// /owner/jobs/<id>: one job on one screen, made for a phone (decision 0045). The work days with their arrival windows;
// add one from the open days (busy ones in his calendars marked), move it, remove it, "Rain day" to the next open day;
// "On my way" on today's day (once a day: then when it went and the text to send from his own phone); "Job done",
// which makes the invoice's draft and asks for the review, after asking what to do with the days left after today
// (job-done.tsx, job-done.server.ts). Each change e-mails the homeowner the day's invite.
import { data, redirect } from "react-router";
import type { Route } from "./+types/job";
import { field, idParam, notFound, requireOwner, unknownIntent } from "./guard.server";
import { Button, Card, consoleButton, CsrfField, Notice, PageTitle } from "./ui";
import { jobDone } from "./job-done.server";
import { JobDoneForm, LaterDaysQuestion, type LaterDay } from "./job-done";
import { BookNextYearCard } from "./next-year-parts";
import { nextYearOffer } from "./next-year.server";
import { business } from "~/content/business";
import { dayLabel, windowLabel, yearIn } from "~/lib/visit-labels";
import type { OfferedDay } from "../../../server/jobs/work-days.ts";

const DONE = {
  added: "Work day added.",
  moved: "Work day moved.",
  removed: "Work day removed.",
  rain: "Rain day: moved to the next open day, same window.",
  "on-my-way": "On my way: noted for today.",
  done: "Job done. The invoice's draft is ready: check it and send it.",
} as const;

/** What the homeowner hears, said once after each change. */
const TOLD = "The homeowner gets an e-mail with the day in their calendar invite.";
const TOLD_ON_MY_WAY = "The homeowner's e-mail goes out now, with your window and number.";
const NO_MAIL = "E-mail is not set up on this server, so nothing was e-mailed.";
const CANCEL_TOLD = "The homeowner gets an e-mail for each, taking it off their calendar.";

type ActionResult = { error: string } | { link: string } | { ask: LaterDay[] };

function loadJob(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = idParam(args.params.id);
  const job = id === null ? undefined : args.context.jobs.get(id);
  if (!job) notFound();
  return job;
}

const clockTime = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
  hour: "numeric",
  minute: "2-digit",
});

type DayChoices = { day: string; label: string; windows: { value: string; label: string }[] };

/** Offered days as the owner picks one: a day to a group, each window "Tue, Dec 1, 8–10 am" (busy ones said). */
function choices(days: readonly OfferedDay[], thisYear: number): DayChoices[] {
  return days
    .filter((d) => d.windows.length > 0)
    .map((d) => {
      const label = `${dayLabel(d.day, { thisYear })}${d.busy ? " — busy in your calendar" : ""}`;
      return {
        day: d.day,
        label,
        windows: d.windows.map((w) => ({
          value: `${d.day} ${w.starts}-${w.ends}`,
          label: `${dayLabel(d.day, { thisYear })}, ${windowLabel(w)}${d.busy ? " (busy)" : ""}`,
        })),
      };
    });
}

const select = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";

/** One native picker for a day and its window: a phone shows it as a wheel, the page stays short. */
function WindowPicker({ days, label, id }: { days: readonly DayChoices[]; label: string; id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select id={id} name="window" required className={select} defaultValue="">
        <option value="" disabled>
          Choose…
        </option>
        {days.map((d) => (
          <optgroup key={d.day} label={d.label}>
            {d.windows.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const job = loadJob(args);
  const { jobs, payments, now, notifyTo } = args.context;
  const thisYear = yearIn(now(), business.timeZone);
  const { accepted, choice } = jobs.quote(job);
  const today = jobs.today();
  const sent = jobs.onMyWayDays(job.id).find((r) => r.day === today);
  const days = jobs.days(job.id).map((d) => ({
    id: d.id,
    label: dayLabel(d.day, { long: true, thisYear }),
    window: windowLabel(d),
    today: d.day === today,
    future: d.day >= today,
    rainMoves: d.rain_moves,
    onMyWay: d.day === today && sent ? clockTime.format(new Date(sent.at)).replace(/\u202F/g, " ") : null,
    sms: d.day === today && sent ? jobs.textLink(job, d) : null,
  }));
  const query = new URL(args.request.url).searchParams;
  const done = query.get("done");
  const cancelled = Number(query.get("cancelled") ?? 0);
  const invoice = payments.invoices.forQuote(job.quote_id);
  const offered = job.status === "open" ? choices(jobs.offered(job.id), thisYear) : [];
  return {
    csrf: owner.csrf,
    done: done !== null && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
    // How many later days Job done cancelled, said once after it (a count only: nothing else from the URL is shown).
    cancelled: done === "done" && Number.isInteger(cancelled) && cancelled > 0 && cancelled < 100 ? cancelled : 0,
    later: job.status === "open" ? jobs.laterDays(job.id).length : 0,
    nextYear: job.status === "done" ? nextYearOffer(args.context, { kind: "job", id: job.id }) : null,
    mail: notifyTo !== null,
    id: job.id,
    status: job.status,
    quoteId: job.quote_id,
    reference: accepted.version.reference,
    customer: accepted.version.customer.name,
    firstName: accepted.version.customer.name.trim().split(/\s+/)[0] ?? "",
    town: accepted.version.customer.town,
    work: choice ? `${choice.optionName}${choice.addonNames.length ? ` + ${choice.addonNames.join(", ")}` : ""}` : "",
    total: choice?.total ?? "",
    days,
    offered,
    invoiceId: invoice?.id ?? null,
  };
}

/** "2026-12-01 08:00-10:00" from the radio the owner picked. */
function chosenWindow(form: FormData | null) {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(field(form, "window", 30));
  return m ? { day: m[1] as string, starts: m[2] as string, ends: m[3] as string } : null;
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const job = loadJob(args);
  const { jobs, owner: console_, clientIp } = args.context;
  const form = owner.form;
  const intent = field(form, "intent", 20);
  const back = (done: keyof typeof DONE) =>
    redirect(`/owner/jobs/${job.id}?done=${done}`, { status: 303, headers: { "Cache-Control": "no-store" } });
  const refused = (status: number, error: string) => data<ActionResult>({ error }, { status });
  const dayId = () => idParam(field(form, "day", 12)) ?? notFound();
  try {
    if (intent === "add" || intent === "move") {
      const chosen = chosenWindow(form);
      if (!chosen) return refused(400, "Pick a day and an arrival window first.");
      if (intent === "add") jobs.addDay(job.id, chosen);
      else jobs.moveDay(job.id, dayId(), chosen);
      console_.audit.log(intent === "add" ? "work day added" : "work day moved", {
        ip: clientIp,
        detail: `job ${job.id}: ${chosen.day} ${chosen.starts}`,
      });
      return back(intent === "add" ? "added" : "moved");
    }
    if (intent === "remove") {
      jobs.removeDay(job.id, dayId());
      return back("removed");
    }
    if (intent === "rain") {
      jobs.rainDay(job.id, dayId());
      return back("rain");
    }
    if (intent === "on-my-way") {
      jobs.onMyWay(job.id);
      return back("on-my-way");
    }
    if (intent === "done") return jobDone(args.context, job, form, clientIp);
    if (intent === "link") return data<ActionResult>({ link: jobs.homeownerLink(job.id) });
    unknownIntent();
  } catch (error) {
    if (error instanceof jobs.JobRefusal || error instanceof args.context.payments.invoices.InvoiceRefusal)
      return refused(error.status, error.message);
    throw error;
  }
}

export const meta = () => [{ title: "Job | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

function DayForm({ csrf, intent, day, children }: { csrf: string; intent: string; day: number; children: string }) {
  return (
    <form method="post">
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="day" value={day} />
      <Button variant="quiet" className="w-full">
        {children}
      </Button>
    </form>
  );
}

export default function JobScreen({ loaderData: d, actionData }: Route.ComponentProps) {
  const open = d.status === "open";
  return (
    <>
      <p className="mb-3">
        <a href={`/owner/quotes/${d.quoteId}`} className="font-semibold text-brick-800 underline underline-offset-4">
          ← Quote {d.reference}
        </a>
      </p>
      {d.done && !actionData && (
        <Notice>
          {DONE[d.done]} {d.done !== "done" && d.done !== "on-my-way" && (d.mail ? TOLD : NO_MAIL)}
          {d.done === "on-my-way" && (d.mail ? TOLD_ON_MY_WAY : NO_MAIL)}
          {d.cancelled > 0 &&
            `${d.cancelled === 1 ? "1 later work day" : `${d.cancelled} later work days`} cancelled. ${d.mail ? CANCEL_TOLD : NO_MAIL}`}
        </Notice>
      )}
      {actionData && "error" in actionData && <Notice tone="warn">{actionData.error}</Notice>}
      {actionData && "ask" in actionData && (
        <LaterDaysQuestion csrf={d.csrf} jobId={d.id} days={actionData.ask} firstName={d.firstName} mail={d.mail} />
      )}
      {d.nextYear && d.done === "done" && <BookNextYearCard offer={d.nextYear} />}
      <PageTitle sub={`${d.work}${d.total ? `, ${d.total}` : ""}${d.town ? ` · ${d.town}` : ""}`}>
        Job: {d.customer}
      </PageTitle>
      <p className="mb-4">
        <span className="rounded-full bg-soot-950 px-3 py-1 font-semibold text-mortar-50" aria-label="State">
          {open ? "Open" : "Done"}
        </span>
      </p>

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Work days</h2>
        {d.days.length === 0 ? (
          <p className="mt-2">None yet. Add the first below.</p>
        ) : (
          <ul className="mt-2 divide-y divide-mortar-200" aria-label="Work days">
            {d.days.map((day) => (
              <li key={day.id} className="py-3">
                <p className="font-semibold">
                  {day.label}, {day.window}
                  {day.today && <span className="ml-2 rounded bg-ember-500 px-2 text-sm text-soot-950">Today</span>}
                </p>
                {day.rainMoves > 0 && (
                  <p className="text-sm text-soot-800">
                    Moved for rain {day.rainMoves === 1 ? "once" : `${day.rainMoves} times`}
                  </p>
                )}
                {day.onMyWay && (
                  <>
                    <p className="mt-2">On my way sent at {day.onMyWay}.</p>
                    {day.sms && (
                      <a className={`${consoleButton("dark")} mt-2 w-full`} href={day.sms}>
                        Text {d.firstName} from your phone
                      </a>
                    )}
                  </>
                )}
                {open && day.today && !day.onMyWay && (
                  <form method="post" className="mt-2">
                    <CsrfField token={d.csrf} />
                    <input type="hidden" name="intent" value="on-my-way" />
                    <Button className="w-full">On my way</Button>
                  </form>
                )}
                {open && day.future && (
                  <div className="mt-2 grid grid-cols-2 gap-2">
                    <DayForm csrf={d.csrf} intent="rain" day={day.id}>
                      Rain day
                    </DayForm>
                    <DayForm csrf={d.csrf} intent="remove" day={day.id}>
                      Remove
                    </DayForm>
                    {d.offered.length > 0 && (
                      <details className="col-span-2">
                        <summary className="min-h-11 cursor-pointer py-2 font-semibold">Move to another day</summary>
                        <form method="post" className="space-y-3">
                          <CsrfField token={d.csrf} />
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="day" value={day.id} />
                          <WindowPicker days={d.offered} label="New day and arrival window" id={`move-${day.id}`} />
                          <Button className="w-full">Move the day</Button>
                        </form>
                      </details>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {open && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Add a work day</h2>
          {d.offered.length === 0 ? (
            <p className="mt-2">No open day in the next weeks. Open a closed day or unblock a day in Visits.</p>
          ) : (
            <form method="post" className="mt-2 space-y-3">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="add" />
              <p className="text-soot-800">Your open days; a day your calendar shows busy says so.</p>
              <WindowPicker days={d.offered} label="Day and arrival window" id="add-window" />
              <Button className="w-full">Add the day</Button>
            </form>
          )}
        </Card>
      )}

      <p className="mb-4">
        <a className={consoleButton("quiet")} href={`/owner/jobs/${d.id}/photos`}>
          Photos
        </a>
      </p>

      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">The homeowner&rsquo;s page</h2>
        <p className="mt-2">Their days, the quote, what is owed and how to pay. Its link is in every job e-mail.</p>
        {actionData && "link" in actionData ? (
          <p className="mt-2 break-all">
            <a className="font-semibold text-brick-800 underline underline-offset-4" href={actionData.link}>
              {actionData.link}
            </a>
          </p>
        ) : (
          <form method="post" className="mt-2">
            <CsrfField token={d.csrf} />
            <input type="hidden" name="intent" value="link" />
            <Button variant="quiet" className="w-full">
              Show a link to their page
            </Button>
          </form>
        )}
      </Card>

      {open ? (
        <JobDoneForm csrf={d.csrf} later={d.later} />
      ) : (
        <>
          {d.invoiceId !== null && (
            <p className="mb-4">
              <a className={consoleButton("dark")} href={`/owner/invoices/${d.invoiceId}`}>
                Open the invoice
              </a>
            </p>
          )}
          {d.nextYear && d.done !== "done" && <BookNextYearCard offer={d.nextYear} />}
        </>
      )}
    </>
  );
}
