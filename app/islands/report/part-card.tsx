// One part of one flue on the visit (decision 0054): its state as four big buttons, "Do not use until fixed", what
// is wrong (from the words library), what makes it worse and when to look again for a Watch, why for Not inspected,
// a note, and up to 3 photos. A plain form without script; with it, kept on the phone as typed and sent when saved.
// Which boxes show follows the state chosen, by CSS alone, so it works either way.
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { MAX_FINDING_PHOTOS, REPORT_LIMITS } from "~/content/condition-report";
import type { Choice, FieldDefect, FieldPart, FindingValues } from "~/lib/report-field";
import type { FindingState } from "~/content/condition-report";
import type { PhotoState } from "~/lib/field-queue";

export type PartPhoto = { id: string; state: PhotoState; error: string | null; thumb: string | null };

export type PartCardProps = {
  base: string;
  csrf: string;
  flueId: number;
  part: FieldPart;
  states: Choice<FindingState>[];
  doNotUseLabel: string;
  reasons: string[];
  recheckDefault: string;
  values: FindingValues;
  photos: PartPhoto[];
  problems: Record<string, string>;
  /** "Saved", "Kept on this phone …": where this part stands. */
  status: string | null;
  onChange: (values: FindingValues) => void;
  onSave: (values: FindingValues) => void;
  onPhotos: (files: File[]) => Promise<string[]>;
  onRemovePhoto: (id: string) => void;
};

const STATE_TONE: Record<FindingState, string> = {
  good: "has-checked:border-green-700 has-checked:bg-green-50",
  watch: "has-checked:border-amber-600 has-checked:bg-amber-50",
  repair: "has-checked:border-brick-700 has-checked:bg-brick-100",
  "not-inspected": "has-checked:border-soot-700 has-checked:bg-mortar-100",
};
const CHIP: Record<FindingState, string> = {
  good: "bg-green-100 text-green-900",
  watch: "bg-amber-100 text-amber-900",
  repair: "bg-brick-100 text-brick-900",
  "not-inspected": "bg-mortar-200 text-soot-900",
};
const PHOTO_WORDS: Record<PhotoState, string> = { waiting: "Waiting", stored: "On the server", refused: "Not kept" };

const box = "mt-1 block min-h-12 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-base";

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} role="alert" className="mt-1 font-semibold text-brick-800">
      {text}
    </p>
  ) : null;
}

