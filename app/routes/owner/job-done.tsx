// "Job done" on the owner's job screen (app/routes/owner/job.tsx): the button, and the question it asks when work days
// are left after today, with the two ways to answer. Plain forms: a POST, answered with the question or a 303.
import { Button, consoleButton, CsrfField } from "./ui";

/** A later work day as the question names it. */
export type LaterDay = { id: number; label: string };

/** The Job done button, saying what it does and that it asks first about days after today. */
export function JobDoneForm({ csrf, later }: { csrf: string; later: number }) {
  return (
    <form method="post" className="mb-4">
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="done" />
      <p className="mb-2 text-soot-800">
        Makes the invoice from the quote and asks for a review, if you have a link.
        {later > 0 &&
          ` You have ${later === 1 ? "1 work day" : `${later} work days`} after today: it asks what to do with ${later === 1 ? "it" : "them"} first.`}
      </p>
      <Button className="w-full">Job done</Button>
    </form>
  );
}

/**
 * The question after the tap: the days after today, and what Job done does with them (cancelled on the homeowner's
 * page and in their calendar, in the feed and Visits), or keep the job open.
 */
export function LaterDaysQuestion({
  csrf,
  jobId,
  days,
  firstName,
  mail,
}: {
  csrf: string;
  jobId: number;
  days: readonly LaterDay[];
  firstName: string;
  mail: boolean;
}) {
  const one = days.length === 1;
  const whose = firstName ? `${firstName}’s` : "the homeowner’s";
  return (
    <section
      aria-labelledby="job-done-question"
      className="mb-4 rounded-xl border-2 border-brick-700 bg-white p-4 shadow-sm"
    >
      <h2 id="job-done-question" className="font-serif text-xl font-bold">
        Job done: what about the later {one ? "work day" : "work days"}?
      </h2>
      <p className="mt-2">{one ? "This work day is after today:" : "These work days are after today:"}</p>
      <ul className="mt-1 list-disc pl-6 font-semibold" aria-label="Work days after today">
        {days.map((d) => (
          <li key={d.id}>{d.label}</li>
        ))}
      </ul>
      <p className="mt-2 text-soot-800">
        Marking the job done cancels {one ? "it" : "them"}: {one ? "it goes" : "they go"} from {whose} job page
        {mail ? " and calendar (an e-mail takes each day off it)" : ""}, your calendar feed and Visits.
      </p>
      <form method="post" className="mt-3 grid gap-2 sm:flex">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="done" />
        {days.map((d) => (
          <input key={d.id} type="hidden" name="cancel" value={d.id} />
        ))}
        <Button variant="danger">
          {one ? "Cancel it and mark the job done" : "Cancel them and mark the job done"}
        </Button>
        <a href={`/owner/jobs/${jobId}`} className={consoleButton("quiet")}>
          Keep the job open
        </a>
      </form>
    </section>
  );
}
