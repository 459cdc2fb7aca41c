// The console's condition report at the visit, on the phone (owner console only; decision 0054): the scope, then each
// flue's parts, then Send. Without script it is plain forms; hydrated, what the owner types and photographs is kept
// on the phone (IndexedDB) first and sent while the page is open, with "3 photos waiting" at the top until the server
// has them, and Send off until then. A reload without signal shows the same draft and the same waiting photos.
// Its classes stay out of the public stylesheet (app/styles/app.css skips this folder).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ReportPart } from "~/content/condition-report";
import { checkFinding } from "~/lib/finding-rules";
import { partPhotos, shownValues, type QueuedDraft } from "~/lib/field-queue";
import {
  draftKey,
  type FieldFinding,
  type FindingValues,
  type ReportFieldProps,
  type ScopeValues,
} from "~/lib/report-field";
import { waitingWords } from "~/lib/report-photos";
import { fieldDb } from "./field-db";
import { PartCard } from "./part-card";
import { ScopeCard } from "./scope-card";
import { SendCard } from "./send-card";
import { useFieldQueue, type DraftInput, type Queue } from "./use-field-queue";

export type { ReportFieldProps };

const EMPTY: FindingValues = {
  state: "",
  doNotUse: false,
  defect: "",
  note: "",
  worseIf: "",
  recheckDay: "",
  notInspectedWhy: "",
};

function statusOf(draft: QueuedDraft | undefined, online: boolean): string | null {
  if (!draft) return null;
  if (draft.status === "typing") return "Not saved yet: kept on this phone.";
  if (draft.status === "pending")
    return online ? "Saving…" : "Saved on this phone. It goes to the server when there is signal.";
  if (draft.status === "refused") return "Not saved: see above.";
  return "Saved.";
}

