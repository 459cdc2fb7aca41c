// /owner/spam: what the spam trap caught, with a restore button each (its e-mails go out then).
import { redirect } from "react-router";
import type { Route } from "./+types/spam";
import { field, idParam, notFound, requireOwner } from "./guard.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { localTime } from "../../../server/requests/lead-mail.ts";

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const rows = args.context.estimates.list({ spamOnly: true, limit: 200 });
  return {
    csrf: owner.csrf,
    restored: new URL(args.request.url).searchParams.has("restored"),
    requests: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      received: localTime(r.received_at),
      preview: r.message.replace(/\s+/g, " ").slice(0, 120),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const { estimates, owner: console_, clientIp, notifyTo, confirmations } = args.context;
  const id = idParam(field(owner.form, "id", 20));
  if (id === null || !estimates.get(id)?.spam) notFound();
  estimates.restore(id, {
    notifyTo,
    confirm: confirmations.enabled,
    confirmationPeriodHours: confirmations.periodHours,
  });
  console_.audit.log("restored from spam", { ip: clientIp, estimateId: id });
  // A visit it booked while in spam takes its window now, if the window is still free.
  args.context.booking.confirmHeld(id);
  return redirect("/owner/spam?restored", { headers: { "Cache-Control": "no-store" } });
}

export const meta = () => [{ title: "Spam | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Spam({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle sub="Requests the spam trap caught. Nobody was told about them.">Spam</PageTitle>
      {loaderData.restored && <Notice>Restored: it is in the inbox now.</Notice>}
      {loaderData.requests.length === 0 ? (
        <p className="rounded-xl border border-mortar-200 bg-white p-4">The spam folder is empty.</p>
      ) : (
        <ul className="space-y-3">
          {loaderData.requests.map((r) => (
            <li key={r.id}>
              <Card>
                <a href={`/owner/requests/${r.id}`} className="block font-bold underline underline-offset-4">
                  {r.name}
                </a>
                <p className="text-sm break-all text-soot-800">
                  {r.email} · {r.received}
                </p>
                <p className="mt-1">{r.preview}</p>
                <form method="post" className="mt-3">
                  <CsrfField token={loaderData.csrf} />
                  <input type="hidden" name="id" value={r.id} />
                  <Button variant="quiet">Not spam: restore</Button>
                </form>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
