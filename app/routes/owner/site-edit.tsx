// /owner/site/edit/<kind>[/<slug>]: one content file's form. The server checks every save with the schema the build
// uses, then publishes it (server/publishing/publish.ts). Articles: the body as plain text, a Preview made by the real article
// renderer, and "Unpublish".
import { parse } from "@conform-to/react";
import { redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/site-edit";
import { field, notFound, requireOwner, unknownIntent } from "./guard.server";
import {
  articleTemplate,
  checkSource,
  dataFromPayload,
  findFile,
  formOf,
  formValue,
  readSource,
  serialize,
  type SiteFile,
  openSiteRepo,
  publishingOff,
} from "./site-files.server";
import { type FieldSpec, fieldLabel, fieldName } from "./site-form";
import { SiteForm } from "./site-form-view";
import { Button, Notice, PageTitle } from "./ui";
import { ArticleBody } from "~/components/article-body";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { loadMarkdown } from "~/content/load";
import { postFrontMatter } from "~/content/schema";
import type { Post } from "~/content/types";

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

/** zod's own messages in plain words; a schema's own message (e.g. "must be a time written HH:MM") wins. */
function plainMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "too_small":
      return issue.origin === "array"
        ? `needs at least ${String(issue.minimum)}`
        : issue.origin === "string"
          ? "must not be empty"
          : `must be at least ${String(issue.minimum)}`;
    case "too_big":
      return issue.origin === "array"
        ? `takes at most ${String(issue.maximum)}`
        : `must be at most ${String(issue.maximum)}`;
    case "invalid_type":
      return issue.expected === "number" ? "must be a number" : "is missing";
    case "invalid_value":
      return "is not one of the choices";
    case "unrecognized_keys":
      return "has a field the site does not know";
    default:
      return "is not valid";
  }
}

function fileFor(params: Route.LoaderArgs["params"], isNew: boolean): SiteFile {
  return findFile(params.kind, params.slug, { allowNew: isNew && params.kind === "posts" }) ?? notFound();
}

function sourceOf(file: SiteFile, isNew: boolean, now: Date): string {
  // A new article is dated the business's today, on the server's clock.
  if (isNew) return articleTemplate(file.slug ?? "new-article", dayAt(now, business.timeZone));
  return readSource(file);
}

/** "Business facts: Phone, Opening hours" from the top-level fields that changed. */
function summary(
  file: SiteFile,
  spec: FieldSpec,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const fields = spec.type === "object" ? spec.fields : [];
  const changed = fields
    .filter(([k]) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map(([k, f]) => (k === "items" ? "" : f.label))
    .filter(Boolean);
  return `${file.title}${changed.length ? `: ${changed.slice(0, 4).join(", ")}${changed.length > 4 ? "…" : ""}` : ""}`;
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  openSiteRepo(args.context);
  // The owner is about to save: the render's worker gets ready meanwhile (decision 0027).
  args.context.publisher?.warm();
  const isNew = new URL(args.request.url).searchParams.has("new");
  const file = fileFor(args.params, isNew);
  if (isNew && findFile("posts", file.slug ?? "")) throw redirect(`/owner/site/edit/posts/${file.slug}`, NO_STORE);
  const { spec } = formOf(file);
  return {
    csrf: owner.csrf,
    file,
    spec,
    value: formValue(file, sourceOf(file, isNew, args.context.now())),
    isNew,
    off: publishingOff(args.context),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args, { maxBytes: 512 * 1024 });
  // Our buttons say save, preview or unpublish; Conform's list buttons (add, remove, move) send `__intent__` instead.
  const intent = field(owner.form, "intent", 40);
  const listButton = intent === "" && field(owner.form, "__intent__", 2000) !== "";
  if (intent !== "save" && intent !== "preview" && intent !== "unpublish" && !listButton) unknownIntent();
  openSiteRepo(args.context);
  const isNew = new URL(args.request.url).searchParams.has("new");
  const file = fileFor(args.params, isNew);
  const publisher = args.context.publisher;

  if (intent === "unpublish") {
    if (file.kind !== "posts" || isNew) notFound();
    // The page says why (its loader's notice); nothing is removed.
    if (!publisher) return { result: undefined, preview: null };
    publisher.save({ summary: `Articles: unpublished ${file.slug}`, files: [{ path: file.path, content: null }] });
    return redirect("/owner/site?saved", NO_STORE);
  }

  const payload = new FormData();
  for (const [k, v] of owner.form?.entries() ?? []) if (k !== "csrf" && k !== "intent") payload.append(k, v);
  const { schema, spec } = formOf(file);
  // Conform turns the posted names into nested data and applies list buttons; the build's own schema judges it.
  const submission = parse<Record<string, unknown>, string[]>(payload, {
    resolve: (value, listButton) => {
      if (listButton) return { error: null };
      const data = dataFromPayload(file, spec, value);
      const checked = schema.safeParse(data, { error: plainMessage });
      if (checked.success) return { value: data };
      const error: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
      return { error };
    },
  });
  if (submission.status !== "success") {
    // List buttons (add, remove, move) land here too: Conform applies them and the page shows the new list.
    const errors = submission.error ?? {};
    const words = Object.entries(errors)
      .filter(([, messages]) => messages?.length)
      .map(([name, messages]) => `${wordsFor(spec, name)} ${messages?.join(" ") ?? ""}`);
    return { result: submission.reply({ formErrors: submission.status === "error" ? words : [] }), preview: null };
  }

  const oldSource = sourceOf(file, isNew, args.context.now());
  const data = submission.value;
  const source = serialize(file, data, oldSource);
  try {
    checkSource(file, source);
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\s*\n\s*/g, " ") : "the file is not valid";
    return { result: submission.reply({ formErrors: [message] }), preview: null };
  }

  if (intent === "preview" && file.kind === "posts") {
    const { data: front, body } = loadMarkdown(`/${file.path}`, source, postFrontMatter);
    const post: Post = { slug: file.slug ?? "", ...front, body };
    return { result: submission.reply(), preview: post };
  }

  // The owner's typing stays in the form; the page says why it cannot be published.
  if (!publisher)
    return { result: submission.reply({ formErrors: [publishingOff(args.context) ?? ""] }), preview: null };
  if (source === oldSource && !isNew) return redirect("/owner/site", NO_STORE);
  publisher.save({
    summary: isNew ? `Articles: new article ${file.slug}` : summary(file, spec, formValue(file, oldSource), data),
    files: [{ path: file.path, content: source }],
  });
  return redirect("/owner/site?saved", NO_STORE);
}

