// The Campaigns page's first card: who (a GET form: counting changes nothing), how many and who is left out, the
// e-mail as they will get it, and Send, a POST with the count's choice and a one-time key.
import { Send, Users } from "lucide-react";
import type { CampaignsPage } from "./campaigns.server";
import { Button, Card, consoleButton, CsrfField } from "./ui";

const control = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-lg";

type Data = CampaignsPage & { csrf: string; paceSeconds: number };

function Choice({ data: d }: { data: Data }) {
  return (
    <form method="get" action="/owner/campaigns" className="grid gap-3 sm:grid-cols-3">
      <input type="hidden" name="count" value="1" />
      <label className="block">
        <span className="text-sm font-semibold">Chimney due by</span>
        <input type="date" name="dueBefore" defaultValue={d.fields.dueBefore} className={control} />
      </label>
      <label className="block">
        <span className="text-sm font-semibold">Town</span>
        <select name="town" defaultValue={d.fields.town} className={control}>
          <option value="">Any town</option>
          {d.towns.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="text-sm font-semibold">Last served in</span>
        <select name="servedIn" defaultValue={d.fields.servedIn} className={control}>
          <option value="">Any year</option>
          {d.years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <div className="sm:col-span-3">
        <button type="submit" className={consoleButton("dark")}>
          <Users aria-hidden="true" className="size-5" />
          Count them
        </button>
      </div>
    </form>
  );
}

function LeftOut({ count }: { count: NonNullable<Data["count"]> }) {
  const parts = [
    count.unsubscribed ? `${count.unsubscribed} unsubscribed` : "",
    count.noEmail ? `${count.noEmail} without an e-mail` : "",
    count.busy ? `${count.busy} with a visit booked or a request open` : "",
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-1 text-soot-800">Not counted, and never sent: {parts.join(", ")}.</p>;
}

export function NewCampaign({ data: d }: { data: Data }) {
  const count = d.count;
  return (
    <Card className="mb-5">
      <h2 className="font-serif text-xl font-bold">New campaign</h2>
      <p className="mt-1 mb-4 text-soot-800">Pick who gets it, count them, look at the e-mail, then send it once.</p>
      <Choice data={d} />
      {d.badChoice && (
        <p className="mt-3 font-semibold text-brick-800">Pick a day, a town and a year from the lists, then count.</p>
      )}
      {count && (
        <section aria-labelledby="count" className="mt-5 border-t border-mortar-200 pt-4">
          <h3 id="count" className="font-serif text-2xl font-bold">
            {count.total} {count.total === 1 ? "person" : "people"}
          </h3>
          <LeftOut count={count} />
          {count.names.length > 0 && (
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-soot-800">
              {count.names.join(" · ")}
              {count.total > count.names.length ? ` and ${count.total - count.names.length} more` : ""}
            </p>
          )}
          {d.preview && (
            <figure className="mt-4">
              <figcaption className="text-sm font-semibold">
                The e-mail{count.names[0] ? ` as ${count.names[0].split(",")[0]} gets it` : ""}
              </figcaption>
              <div className="mt-1 overflow-hidden rounded-lg border border-mortar-300 bg-white">
                <p className="border-b border-mortar-200 bg-mortar-50 px-3 py-2 [overflow-wrap:anywhere]">
                  <span className="text-sm text-soot-800">Subject: </span>
                  <strong>{d.preview.subject}</strong>
                </p>
                <div
                  className="px-3 py-3 text-[0.9375rem] [overflow-wrap:anywhere]"
                  // Our own e-mail, every word of it escaped when it was made (server/marketing/marketing-mail.ts).
                  dangerouslySetInnerHTML={{ __html: d.preview.html }}
                />
              </div>
              <p className="mt-1 text-sm text-soot-800">
                Its words: Site → Reminder and campaign e-mails. Each person's links are their own.
              </p>
            </figure>
          )}
          {count.total > 0 && (
            <form method="post" action="/owner/campaigns" className="mt-4">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="press" value={d.pressKey} />
              <input type="hidden" name="dueBefore" value={d.fields.dueBefore} />
              <input type="hidden" name="town" value={d.fields.town} />
              <input type="hidden" name="servedIn" value={d.fields.servedIn} />
              <Button className="w-full sm:w-auto">
                <Send aria-hidden="true" className="size-5" />
                Send to {count.total} {count.total === 1 ? "person" : "people"}
              </Button>
              <p className="mt-2 text-sm text-soot-800">
                One every {d.paceSeconds} s, on business days from 9 to 5 Central. Press once: a second press sends
                nothing more.
              </p>
            </form>
          )}
        </section>
      )}
    </Card>
  );
}
