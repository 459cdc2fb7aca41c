// The inspection's scope at the top of the report (decision 0054): its NFPA 211 level, the weather, how the top of
// the chimney was seen, and what was not inspected and why. Big choices, one tap each.
import type { FormEvent, ReactNode } from "react";
import { REPORT_LIMITS } from "~/content/condition-report";
import type { Choice, ScopeValues } from "~/lib/report-field";

export type ScopeCardProps = {
  base: string;
  csrf: string;
  levels: Choice<number>[];
  weather: Choice[];
  roofAccess: Choice[];
  values: ScopeValues;
  problems: Record<string, string>;
  status: string | null;
  onChange: (values: ScopeValues) => void;
  onSave: (values: ScopeValues) => void;
};

function Choices({
  legend,
  name,
  choices,
  value,
  onChoose,
  problem,
}: {
  legend: ReactNode;
  name: string;
  choices: Choice<string | number>[];
  value: string;
  onChoose: (value: string) => void;
  problem: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex min-h-12 items-center gap-2 rounded-lg border-2 border-mortar-300 px-3 font-semibold has-checked:border-soot-950 has-checked:bg-mortar-100"
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === String(c.value)}
              onChange={() => onChoose(String(c.value))}
              className="size-5 shrink-0"
            />
            {c.label}
          </label>
        ))}
      </div>
      {problem && (
        <p role="alert" className="mt-1 font-semibold text-brick-800">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

export function ScopeCard(props: ScopeCardProps) {
  const { values, problems } = props;
  const set = (change: Partial<ScopeValues>) => props.onChange({ ...values, ...change });
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSave(values);
  }
  return (
    <section className="rounded-xl border border-mortar-200 bg-white p-4 shadow-sm">
      <h2 className="font-serif text-xl font-bold">What was inspected</h2>
      <form method="post" action={props.base} onSubmit={save} className="mt-3 space-y-4">
        <input type="hidden" name="csrf" value={props.csrf} />
        <input type="hidden" name="intent" value="scope" />
        <Choices
          legend="Inspection level (NFPA 211)"
          name="nfpaLevel"
          choices={props.levels}
          value={values.nfpaLevel}
          onChoose={(nfpaLevel) => set({ nfpaLevel })}
          problem={problems.nfpaLevel}
        />
        <Choices
          legend="Weather"
          name="weather"
          choices={props.weather}
          value={values.weather}
          onChoose={(weather) => set({ weather })}
          problem={problems.weather}
        />
        <Choices
          legend="How the top of the chimney was seen"
          name="roofAccess"
          choices={props.roofAccess}
          value={values.roofAccess}
          onChoose={(roofAccess) => set({ roofAccess })}
          problem={problems.roofAccess}
        />
        <label className="block font-semibold">
          Not inspected, and why <span className="font-normal text-soot-800">(the homeowner reads it)</span>
          <textarea
            name="limits"
            rows={2}
            value={values.limits}
            maxLength={REPORT_LIMITS.limits}
            onChange={(e) => set({ limits: e.target.value })}
            className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-base"
          />
        </label>
        {problems.limits && (
          <p role="alert" className="font-semibold text-brick-800">
            {problems.limits}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-soot-950 px-5 text-lg font-semibold text-mortar-50 hover:bg-soot-800 sm:w-auto"
          >
            Save what was inspected
          </button>
          {props.status && <p className="text-sm text-soot-800">{props.status}</p>}
        </div>
      </form>
    </section>
  );
}
