// The quote's console page, card by card: the homeowner's answer, the acceptance record, the sent version, the
// versions and the history (app/routes/owner/quote.tsx composes them).
import type { Route } from "./+types/quote";
import { Button, Card, consoleButton, CsrfField } from "./ui";

type LoaderData = Route.ComponentProps["loaderData"];

export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** What the homeowner answered, when it was not a yes: the changes they asked for, or their no. */
export function DecisionCards({ d }: { d: LoaderData }) {
  const { quote } = d;
  return (
    <>
      {quote.status === "changes_requested" && quote.decisionNote && (
        <Card className="mb-4 border-ember-500">
          <h2 className="font-serif text-xl font-bold">They asked for changes</h2>
          <p className="mt-1 text-sm text-soot-800">{quote.decidedAt}</p>
          <p className="mt-2 whitespace-pre-wrap">{quote.decisionNote}</p>
          <p className="mt-2">Change the quote below and send the new version; the link they have shows it.</p>
        </Card>
      )}
      {quote.status === "declined" && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Declined</h2>
          <p className="mt-1 text-sm text-soot-800">{quote.decidedAt}</p>
          {quote.decisionNote && <p className="mt-2 whitespace-pre-wrap">{quote.decisionNote}</p>}
        </Card>
      )}
    </>
  );
}

/** The acceptance record: who, when, how, what, and the hashes that pin it. */
export function AcceptedCard({ d }: { d: LoaderData }) {
  const { quote, acceptance } = d;
  if (!acceptance) return null;
  return (
    <Card className="mb-4 border-green-700">
      <h2 className="font-serif text-xl font-bold">Accepted</h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr]">
        <Fact label="By (typed name)">{acceptance.name}</Fact>
        <Fact label="At">{acceptance.at}</Fact>
        <Fact label="How">
          {acceptance.method === "online"
            ? "Online"
            : acceptance.method === "in-home"
              ? "At their home, on your phone"
              : "In person or on paper"}
        </Fact>
        <Fact label="Option">
          {acceptance.choice.optionName}
          {acceptance.choice.addonNames.length ? ` + ${acceptance.choice.addonNames.join(" + ")}` : ""}
        </Fact>
        <Fact label="Total">{acceptance.choice.total}</Fact>
        {acceptance.choice.deposit && <Fact label="Deposit due">{acceptance.choice.deposit}</Fact>}
        <Fact label="Version SHA-256">
          <code className="text-xs break-all">{acceptance.versionSha256}</code>
        </Fact>
        <Fact label="Record SHA-256">
          <code className="text-xs break-all">{acceptance.recordSha256}</code>
        </Fact>
        {acceptance.consent && <Fact label="E-records consent">version {acceptance.consent}</Fact>}
        <Fact label="Pamphlet">{acceptance.pamphlet ? "Acknowledged" : "Not needed (or not signed)"}</Fact>
        {acceptance.ip && <Fact label="Address">{acceptance.ip}</Fact>}
        {acceptance.userAgent && <Fact label="Browser">{acceptance.userAgent}</Fact>}
      </dl>
      {acceptance.paperPhoto && (
        <p className="mt-2">
          <a href={`/owner/quotes/${quote.id}/photos/${acceptance.paperPhoto}`} className="font-semibold underline">
            The photo of the paper
          </a>
        </p>
      )}
      <p className="mt-3 text-sm">An accepted quote is a contract: it cannot change. Make a new quote for more work.</p>
    </Card>
  );
}

/** The version sent: its totals, whether it was opened, the follow-ups, and what the owner can do with it. */
export function SentCard({ d }: { d: LoaderData }) {
  const { quote, actions, sent, acceptance } = d;
  if (!sent) return null;
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Sent</h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr]">
        <Fact label="Version">
          {sent.version}, {sent.sentAt}
        </Fact>
        <Fact label="Valid until">the end of {sent.validUntil}</Fact>
        {sent.options.map((o) => (
          <Fact key={o.key} label={sent.options.length > 1 ? o.name : "Total"}>
            {o.total}
          </Fact>
        ))}
        {sent.addons.map((a) => (
          <Fact key={a.key} label={`Add-on: ${a.name}`}>
            +{a.amount}
          </Fact>
        ))}
        <Fact label="Opened">{sent.opened ?? "Not yet"}</Fact>
        {!acceptance && (
          <Fact label="Follow-ups">
            {quote.paused
              ? "Paused"
              : d.followUps.next
                ? `${d.followUps.sent} sent; next ${d.followUps.next}`
                : `${d.followUps.sent} sent; none waiting`}
          </Fact>
        )}
      </dl>
      <ul className="mt-3 flex flex-wrap gap-2">
        <li>
          <a href={`/owner/quotes/${quote.id}/pdf/${sent.version}`} className={consoleButton("quiet")}>
            PDF
          </a>
        </li>
        {actions.showOnDevice && (
          <li>
            <form method="post">
              <CsrfField token={d.csrf} />
              <Button name="intent" value="show" variant="dark">
                Show it on this phone
              </Button>
            </form>
          </li>
        )}
        {actions.pause && (
          <li>
            <form method="post">
              <CsrfField token={d.csrf} />
              <Button name="intent" value={quote.paused ? "resume" : "pause"} variant="quiet">
                {quote.paused ? "Resume follow-ups" : "Pause follow-ups"}
              </Button>
            </form>
          </li>
        )}
      </ul>
    </Card>
  );
}

/** Every version sent, with its PDF and its SHA-256. */
export function VersionsCard({ d }: { d: LoaderData }) {
  const { quote } = d;
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Versions</h2>
      <ul className="mt-2 space-y-2">
        {d.versions.map((v) => (
          <li key={v.version}>
            <a href={`/owner/quotes/${quote.id}/pdf/${v.version}`} className="font-semibold underline">
              Version {v.version}
            </a>
            , {v.sent}
            <br />
            <code className="text-xs break-all text-soot-800">SHA-256 {v.sha256}</code>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The quote's events, oldest first. */
export function HistoryCard({ d }: { d: LoaderData }) {
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold">History</h2>
      <ol className="mt-2 space-y-1">
        {d.events.map((e, i) => (
          <li key={i}>
            <span className="text-sm text-soot-800">{e.at}</span> · {e.text}
          </li>
        ))}
      </ol>
    </Card>
  );
}