/** A Conform field name ("hours[1].closes") in words ("Opening hours 2 › Closes"). */
function wordsFor(spec: FieldSpec, name: string): string {
  if (!name) return "The form";
  const path = name
    .split(/\.|\[(\d+)\]/)
    .filter((p) => p !== undefined && p !== "")
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return fieldName(path) === name ? fieldLabel(spec, path) : name;
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.file.title ?? "Edit"} | Owner console` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SiteEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { file, spec, value, csrf, isNew } = loaderData;
  const isPost = file.kind === "posts";
  return (
    <>
      <a href="/owner/site" className="inline-flex min-h-11 items-center underline underline-offset-4">
        ← Site
      </a>
      <PageTitle
        sub={
          isPost
            ? "Write the article in the box; Preview shows it as the site will."
            : "Change what you need, then Save and publish."
        }
      >
        {file.title}
      </PageTitle>
      {loaderData.off && <Notice tone="warn">{loaderData.off}</Notice>}
      {isNew && <Notice>A new article from the template. It is published when you save.</Notice>}
      <SiteForm
        spec={spec}
        defaultValue={value}
        lastResult={actionData?.result}
        csrf={csrf}
        actions={
          isPost ? (
            <>
              <Button name="intent" value="preview" variant="quiet">
                Preview
              </Button>
              {!isNew && (
                <Button name="intent" value="unpublish" variant="danger" formNoValidate>
                  Unpublish
                </Button>
              )}
            </>
          ) : null
        }
      >
        {isPost
          ? (form) => {
              const body = form.getFieldset().body;
              return (
                <div className="mb-4">
                  <label htmlFor="article-body" className="font-serif text-lg font-bold">
                    Article
                  </label>
                  <p className="text-sm text-soot-800">
                    Markdown: ## for a heading, **bold**, ::photo&#123;file=… alt=…&#125;, :::callout for a box.
                    Placeholders like &#123;&#123;claims.warranty&#125;&#125; stay as written.
                  </p>
                  <textarea
                    id="article-body"
                    name="body"
                    key={body?.key}
                    defaultValue={typeof body?.initialValue === "string" ? body.initialValue : ""}
                    rows={18}
                    className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 font-mono text-sm"
                  />
                </div>
              );
            }
          : undefined}
      </SiteForm>
      {actionData?.preview && (
        <section
          aria-labelledby="preview-title"
          className="mt-6 rounded-xl border-4 border-dashed border-mortar-300 bg-white p-4"
        >
          <h2 id="preview-title" className="mb-3 font-serif text-xl font-bold">
            Preview (not published yet)
          </h2>
          <h1 className="font-serif text-3xl font-bold">{actionData.preview.title}</h1>
          <ArticleBody post={actionData.preview} />
        </section>
      )}
    </>
  );
}