export function ReportField(props: ReportFieldProps & { problems?: Record<string, string>; problemsAt?: string }) {
  const { visitId, base, csrf } = props;
  const [blockers, setBlockers] = useState(props.blockers);
  const [sending, setSending] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonProblem, setReasonProblem] = useState<string | undefined>(undefined);
  const serverFinding = useCallback(
    (flueId: number, part: ReportPart): FieldFinding | undefined =>
      props.findings.find((f) => f.flueId === flueId && f.part === part),
    [props.findings],
  );

  const photoIdsFor = useCallback(
    (flueId: number, part: ReportPart, queue: Queue) => {
      const removed = new Set(queue.removals.map((r) => r.photoId));
      const phone = queue.photos.filter((p) => p.flueId === flueId && p.part === part && p.state !== "refused");
      return partPhotos(serverFinding(flueId, part), phone, removed)
        .filter((p) => p.state !== "refused")
        .map((p) => p.id);
    },
    [serverFinding],
  );

  const allPhotoIds = (queue: Queue) =>
    props.flues.flatMap((f) => props.parts.flatMap((p) => photoIdsFor(f.id, p.key, queue)));

  // The photo ids a check names, as of the latest render (the outbox calls `check` when it has emptied).
  const namedIds = useRef<() => string[]>(() => []);
  const check = useCallback(async () => {
    const form = new URLSearchParams({ csrf, intent: "check" });
    for (const id of namedIds.current()) form.append("photos", id);
    try {
      const response = await fetch(`${base}/save`, { method: "POST", body: form, credentials: "same-origin" });
      const body = (await response.json()) as { blockers?: unknown };
      if (Array.isArray(body.blockers)) setBlockers(body.blockers.filter((b): b is string => typeof b === "string"));
    } catch {
      // No answer: the list stays as it was; Send asks again.
    }
  }, [base, csrf]);

  const field = useFieldQueue({ visitId, base, csrf, photoIdsFor, onDrained: () => void check() });
  useEffect(() => {
    namedIds.current = () => allPhotoIds(field.queue);
  });
  const drafts = useMemo(() => new Map(field.queue.drafts.map((d) => [d.key, d])), [field.queue.drafts]);
  const removed = useMemo(() => new Set(field.queue.removals.map((r) => r.photoId)), [field.queue.removals]);

  useEffect(() => {
    // The phone's saved copies the page already shows are done with.
    for (const d of field.queue.drafts)
      if (d.status === "saved" && (d.savedRev ?? 0) <= props.rev) void fieldDb.deleteDraft(d.key);
  }, [field.loaded]); // eslint-disable-line react-hooks/exhaustive-deps -- once, after the phone's copy is read

  const scopeDraft = drafts.get(draftKey(visitId, "scope"));
  const scope = shownValues(props.scope, scopeDraft, props.rev).values;
  const serverProblems = (key: string) => (props.problemsAt === key ? (props.problems ?? {}) : {});

  const phoneBlockers = [
    ...(field.waiting > 0 ? [`${waitingWords(field.waiting)} on this phone: they go as soon as there is signal.`] : []),
    ...(field.unsaved > 0
      ? [`${field.unsaved} saved ${field.unsaved === 1 ? "part is" : "parts are"} on this phone only.`]
      : []),
  ];

  async function send() {
    setSending(true);
    const form = new URLSearchParams({ csrf, intent: "send", reason });
    for (const id of allPhotoIds(field.queue)) form.append("photos", id);
    try {
      const response = await fetch(`${base}/save`, { method: "POST", body: form, credentials: "same-origin" });
      const body = (await response.json()) as {
        ok?: boolean;
        next?: unknown;
        blockers?: unknown;
        problems?: { reason?: unknown };
      };
      if (body.ok && typeof body.next === "string" && body.next.startsWith("/owner/"))
        return location.assign(body.next);
      if (Array.isArray(body.blockers)) setBlockers(body.blockers.filter((b): b is string => typeof b === "string"));
      setReasonProblem(typeof body.problems?.reason === "string" ? body.problems.reason : undefined);
    } catch {
      setBlockers(["No answer from the server: check the signal and press Send again."]);
    }
    setSending(false);
  }

  return (
    <div className="space-y-5">
      <p
        role="status"
        className={`sticky top-0 z-10 rounded-lg px-4 py-3 font-semibold shadow-sm ${
          field.waiting > 0 || !field.online ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"
        }`}
      >
        {!field.online && "No signal. "}
        {field.waiting > 0
          ? waitingWords(field.waiting)
          : field.loaded
            ? "All photos are on the server."
            : "Photos go to the server as soon as they are taken."}
        {field.storageProblem && <span className="block font-normal">{field.storageProblem}</span>}
      </p>
      <ScopeCard
        base={base}
        csrf={csrf}
        levels={props.levels}
        weather={props.weather}
        roofAccess={props.roofAccess}
        values={scope}
        problems={scopeDraft?.status === "refused" ? scopeDraft.problems : serverProblems("scope")}
        status={statusOf(scopeDraft, field.online)}
        onChange={(values: ScopeValues) => void field.keepDraft(scopeDraftOf(values, "typing"))}
        onSave={(values: ScopeValues) => void field.keepDraft(scopeDraftOf(values, "pending"))}
      />
      {props.flues.map((flue) => (
        <section key={flue.id} aria-labelledby={`flue-${flue.id}`} className="space-y-2">
          <h2 id={`flue-${flue.id}`} className="font-serif text-2xl font-bold">
            {flue.label}
          </h2>
          {props.parts.map((part) => {
            const key = draftKey(visitId, flue.id, part.key);
            const draft = drafts.get(key);
            const server = serverFinding(flue.id, part.key);
            const values = shownValues<FindingValues>(server ?? EMPTY, draft, props.rev).values;
            const phone = field.queue.photos.filter((p) => p.flueId === flue.id && p.part === part.key);
            const photos = partPhotos(server, phone, removed);
            const keep = (next: FindingValues, status: DraftInput["status"], problems?: Record<string, string>) =>
              void field.keepDraft(
                { key, visitId, kind: "finding", flueId: flue.id, part: part.key, values: next, status },
                problems,
              );
            return (
              <PartCard
                key={part.key}
                base={base}
                csrf={csrf}
                flueId={flue.id}
                part={part}
                states={props.states}
                doNotUseLabel={props.doNotUseLabel}
                reasons={props.notInspectedReasons}
                recheckDefault={props.recheckDefault}
                values={values}
                photos={photos}
                problems={draft?.status === "refused" ? draft.problems : serverProblems(key)}
                status={statusOf(draft, field.online)}
                onChange={(next) => keep(next, "typing")}
                onSave={(next) => {
                  // The same rules as the server's, at once: a refusal shows at its box without a round trip.
                  const local = checkFinding(
                    { ...next, photos: photos.filter((p) => p.state !== "refused").length },
                    { defects: part.defects.map((d) => d.key), today: props.today },
                  );
                  if (local.ok) keep(next, "pending");
                  else keep(next, "refused", local.problems);
                }}
                onPhotos={(files) => field.addPhotos(flue.id, part.key, files)}
                onRemovePhoto={(id) => void field.removePhoto(id)}
              />
            );
          })}
        </section>
      ))}
      <SendCard
        base={base}
        csrf={csrf}
        blockers={[...blockers, ...phoneBlockers]}
        waiting={field.waiting}
        unsaved={field.unsaved}
        photoIds={allPhotoIds(field.queue)}
        busy={sending}
        sent={props.sent}
        reason={reason}
        reasonProblem={reasonProblem}
        onReason={setReason}
        onSend={() => void send()}
      />
    </div>
  );

  function scopeDraftOf(values: ScopeValues, status: DraftInput["status"]): DraftInput {
    return { key: draftKey(visitId, "scope"), visitId, kind: "scope", flueId: null, part: null, values, status };
  }
}
