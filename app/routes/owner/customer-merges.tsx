// Who this customer looks like (the site's suggestions: merge, or "Not the same person") and the merges on this
// record, each with its Undo. Every button is a POST with the session's token.
import { CustomerCard, type CustomerCardData } from "./customer-card";
import { Button, Card, CsrfField } from "./ui";

type Suggested = { other: CustomerCardData; reasons: string[] };

function Post({
  csrf,
  fields,
  children,
  variant,
}: {
  csrf: string;
  fields: Record<string, string | number>;
  children: string;
  variant: "primary" | "quiet" | "dark";
}) {
  return (
    <form method="post">
      <CsrfField token={csrf} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button variant={variant} className="w-full">
        {children}
      </Button>
    </form>
  );
}

export function CustomerLooksLike({
  csrf,
  name,
  suggestions,
}: {
  csrf: string;
  name: string;
  suggestions: Suggested[];
}) {
  if (suggestions.length === 0) return null;
  return (
    <Card className="mb-4 border-ember-500">
      <h2 id="looks-like" className="font-serif text-xl font-bold">
        Looks like the same {suggestions.length === 1 ? "person" : "people"}
      </h2>
      <p className="text-sm text-soot-800">The site only suggests: nothing is merged until you say so.</p>
      <ul className="mt-3 space-y-4" aria-labelledby="looks-like">
        {suggestions.map((s) => (
          <li key={s.other.id} className="rounded-lg border border-mortar-200 p-3">
            <p className="mb-2 font-semibold text-brick-800">{s.reasons.join(" · ")}</p>
            <CustomerCard customer={s.other} href={false} />
            <p className="mt-1">
              <a href={`/owner/customers/${s.other.id}`} className="font-semibold underline underline-offset-4">
                Open {s.other.displayName}
              </a>
            </p>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              <Post csrf={csrf} fields={{ intent: "merge", other: s.other.id }} variant="primary">
                {`Merge into ${name}`}
              </Post>
              <Post csrf={csrf} fields={{ intent: "apart", other: s.other.id }} variant="quiet">
                Not the same person
              </Post>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type MergeView = { id: number; name: string; fromId: number; at: string; undone: string | null };

export function CustomerMerges({ csrf, merges }: { csrf: string; merges: MergeView[] }) {
  if (merges.length === 0) return null;
  return (
    <Card className="mb-4">
      <h2 id="merges" className="font-serif text-xl font-bold">
        Merges
      </h2>
      <ul className="mt-2 divide-y divide-mortar-200" aria-labelledby="merges">
        {merges.map((m) => (
          <li key={m.id} className="py-3">
            <p>
              <span className="font-semibold">{m.name}</span> merged in on {m.at}
              {m.undone && <span className="text-soot-800">; undone on {m.undone}</span>}.
            </p>
            {!m.undone && (
              <div className="mt-2">
                <Post csrf={csrf} fields={{ intent: "undo", merge: m.id }} variant="quiet">
                  {`Undo: ${m.name} stands apart again`}
                </Post>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
