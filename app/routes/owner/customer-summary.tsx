// The top of a customer's page: what they owe and when they are next due, how to reach them (with one more e-mail or
// phone added), and their name, kind and notes.
import { Button, Card, consoleButton, CsrfField, LimitedBox } from "./ui";
import { telHref } from "~/lib/links";
import { cn } from "~/lib/cn";
import { TEXT_LIMITS } from "~/lib/text-limits";

const LIMIT = TEXT_LIMITS.customer;

type Owes = {
  owed: string;
  owedCents: number;
  pending: string | null;
  open: { key: string; what: string; owed: string; href: string }[];
};
type Next = { label: string | null; flue: string; address: string; basis: string | null } | null;

export function CustomerAtAGlance({ owes, next }: { owes: Owes; next: Next }) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2">
      <Card>
        <h2 className="text-sm font-semibold text-soot-800">They owe</h2>
        <p className="font-serif text-3xl font-bold tabular-nums" aria-label="They owe">
          {owes.owed}
        </p>
        {owes.pending && <p className="text-sm">{owes.pending} by bank, still clearing</p>}
        {owes.open.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm">
            {owes.open.map((o) => (
              <li key={o.key}>
                <a href={o.href} className="font-semibold underline underline-offset-4">
                  {o.what}
                </a>
                : {o.owed}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h2 className="text-sm font-semibold text-soot-800">Next due</h2>
        {next ? (
          <>
            <p className="font-serif text-2xl font-bold" aria-label="Next due">
              {next.label}
            </p>
            <p className="text-sm">
              {next.flue}, {next.address}
              {next.basis ? ` (${next.basis})` : ""}
            </p>
          </>
        ) : (
          <p className="mt-1">Not known yet: nothing done at their places so far.</p>
        )}
      </Card>
    </div>
  );
}

export function CustomerContacts({
  csrf,
  name,
  emails,
  phones,
  typed,
}: {
  csrf: string;
  name: string;
  emails: { id: number; value: string }[];
  phones: { id: number; value: string; valid: boolean }[];
  typed: Readonly<Record<string, string>>;
}) {
  const phone = phones.find((p) => p.valid) ?? phones[0];
  const email = emails[0];
  const actions = [
    ...(phone ? [{ label: "Call", href: telHref(phone.value) }] : []),
    ...(phone ? [{ label: "Text", href: `sms:${phone.value.replace(/[^\d+]/g, "")}` }] : []),
    ...(email ? [{ label: "E-mail", href: `mailto:${email.value}` }] : []),
  ];
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">How to reach {name}</h2>
      {actions.length > 0 && (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {actions.map((a) => (
            <li key={a.label}>
              <a href={a.href} className={cn(consoleButton(a.label === "Call" ? "primary" : "quiet"), "w-full")}>
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">Phone</dt>
        <dd>
          {phones.length === 0
            ? "None on file"
            : phones.map((p) => (
                <span key={p.id} className="block">
                  {p.value}
                  {!p.valid && <span className="text-sm text-brick-800"> (not a number we can call)</span>}
                </span>
              ))}
        </dd>
        <dt className="font-semibold">E-mail</dt>
        <dd className="break-all">
          {emails.length === 0
            ? "None on file"
            : emails.map((e) => (
                <span key={e.id} className="block">
                  {e.value}
                </span>
              ))}
        </dd>
      </dl>
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">Add an e-mail or phone</summary>
        <form method="post" className="space-y-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="contact" />
          <LimitedBox limit={LIMIT.contact} name="contact" required defaultValue={typed.contact ?? ""} />
          <Button variant="dark">Add</Button>
        </form>
      </details>
    </Card>
  );
}

export function CustomerDetails({
  csrf,
  name,
  kind,
  notes,
  typed,
}: {
  csrf: string;
  name: string;
  kind: "person" | "household";
  notes: string;
  typed: Readonly<Record<string, string>>;
}) {
  return (
    <Card className="mb-4">
      <details open={typed.name !== undefined}>
        <summary className="min-h-11 cursor-pointer py-2 font-serif text-xl font-bold">
          Name, household and notes
        </summary>
        {notes && typed.name === undefined && <p className="mb-3 whitespace-pre-wrap">{notes}</p>}
        <form method="post" className="space-y-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="details" />
          <LimitedBox limit={LIMIT.name} name="name" required defaultValue={typed.name ?? name} />
          <fieldset>
            <legend className="text-sm font-semibold">This record is</legend>
            <label className="mr-4 inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" value="person" defaultChecked={kind === "person"} /> one person
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" value="household" defaultChecked={kind === "household"} /> a household
            </label>
          </fieldset>
          <label className="block">
            <span className="text-sm font-semibold">{LIMIT.notes.label}</span>
            <textarea
              name="notes"
              maxLength={LIMIT.notes.max}
              rows={3}
              defaultValue={typed.notes ?? notes}
              className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2"
            />
          </label>
          <Button variant="dark">Save</Button>
        </form>
      </details>
    </Card>
  );
}