export function PartCard(props: PartCardProps) {
  const { part, values, photos, problems, states } = props;
  const id = useId();
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const set = (change: Partial<FindingValues>) => props.onChange({ ...values, ...change });
  const stateLabel = states.find((s) => s.value === values.state)?.label;
  const kept = photos.filter((p) => p.state !== "refused");
  const full = kept.length >= MAX_FINDING_PHOTOS;

  function chooseState(state: FindingState) {
    const change: Partial<FindingValues> = { state };
    if (state === "watch" && !values.recheckDay) change.recheckDay = props.recheckDefault;
    if (state === "good" || state === "watch") change.doNotUse = false;
    set(change);
  }

  function chooseDefect(key: string) {
    const defect: FieldDefect | undefined = part.defects.find((d) => d.key === key);
    if (!defect) return set({ defect: key });
    set({
      defect: key,
      state: values.state === "watch" || values.state === "repair" ? values.state : defect.state,
      doNotUse: values.doNotUse || defect.doNotUse,
      worseIf: values.worseIf || defect.worseIf,
      recheckDay: values.recheckDay || (defect.state === "watch" ? props.recheckDefault : ""),
    });
  }

  async function takePhotos(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])].slice(0, MAX_FINDING_PHOTOS - kept.length);
    event.target.value = "";
    setPhotoErrors(await props.onPhotos(files));
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSave(values);
  }

  // Open while the owner works on it, and whenever it has something to fix; he closes it himself.
  const problemText = Object.values(problems).join("\n");
  const [open, setOpen] = useState(problemText !== "");
  const [shownProblems, setShownProblems] = useState(problemText);
  if (problemText !== shownProblems) {
    setShownProblems(problemText);
    if (problemText) setOpen(true);
  }
  return (
    <details
      className="group/part rounded-xl border border-mortar-200 bg-white shadow-sm"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-2 px-4 py-2">
        <span className="flex-1 text-lg font-semibold">{part.name}</span>
        {values.doNotUse && (
          <span className="rounded-full bg-brick-700 px-2 py-0.5 text-sm font-bold text-white">Do not use</span>
        )}
        {stateLabel && values.state && (
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${CHIP[values.state]}`}>{stateLabel}</span>
        )}
        {kept.length > 0 && (
          <span className="text-sm whitespace-nowrap text-soot-800">
            {kept.length} {kept.length === 1 ? "photo" : "photos"}
          </span>
        )}
      </summary>
      <form
        method="post"
        action={props.base}
        onSubmit={save}
        className="group/form space-y-4 border-t border-mortar-200 px-4 py-4"
      >
        <input type="hidden" name="csrf" value={props.csrf} />
        <input type="hidden" name="intent" value="finding" />
        <input type="hidden" name="flue" value={props.flueId} />
        <input type="hidden" name="part" value={part.key} />
        <fieldset aria-describedby={problems.state ? `${id}-state` : undefined}>
          <legend className="font-semibold">State</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {states.map((s) => (
              <label
                key={s.value}
                className={`flex min-h-14 items-center gap-2 rounded-lg border-2 border-mortar-300 px-3 text-lg font-semibold ${STATE_TONE[s.value]}`}
              >
                <input
                  type="radio"
                  name="state"
                  value={s.value}
                  checked={values.state === s.value}
                  onChange={() => chooseState(s.value)}
                  className="size-6 shrink-0"
                />
                {s.label}
              </label>
            ))}
          </div>
          <Problem id={`${id}-state`} text={problems.state} />
        </fieldset>
        <div className="hidden group-has-[[name=state][value=not-inspected]:checked]/form:block group-has-[[name=state][value=repair]:checked]/form:block">
          <label className="flex min-h-14 items-center gap-3 rounded-lg border-2 border-brick-700 px-3 font-semibold text-brick-900 has-checked:bg-brick-100">
            <input
              type="checkbox"
              name="doNotUse"
              checked={values.doNotUse}
              onChange={(e) => set({ doNotUse: e.target.checked })}
              className="size-6 shrink-0"
            />
            {props.doNotUseLabel}
          </label>
          <Problem id={`${id}-dnu`} text={problems.doNotUse} />
        </div>
        <div className="hidden group-has-[[name=state][value=repair]:checked]/form:block group-has-[[name=state][value=watch]:checked]/form:block">
          <label className="block font-semibold" htmlFor={`${id}-defect`}>
            What is wrong
          </label>
          <select
            id={`${id}-defect`}
            name="defect"
            value={values.defect}
            onChange={(e) => chooseDefect(e.target.value)}
            className={box}
          >
            <option value="">Choose…</option>
            {part.defects.map((d) => (
              <option key={d.key} value={d.key}>
                {d.name}
              </option>
            ))}
          </select>
          <Problem id={`${id}-defect-p`} text={problems.defect} />
        </div>
        <div className="hidden space-y-4 group-has-[[name=state][value=watch]:checked]/form:block">
          <label className="block font-semibold">
            What would make it worse
            <input
              name="worseIf"
              value={values.worseIf}
              maxLength={REPORT_LIMITS.worseIf}
              onChange={(e) => set({ worseIf: e.target.value })}
              aria-describedby={problems.worseIf ? `${id}-worse` : undefined}
              className={box}
            />
          </label>
          <Problem id={`${id}-worse`} text={problems.worseIf} />
          <label className="block font-semibold">
            Look at it again on
            <input
              type="date"
              name="recheckDay"
              value={values.recheckDay}
              onChange={(e) => set({ recheckDay: e.target.value })}
              aria-describedby={problems.recheckDay ? `${id}-recheck` : undefined}
              className={box}
            />
          </label>
          <Problem id={`${id}-recheck`} text={problems.recheckDay} />
        </div>
        <div className="hidden group-has-[[name=state][value=not-inspected]:checked]/form:block">
          <label className="block font-semibold">
            Why it was not inspected
            <input
              name="notInspectedWhy"
              list={`${id}-reasons`}
              value={values.notInspectedWhy}
              maxLength={REPORT_LIMITS.notInspectedWhy}
              onChange={(e) => set({ notInspectedWhy: e.target.value })}
              aria-describedby={problems.notInspectedWhy ? `${id}-why` : undefined}
              className={box}
            />
          </label>
          <datalist id={`${id}-reasons`}>
            {props.reasons.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <Problem id={`${id}-why`} text={problems.notInspectedWhy} />
        </div>
        <label className="block font-semibold">
          Note <span className="font-normal text-soot-800">(the homeowner reads it)</span>
          <textarea
            name="note"
            rows={2}
            value={values.note}
            maxLength={REPORT_LIMITS.note}
            onChange={(e) => set({ note: e.target.value })}
            className={box}
          />
        </label>
        <Problem id={`${id}-note`} text={problems.note} />
        <PartPhotos
          {...props}
          kept={kept.length}
          full={full}
          onTake={takePhotos}
          errors={[...photoErrors, ...(problems.photos ? [problems.photos] : [])]}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-ember-500 px-5 text-lg font-semibold text-soot-950 hover:bg-ember-400 sm:w-auto"
          >
            Save {part.name.toLowerCase()}
          </button>
          {props.status && <p className="text-sm text-soot-800">{props.status}</p>}
        </div>
      </form>
    </details>
  );
}

function PartPhotos({
  photos,
  base,
  part,
  kept,
  full,
  errors,
  onTake,
  onRemovePhoto,
}: PartCardProps & {
  kept: number;
  full: boolean;
  errors: string[];
  onTake: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div>
      <p className="font-semibold">
        Photos{" "}
        <span className="font-normal text-soot-800">
          ({kept} of {MAX_FINDING_PHOTOS}; Watch and Repair now need one)
        </span>
      </p>
      {photos.length > 0 && (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {photos.map((p, i) => (
            <li key={p.id} className="relative">
              <img
                src={p.thumb || `${base}/photos/${p.id}-thumb`}
                alt={`${part.name}, photo ${i + 1}`}
                width={240}
                height={180}
                className="aspect-[4/3] w-full rounded-lg bg-mortar-100 object-cover"
              />
              <span
                className={`mt-1 block text-xs font-semibold ${p.state === "stored" ? "text-green-800" : p.state === "refused" ? "text-brick-800" : "text-amber-800"}`}
              >
                {PHOTO_WORDS[p.state]}
              </span>
              {p.error && <span className="block text-xs text-brick-800">{p.error}</span>}
              <button
                type="button"
                onClick={() => onRemovePhoto(p.id)}
                className="mt-1 min-h-11 w-full rounded-lg border-2 border-mortar-300 text-sm font-semibold"
              >
                Remove<span className="sr-only"> photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <label className="mt-2 flex min-h-12 cursor-pointer items-center justify-center rounded-lg border-2 border-dashed border-soot-700 px-4 text-lg font-semibold has-focus-visible:outline-2">
          Add a photo
          <input type="file" accept="image/jpeg,image/png" multiple onChange={onTake} className="sr-only" />
        </label>
      )}
      <noscript>
        <p className="mt-2 text-sm text-soot-800">
          Photos need JavaScript on: turn it on in this browser&apos;s settings.
        </p>
      </noscript>
      {errors.map((e) => (
        <p key={e} role="alert" className="mt-1 font-semibold text-brick-800">
          {e}
        </p>
      ))}
    </div>
  );
}
