// /owner/site: every content file with a link to its form, what is being published (with its time), the last
// changes, "Undo last change" and "New article". While a publish runs the page refreshes itself (no script needed).
import { redirect } from "react-router";
import type { Route } from "./+types/site";
import { field, requireOwner, unknownIntent } from "./guard.server";
import { findFile, listFiles, pageOf, SLUG, openSiteRepo, publishingOff } from "./site-files.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";

const STATE_WORDS = {
  queued: "Waiting to start",
  rendering: "Publishing: putting the pages together",
  checking: "Publishing: checking the new version",
  published: "Published",
  failed: "Not published",
  unchanged: "Nothing to publish (no change)",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  openSiteRepo(args.context);
  const publisher = args.context.publisher;
  // The render's worker is started by the editor, not here: started a tap ahead, it was still importing when the
  // editor opened, and on two cores the editor's page then held the event loop 46-69 ms (issue 51, decision 0048).
  const now = Date.now();
  const jobs = (publisher?.jobs() ?? []).slice(0, 8).map((j) => ({
    id: j.id,
    summary: j.summary,
    state: j.state,
    words: STATE_WORDS[j.state],
    seconds: Math.round(((j.durationMs ?? (j.startedAt ? now - j.startedAt : 0)) / 1000) * 10) / 10,
    error: j.error ?? null,
    resumed: j.resumed === true,
  }));
  const files = listFiles().map((f) => ({
    href: `/owner/site/edit/${f.kind}${f.slug ? `/${f.slug}` : ""}`,
    ...pageOf(f),
    ...f,
  }));
  return {
    csrf: owner.csrf,
    canPublish: publisher !== null,
    off: publishingOff(args.context),
    busy: jobs.some((j) => j.state === "queued" || j.state === "rendering" || j.state === "checking"),
    jobs,
    files,
    message: new URL(args.request.url).searchParams.get("saved") === null ? null : "Saved. Publishing now.",
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  // The button first: publishing switched off is no answer to a button this page does not know.
  const intent = field(owner.form, "intent", 40);
  if (intent !== "undo" && intent !== "new-article") unknownIntent();
  openSiteRepo(args.context);
  const publisher = args.context.publisher;
  if (!publisher) return { error: publishingOff(args.context) };
  if (intent === "undo") {
    publisher.undo();
    return redirect("/owner/site?saved", { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === "new-article") {
    const slug = field(owner.form, "slug", 120)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
    if (!SLUG.test(slug))
      return { error: "Give the article's web address as a few words, e.g. crown-repair-in-winter." };
    if (findFile("posts", slug)) return { error: `There is already an article at /blog/${slug}.` };
    return redirect(`/owner/site/edit/posts/${slug}?new`, { headers: { "Cache-Control": "no-store" } });
  }
  unknownIntent();
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: "Site | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
  ...(data?.busy ? [{ httpEquiv: "refresh", content: "1" }] : []),
];

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, files, csrf } = loaderData;
  const groups = [...new Set(files.map((f) => f.kind))];
  return (
    <>
      <PageTitle sub="Change the words and photos of the site. Each save publishes itself in a few seconds.">
        Site
      </PageTitle>
      {loaderData.off && <Notice tone="warn">{loaderData.off}</Notice>}
      {loaderData.message && <Notice>{loaderData.message}</Notice>}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}

      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Publishing</h2>
        {jobs.length === 0 ? (
          <p className="mt-1">No changes since the server started.</p>
        ) : (
          <ul className="mt-2 space-y-2" aria-live="polite">
            {jobs.map((j) => (
              <li key={j.id} className="border-l-4 border-mortar-300 pl-3" data-state={j.state}>
                <p className="font-semibold">{j.summary}</p>
                <p>
                  {j.words}
                  {j.seconds > 0 && ` · ${j.seconds} s`}
                </p>
                {j.resumed && <p>The server restarted while this was publishing, so it was published again.</p>}
                {j.error && <p className="font-semibold text-brick-800">The site was not changed: {j.error}</p>}
              </li>
            ))}
          </ul>
        )}
        {loaderData.canPublish && (
          <form method="post" className="mt-3">
            <CsrfField token={csrf} />
            <Button name="intent" value="undo" variant="quiet">
              Undo last change
            </Button>
          </form>
        )}
      </Card>

      <Card className="mb-5">
        <h2 className="font-serif text-xl font-bold">Photos of your work</h2>
        <p className="mt-1">Add photos from your phone; they show under “Recent work”.</p>
        <a
          href="/owner/site/photos"
          className="mt-2 inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
        >
          Add or remove photos
        </a>
      </Card>

      {groups.map((kind) => (
        <Card key={kind} className="mb-3">
          <h2 className="font-serif text-lg font-bold">{files.find((f) => f.kind === kind)?.title.split(":")[0]}</h2>
          <ul className="mt-1">
            {files
              .filter((f) => f.kind === kind)
              .map((f) => (
                <li key={f.path} className="flex flex-wrap items-baseline gap-x-2">
                  {/* The page's name is the link: what the site calls it, and what a screen reader says. */}
                  <a href={f.href} className="inline-flex min-h-11 items-center underline underline-offset-4">
                    {f.name}
                  </a>
                  {f.address && <span className="text-sm text-soot-800">{f.address}</span>}
                </li>
              ))}
          </ul>
          {kind === "posts" && loaderData.canPublish && (
            <form method="post" className="mt-2">
              <CsrfField token={csrf} />
              <label htmlFor="new-slug" className="font-semibold">
                New article: its web address
              </label>
              <div className="mt-1 flex flex-wrap gap-2">
                <input
                  id="new-slug"
                  name="slug"
                  placeholder="crown-repair-in-winter"
                  className="min-h-11 flex-1 rounded-lg border-2 border-mortar-300 px-3"
                />
                <Button name="intent" value="new-article" variant="dark">
                  New article
                </Button>
              </div>
            </form>
          )}
        </Card>
      ))}
    </>
  );
}
