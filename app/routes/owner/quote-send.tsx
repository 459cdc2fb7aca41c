// /owner/quotes/<id>/send: the last look before a version goes out. It shows what the homeowner will see, with the
// figures the page, the PDF and the e-mail will print, and what must be fixed first; "Send" freezes the version
// (canonical JSON and its SHA-256), and queues the e-mail with the link and the PDF, and the follow-ups.
import { data, redirect } from "react-router";
import type { Route } from "./+types/quote-send";
import { idParam, notFound, requireOwner } from "./guard.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { addonsView, choiceView, dayText, depositRule, optionsView } from "../../../server/quotes/quote-view.ts";

function quoteId(params: { id?: string }): number {
  const id = idParam(params.id);
  if (id === null) notFound();
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { quotes } = args.context;
  const id = quoteId(args.params);
  let preview: ReturnType<typeof quotes.preview>;
  let details: ReturnType<typeof quotes.details>;
  try {
    details = quotes.details(id);
    preview = quotes.preview(id);
  } catch (error) {
    if (error instanceof quotes.QuoteRefusal) notFound();
    throw error;
  }
  const v = preview.version;
  return {
    csrf: owner.csrf,
    id,
    reference: v.reference,
    version: v.version,
    to: v.customer.email,
    customer: v.customer.name,
    canSend: details.actions.send,
    problems: preview.problems,
    validUntil: dayText(v.validUntil),
    options: optionsView(v),
    addons: addonsView(v),
    withAll: v.options.map((_, i) => choiceView(v, { option: i, addons: v.addons.map((__, j) => j) }).total),
    deposit: depositRule(v),
    photos: v.photos.length,
    taxStatement: v.taxStatement,
    words: [v.terms.version, v.consent.version, v.pamphlet.version].join(", "),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireOwner(args);
  const { quotes, clientIp } = args.context;
  const id = quoteId(args.params);
  try {
    const sent = quotes.send(id, { ip: clientIp, userAgent: args.request.headers.get("user-agent") });
    return redirect(`/owner/quotes/${id}?done=${sent.emailed ? "sent" : "sent-no-mail"}`, {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof quotes.QuoteRefusal) {
      if (error.status === 404) notFound();
      return data({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

export const meta = () => [{ title: "Send a quote | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function SendQuote({ loaderData: d, actionData }: Route.ComponentProps) {
  const many = d.options.length > 1;
  return (
    <>
      <p className="mb-3">
        <a href={`/owner/quotes/${d.id}`} className="font-semibold text-brick-800 underline underline-offset-4">
          ← Back to the quote
        </a>
      </p>
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      <PageTitle sub={`${d.reference}, version ${d.version}, for ${d.customer}`}>
        {d.problems.length ? "Not ready to send" : "Send this quote?"}
      </PageTitle>
      {d.problems.length > 0 && (
        <Notice tone="warn">
          {d.problems.map((p) => (
            <span key={p} className="block">
              {p}
            </span>
          ))}
        </Notice>
      )}
      <Card className="mb-4">
        {d.options.map((o, i) => (
          <section key={o.key} className="mb-4">
            <h2 className="flex justify-between gap-3 font-serif text-xl font-bold">
              <span>{o.name}</span>
              <span className="tabular-nums">{o.total}</span>
            </h2>
            <ul className="mt-1 divide-y divide-mortar-200">
              {o.lines.map((l) => (
                <li key={l.key} className="py-2">
                  <span className="flex justify-between gap-3">
                    <span className="font-semibold">{l.name}</span>
                    <span className="tabular-nums">{l.amount}</span>
                  </span>
                  <span className="block text-sm text-soot-800">
                    {l.quantity} × {l.unitPrice}
                  </span>
                  {l.materials.length > 0 && (
                    <span className="block text-sm text-soot-800">Materials: {l.materials.join("; ")}</span>
                  )}
                </li>
              ))}
            </ul>
            {d.addons.length > 0 && (
              <p className="mt-1 text-sm">
                With every add-on: <strong className="tabular-nums">{d.withAll[i]}</strong>
              </p>
            )}
            {!many && <span className="sr-only">One option.</span>}
          </section>
        ))}
        {d.addons.length > 0 && (
          <section>
            <h2 className="font-serif text-lg font-bold">Add-ons</h2>
            <ul className="mt-1">
              {d.addons.map((a) => (
                <li key={a.key} className="flex justify-between gap-3">
                  <span>{a.name}</span>
                  <span className="tabular-nums">+{a.amount}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Valid until</dt>
          <dd>the end of {d.validUntil}</dd>
          <dt className="font-semibold">Deposit</dt>
          <dd>{d.deposit ?? "None"}</dd>
          <dt className="font-semibold">Photos</dt>
          <dd>{d.photos}</dd>
          <dt className="font-semibold">Your words</dt>
          <dd>terms, consent and pamphlet: {d.words}</dd>
        </dl>
        <p className="mt-2 text-sm text-soot-800">{d.taxStatement}</p>
      </Card>
      {d.canSend && d.problems.length === 0 && (
        <form method="post">
          <CsrfField token={d.csrf} />
          <Button className="w-full text-lg">Send to {d.to}</Button>
          <p className="mt-2 text-sm text-soot-800">
            It goes by e-mail with its link and PDF. Once sent, this version never changes; a later change is a new
            version.
          </p>
        </form>
      )}
    </>
  );
}
