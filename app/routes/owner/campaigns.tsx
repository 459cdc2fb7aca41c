// /owner/campaigns: the e-mails that bring customers back (decision 0052). The owner picks who (due by a day, a town,
// last served in a year) and counts them, a GET that changes nothing; sees who is left out and why, and the e-mail as
// they will get it; then Send, once: the form carries a one-time key, so a second press (or fifty) finds the campaign
// the first made. Below: sends in doubt (a stop or a silent mail server caught them mid-send) to send again or drop,
// the campaigns sent, the reminders, and "stop e-mailing this address".
import { data, redirect } from "react-router";
import type { Route } from "./+types/campaigns";
import { campaignsPage, readAudience } from "./campaigns.server";
import { CampaignLists } from "./campaign-lists";
import { NewCampaign } from "./campaign-new";
import { field, idParam, plainAnswer, requireOwner, unknownIntent } from "./guard.server";
import { NOTHING_HERE } from "./messages";
import { Notice, PageTitle } from "./ui";

const noStore = { headers: { "Cache-Control": "no-store" } };

function marketingOf(context: Route.LoaderArgs["context"]) {
  if (!context.marketing) throw plainAnswer(404, NOTHING_HERE);
  return context.marketing;
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const marketing = marketingOf(args.context);
  const url = new URL(args.request.url);
  const page = await campaignsPage(args.context, marketing, url);
  const resolved = url.searchParams.get("resolved");
  const stopped = url.searchParams.get("stopped");
  return {
    csrf: owner.csrf,
    ...page,
    paceSeconds: marketing.paceSeconds(),
    resolved: resolved === "send" || resolved === "drop" ? resolved : null,
    stopped: stopped === "email" || stopped === "phone" ? stopped : null,
  };
}

export const meta = () => [{ title: "Campaigns | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

type ActionResult = { error: string; address?: string };

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const marketing = marketingOf(args.context);
  const form = owner.form ?? new FormData();
  const intent = field(form, "intent", 40);
  if (intent === "send") {
    const audience = readAudience({
      dueBefore: field(form, "dueBefore", 20),
      town: field(form, "town", 80),
      servedIn: field(form, "servedIn", 8),
    });
    const press = field(form, "press", 64);
    if (!audience || !/^[0-9a-f-]{36}$/.test(press)) {
      return data<ActionResult>({ error: "Count again, then press Send. Nothing was sent." }, { status: 400 });
    }
    if (args.context.notifyTo === null) {
      return data<ActionResult>({ error: "No e-mail is set up on the server. Nothing was sent." }, { status: 409 });
    }
    try {
      const { campaign } = await marketing.campaigns.send(press, audience);
      return redirect(`/owner/campaigns?sent=${campaign.id}`, { status: 303, ...noStore });
    } catch (error) {
      console.error(error);
      const why = error instanceof Error ? error.message : String(error);
      return data<ActionResult>(
        { error: `The campaign could not be queued (${why}). Nothing was sent.` },
        { status: 500 },
      );
    }
  }
  if (intent === "resolve") {
    const id = idParam(field(form, "id", 20));
    const choice = field(form, "choice", 10);
    if (id === null || (choice !== "send" && choice !== "drop")) unknownIntent();
    if (!marketing.campaigns.resolve(id, choice)) {
      return data<ActionResult>({ error: "That e-mail is no longer in doubt: nothing was changed." }, { status: 409 });
    }
    return redirect(`/owner/campaigns?resolved=${choice}`, { status: 303, ...noStore });
  }
  if (intent === "stop") {
    const address = field(form, "address", 320);
    const kind = marketing.stopAddress(address);
    if (!kind) {
      return data<ActionResult>(
        { error: "Type an e-mail address or a phone number with its area code. Nothing was changed.", address },
        { status: 400 },
      );
    }
    return redirect(`/owner/campaigns?stopped=${kind}`, { status: 303, ...noStore });
  }
  return unknownIntent();
}

export default function Campaigns({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle sub="E-mails that bring your customers back: a campaign before the season, and the reminders.">
        Campaigns
      </PageTitle>
      {d.sent && (
        <Notice>
          Campaign #{d.sent.id} is on its way: {d.sent.recipients} e-mail{d.sent.recipients === 1 ? "" : "s"} queued (
          {d.sent.audience}). They go one every {d.paceSeconds} s, on business days from 9 to 5.
        </Notice>
      )}
      {d.resolved && (
        <Notice>{d.resolved === "send" ? "It goes again, once." : "Dropped: it will not be sent."}</Notice>
      )}
      {d.stopped && (
        <Notice>That {d.stopped === "email" ? "address" : "number"} gets no more reminders or campaigns.</Notice>
      )}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      {d.problems.map((p) => (
        <Notice key={p} tone="warn">
          {p}
        </Notice>
      ))}
      <NewCampaign data={d} />
      <CampaignLists data={d} stopAddress={actionData?.address ?? ""} />
    </>
  );
}
