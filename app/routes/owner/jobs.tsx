// /owner/jobs: every job, so none is lost for having no day this week (issue 64). First those in progress and
// scheduled, each with its next work day and what is owed; then those with no day yet; then the done ones. Each
// card is one link to its job. Read only: the changes are made on the job's own screen.
import type { Route } from "./+types/jobs";
import { requireOwner } from "./guard.server";
import { DONE_SHOWN, jobCards, type JobCard } from "./jobs.server";
import { Badge, PageTitle } from "./ui";
import type { JobStage } from "../../../server/jobs/jobs.ts";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  const allDone = new URL(args.request.url).searchParams.get("done") === "all";
  const cards = jobCards(args.context, allDone);
  return { ...cards, more: !allDone && cards.doneCount > DONE_SHOWN };
}

export const meta = () => [{ title: "Jobs | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const STAGE_LABELS: Record<JobStage, string> = {
  "in-progress": "In progress",
  scheduled: "Scheduled",
  "not-scheduled": "Not scheduled",
  done: "Done",
};

const STAGE_TONES: Record<JobStage, string> = {
  "in-progress": "bg-ember-400 text-soot-950",
  scheduled: "bg-sky-100 text-soot-950",
  "not-scheduled": "bg-brick-100 text-brick-900",
  done: "bg-green-100 text-green-900",
};

function JobItem({ job }: { job: JobCard }) {
  return (
    <li>
      <a
        href={`/owner/jobs/${job.id}`}
        className="block rounded-xl border border-mortar-200 bg-white p-4 shadow-sm hover:border-soot-800 focus-visible:border-soot-800"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-lg font-bold [overflow-wrap:anywhere]">{job.name}</span>
          <Badge tone={STAGE_TONES[job.stage]}>{STAGE_LABELS[job.stage]}</Badge>
        </span>
        {job.what && <span className="block text-soot-800">{job.what}</span>}
        <span className="mt-2 block font-semibold">{job.when}</span>
        <span className="block tabular-nums">{job.owed}</span>
      </a>
    </li>
  );
}

function Group({ id, title, jobs, empty }: { id: string; title: string; jobs: readonly JobCard[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 font-serif text-xl font-bold">
        {title} <span className="font-sans text-base font-normal text-soot-800">({jobs.length})</span>
      </h2>
      {jobs.length === 0 ? (
        <p className="text-soot-800">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <JobItem key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Jobs({ loaderData: d }: Route.ComponentProps) {
  const open = d.active.length + d.unscheduled.length;
  return (
    <>
      <PageTitle sub={`${open === 1 ? "1 open job" : `${open} open jobs`}, ${d.doneCount} done`}>Jobs</PageTitle>
      {open + d.doneCount === 0 ? (
        <p className="text-soot-800">
          No jobs yet. When a quote is accepted, open it from Quotes and tap Make the job.
        </p>
      ) : (
        <>
          <Group
            id="jobs-active"
            title="In progress and scheduled"
            jobs={d.active}
            empty="No work days ahead on any job."
          />
          <Group
            id="jobs-unscheduled"
            title="Not yet scheduled"
            jobs={d.unscheduled}
            empty="Every open job has its work days."
          />
          <Group id="jobs-done" title="Done" jobs={d.done} empty="None yet." />
          {d.more && (
            <p>
              <a href="/owner/jobs?done=all" className="font-semibold text-brick-800 underline underline-offset-4">
                Show all {d.doneCount} done jobs
              </a>
            </p>
          )}
        </>
      )}
    </>
  );
}
