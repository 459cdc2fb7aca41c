// /owner/customers/import: the owner's old customer list brought in (decision 0053). The file streams in through the
// estimate form's reader and is read, recognised and planned as a dry run that writes nothing but itself; its counts
// add up and its refused rows are listed by number. "Import N customers" commits that very file (by its SHA-256) in
// short transactions, one import at a time; each past import can be undone whole.
import { data, redirect } from "react-router";
import type { Route } from "./+types/customer-import";
import { field, idParam, plainAnswer, requireOwner, requireStreamedToken, unknownIntent } from "./guard.server";
import { batchViews, commitAnswer, deps, dryRunView, undoAnswer, type Answer } from "./customer-import.server";
import { ImportBatches } from "./import-batches";
import { DryRunSummary } from "./import-dry-run";
import { ImportUploadForm } from "./import-upload-form";
import { Notice, PageTitle } from "./ui";

// A new object each time: React Router's redirect() writes its status into the init it is given.
const noStore = () => ({ headers: { "Cache-Control": "no-store" } });
const HERE = "/owner/customers/import";
const UPLOAD_PROBLEMS = {
  "too-large": "That file is too large to be one customer list (10 MB at most). Split it and import each part.",
  malformed: "The file did not arrive whole. Try again.",
  stalled: "The file stopped arriving. Try again where the signal is better.",
  "unexpected-file": "The file did not arrive whole. Try again.",
} as const;
const FAILED = "The import could not be finished, so nothing was changed. Try again in a minute.";

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const url = new URL(args.request.url);
  const batch = idParam(url.searchParams.get("batch") ?? undefined);
  deps(args.context).batches.expire();
  const dryRun = batch === null ? null : dryRunView(args.context, batch);
  return data(
    {
      csrf: owner.csrf,
      dryRun,
      gone: batch !== null && dryRun === null,
      changed: url.searchParams.get("changed") === "1",
      done: url.searchParams.get("done"),
      batches: batchViews(args.context),
    },
    noStore(),
  );
}

function answer(a: Answer) {
  return "redirect" in a ? redirect(`${HERE}${a.redirect}`, noStore()) : data({ error: a.error }, { status: a.status });
}

async function upload(args: Route.ActionArgs) {
  const owner = await requireOwner(args, { stream: true });
  const { readImportUpload } = await import("../../../server/customer-import/import-upload.ts");
  const read = await readImportUpload(args.request, args.request.headers.get("content-type") ?? "", {
    idleMs: args.context.uploads.idleMs,
  });
  if ("kind" in read) {
    const status = read.kind === "too-large" ? 413 : read.kind === "stalled" ? 408 : 400;
    return data({ error: UPLOAD_PROBLEMS[read.kind] }, { status });
  }
  requireStreamedToken(owner, read.fields);
  if (new Map(read.fields).get("intent") !== "dry-run") unknownIntent();
  if (!read.file) return data({ error: "Choose the file with your customer list first." }, { status: 400 });
  const { dryRun } = await import("../../../server/customer-import/dry-run.ts");
  try {
    const result = await dryRun(deps(args.context), { bytes: read.file.bytes, fileName: read.file.name });
    if ("problem" in result) return data({ error: result.problem }, { status: 422 });
    return redirect(`${HERE}?batch=${result.batchId}`, noStore());
  } catch (error) {
    console.error("Customer import: the dry run failed", error);
    return data(
      { error: "The file could not be looked at. Nothing was changed. Try again in a minute." },
      { status: 500 },
    );
  }
}

export async function action(args: Route.ActionArgs) {
  if (/^multipart\/form-data/i.test(args.request.headers.get("content-type") ?? "")) return upload(args);
  const owner = await requireOwner(args);
  const intent = field(owner.form, "intent", 20);
  if (intent !== "commit" && intent !== "undo") unknownIntent();
  const batch = idParam(field(owner.form, "batch", 12));
  if (batch === null) throw plainAnswer(400, "Which import?");
  const audit = (event: string, detail: string) =>
    args.context.owner.audit.log(event, { detail, ip: args.context.clientIp });
  try {
    if (intent === "commit") {
      const hash = field(owner.form, "hash", 64);
      if (!/^[0-9a-f]{64}$/.test(hash)) throw plainAnswer(400, "Which file?");
      const { commitBatch } = await import("../../../server/customer-import/commit.ts");
      const outcome = await commitBatch(deps(args.context), batch, hash);
      if (outcome.kind === "imported")
        audit("customers imported", `import ${batch}: ${JSON.stringify(outcome.summary.counts)}`);
      return answer(commitAnswer(outcome, batch));
    }
    const { undoBatch } = await import("../../../server/customer-import/undo.ts");
    const outcome = await undoBatch(deps(args.context), batch);
    if (outcome.kind === "undone") audit("customer import undone", `import ${batch}: ${outcome.removed} removed`);
    return answer(undoAnswer(outcome));
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`Customer import: the ${intent} of import ${batch} failed`, error);
    return data({ error: FAILED }, { status: 500 });
  }
}

export const meta = () => [
  { title: "Import customers | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function CustomerImport({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, dryRun, gone, changed, done, batches } = loaderData;
  return (
    <>
      <a href="/owner/customers" className="inline-flex min-h-11 items-center underline underline-offset-4">
        ← Customers
      </a>
      <PageTitle sub="Bring in your customers from Jobber, Housecall Pro or a spreadsheet. You see what it will do before anything changes.">
        Import customers
      </PageTitle>
      {done && <Notice>{done}</Notice>}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      {gone && (
        <Notice tone="warn">That dry run is no longer waiting (it was imported, or it is over a day old).</Notice>
      )}
      {changed && (
        <Notice tone="warn">
          Your customer list changed since this dry run, so nothing was imported. This is what the file would do now:
          look again before you import.
        </Notice>
      )}
      {dryRun ? <DryRunSummary csrf={csrf} dryRun={dryRun} /> : <ImportUploadForm csrf={csrf} />}
      <ImportBatches csrf={csrf} batches={batches} />
    </>
  );
}
