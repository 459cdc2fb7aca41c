// The request's records, read-only: the history of changes, its e-mails and where it came from.
import type { RequestScreen } from "./request.server";
import { Card } from "./ui";

export function RequestHistory({ history }: { history: RequestScreen["history"] }) {
  return (
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
  );
}

export function RequestMail({ mail }: { mail: RequestScreen["mail"] }) {
  return (
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
  );
}

export function RequestOrigin({ origin }: { origin: RequestScreen["origin"] }) {
  return (
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
  );
}
