// The Campaigns page below the new campaign: sends in doubt (each to send again or drop: never sent again without
// the owner), the campaigns sent with where each stands, the reminders, and the suppression list with "stop e-mailing
// this address".
import type { CampaignsPage } from "./campaigns.server";
import { Badge, Button, Card, CsrfField } from "./ui";
import type { StateCounts } from "../../../server/store/marketing-sends.ts";

type Data = CampaignsPage & { csrf: string };

const STATES: [keyof StateCounts, string, string][] = [
  ["sent", "sent", "bg-green-100 text-green-900"],
  ["queued", "waiting", "bg-mortar-200 text-soot-950"],
  ["sending", "going now", "bg-sky-100 text-soot-950"],
  ["unknown", "in doubt", "bg-ember-400 text-soot-950"],
  ["cancelled", "not sent", "bg-mortar-100 text-soot-800"],
  ["failed", "failed", "bg-brick-100 text-brick-900"],
];

function States({ counts }: { counts: StateCounts }) {
  const shown = STATES.filter(([state]) => counts[state] > 0);
  if (shown.length === 0) return <p className="text-sm text-soot-800">None yet.</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map(([state, label, tone]) => (
        <li key={state}>
          <Badge tone={tone}>
            {counts[state]} {label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function InDoubt({ data: d }: { data: Data }) {
  if (d.doubt.length === 0) return null;
  return (
    <Card className="mb-5 border-ember-400">
      <h2 id="in-doubt" className="font-serif text-xl font-bold">
        In doubt: {d.doubt.length}
      </h2>
      <p className="mt-1 text-soot-800">
        These were being sent when the server stopped or the mail server fell silent: they may have arrived or not. They
        are never sent again unless you say so.
      </p>
      <ul className="mt-2 divide-y divide-mortar-200">
        {d.doubt.map((row) => (
          <li key={row.id} className="py-3">
            <p className="font-semibold [overflow-wrap:anywhere]">
              {row.who} <span className="font-normal text-soot-800">{row.to}</span>
            </p>
            <p className="text-sm text-soot-800">
              {row.what} · {row.when}
            </p>
            <form method="post" action="/owner/campaigns" className="mt-2 flex flex-wrap gap-2">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="resolve" />
              <input type="hidden" name="id" value={row.id} />
              <Button name="choice" value="send" variant="dark">
                Send it again<span className="sr-only"> to {row.who}</span>
              </Button>
              <Button name="choice" value="drop" variant="quiet">
                Drop it<span className="sr-only"> for {row.who}</span>
              </Button>
            </form>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function CampaignLists({ data: d, stopAddress }: { data: Data; stopAddress: string }) {
  const s = d.suppressed;
  const total = s.unsubscribe + s.owner + s.erasure + s.import;
  return (
    <>
      <InDoubt data={d} />
      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Sent</h2>
        {d.campaigns.length === 0 ? (
          <p className="mt-1 text-soot-800">No campaign yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-mortar-200">
            {d.campaigns.map((c) => (
              <li key={c.id} className="py-3">
                <p className="font-semibold">
                  #{c.id} · {c.recipients} people · {c.audience}
                </p>
                <p className="text-sm [overflow-wrap:anywhere] text-soot-800">
                  {c.when} · “{c.subject}”
                </p>
                <div className="mt-1.5">
                  <States counts={c.counts} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Reminders</h2>
        <p className="mt-1 mb-2 text-soot-800">
          Each homeowner gets one e-mail {d.reminders.weeks} weeks before a chimney of theirs is due, and a last one on
          the day, unless a visit is booked or a request is open. Last 30 days:
        </p>
        <States counts={d.reminders.counts} />
      </Card>
      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Stop e-mailing someone</h2>
        <p className="mt-1 text-soot-800">
          {total} address{total === 1 ? "" : "es"} get no reminders or campaigns: {s.unsubscribe} unsubscribed,{" "}
          {s.owner} by you, {s.erasure} erased, {s.import} from an import. Booked visits, quotes and invoices still go.
        </p>
        <form method="post" action="/owner/campaigns" className="mt-3 flex flex-wrap items-end gap-2">
          <CsrfField token={d.csrf} />
          <input type="hidden" name="intent" value="stop" />
          <label className="block min-w-0 flex-1 basis-56">
            <span className="text-sm font-semibold">E-mail or phone</span>
            <input
              name="address"
              required
              maxLength={320}
              autoComplete="off"
              defaultValue={stopAddress}
              className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-lg"
            />
          </label>
          <Button variant="dark">Stop e-mails</Button>
        </form>
      </Card>
    </>
  );
}
