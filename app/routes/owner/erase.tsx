// /owner/erase: a privacy request. Step one shows how many requests the address has; step two removes them with
// their notes, e-mails and history: the same rows as `npm run leads -- --erase`. The audit log keeps the count only.
// A job's photos go too, except a before-and-after pair the homeowner consented to that is on Recent work: step one
// names those and where to take them off, and erasing keeps them with their consent (decision 0046).
import { data, redirect } from "react-router";
import type { Route } from "./+types/erase";
import { field, requireOwner, unknownIntent } from "./guard.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { suppressErasedAddress } from "../../../server/marketing/erased-address.ts";

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const done = new URL(args.request.url).searchParams.get("erased");
  return { csrf: owner.csrf, erased: done !== null && /^\d{1,6}$/.test(done) ? Number(done) : null };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const intent = field(owner.form, "intent", 20);
  if (intent !== "preview" && intent !== "erase") unknownIntent();
  const { estimates, owner: console_, clientIp } = args.context;
  const email = field(owner.form, "email", 320);
  if (!EMAIL.test(email))
    return data({ email, count: null, onSite: [], error: "Type the e-mail address to erase." }, { status: 400 });
  const count = estimates
    .list({ includeSpam: true })
    .filter((r) => r.email.toLowerCase() === email.toLowerCase()).length;
  if (intent === "preview") return { email, count, onSite: estimates.jobPhotos.onSiteFor(email), error: null };
  const removed = estimates.erase(email);
  // Never mailed again: the address's keyed hash stays on the suppression list (decision 0052).
  suppressErasedAddress(estimates, email);
  console_.audit.log("erased", { ip: clientIp, detail: `${removed} request(s) of one address` });
  return redirect(`/owner/erase?erased=${removed}`, { headers: { "Cache-Control": "no-store" } });
}

export const meta = () => [{ title: "Erase | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Erase({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, erased } = loaderData;
  const confirm = actionData && actionData.count !== null ? actionData : null;
  return (
    <>
      <PageTitle sub="When someone asks for their details to be deleted.">Erase a person’s details</PageTitle>
      {erased !== null && <Notice>Erased {erased} request(s), with their notes and e-mails.</Notice>}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      {confirm ? (
        <Card>
          {confirm.count === 0 ? (
            <p>There are no requests from {confirm.email}.</p>
          ) : (
            <form method="post">
              <CsrfField token={csrf} />
              <input type="hidden" name="email" value={confirm.email} />
              <input type="hidden" name="intent" value="erase" />
              <p className="mb-3">
                This deletes <strong>{confirm.count} request(s)</strong> from{" "}
                <strong className="break-all">{confirm.email}</strong>, with their notes, e-mails, job photos and
                history. It cannot be undone.
              </p>
              {confirm.onSite.length > 0 && (
                <div
                  className="mb-3 rounded-lg border-l-4 border-brick-700 bg-brick-100 p-3"
                  data-testid="photos-on-site"
                >
                  <p className="font-semibold">These photos of their job are on the site, with their consent:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {confirm.onSite.map((p) => (
                      <li key={p.pairId}>
                        {p.caption}: {p.files.join(" and ")} (
                        <a href={`/owner/jobs/${p.jobId}/photos`} className="underline underline-offset-4">
                          take them off
                        </a>
                        )
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1">Erasing keeps them on the site, with the record of their consent.</p>
                </div>
              )}
              <Button variant="danger">Erase for good</Button>{" "}
              <a href="/owner/erase" className="ml-2 font-semibold underline underline-offset-4">
                Cancel
              </a>
            </form>
          )}
        </Card>
      ) : (
        <Card>
          <form method="post">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="preview" />
            <label className="block">
              <span className="font-semibold">E-mail address</span>
              <input
                type="email"
                name="email"
                required
                autoComplete="off"
                className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3"
              />
            </label>
            <Button variant="dark" className="mt-3">
              Find their requests
            </Button>
          </form>
        </Card>
      )}
    </>
  );
}
