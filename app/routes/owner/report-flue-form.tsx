// "Add a flue" on the visit's report (decision 0054): a property with no flue on file gets one on the spot, in a few
// taps: what it is, its fuel, how much it is used, and a name the owner will know it by next year.
import { Card, CsrfField } from "./ui";
import { REPORT_LIMITS } from "~/content/condition-report";
import { APPLIANCE_WORDS, FUEL_WORDS, USE_WORDS } from "./customer-words";
import { APPLIANCES, FUELS, USE_LEVELS } from "../../../server/store/flues.ts";

function Choices<V extends string>({
  legend,
  name,
  names,
  values,
  checked,
}: {
  legend: string;
  name: string;
  names: Record<V, string>;
  values: readonly V[];
  checked: V;
}) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {values.map((v) => (
          <label
            key={v}
            className="flex min-h-12 items-center gap-2 rounded-lg border-2 border-mortar-300 px-3 font-semibold has-checked:border-soot-950 has-checked:bg-mortar-100"
          >
            <input type="radio" name={name} value={v} defaultChecked={v === checked} className="size-5" />
            {names[v]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function AddFlueForm({
  csrf,
  action,
  first,
  error,
}: {
  csrf: string;
  action: string;
  first: boolean;
  error?: string;
}) {
  return (
    <Card className="mt-5">
      <details open={first || Boolean(error)}>
        <summary className="flex min-h-12 cursor-pointer items-center font-serif text-xl font-bold">
          {first ? "Add the first flue" : "Add another flue"}
        </summary>
        {first && (
          <p className="mt-1 text-soot-800">This property has no flue on file yet: add the one you are looking at.</p>
        )}
        <form method="post" action={action} className="mt-3 space-y-4">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="add-flue" />
          <label className="block font-semibold">
            Name it <span className="font-normal text-soot-800">(e.g. Living room, Basement furnace)</span>
            <input
              name="label"
              maxLength={REPORT_LIMITS.flueLabel}
              className="mt-1 block min-h-12 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 text-base"
            />
          </label>
          <Choices
            legend="What it is"
            name="appliance"
            names={APPLIANCE_WORDS}
            values={APPLIANCES}
            checked="fireplace"
          />
          <Choices legend="Fuel" name="fuel" names={FUEL_WORDS} values={FUELS} checked="wood" />
          <Choices
            legend="How much it is used"
            name="useLevel"
            names={USE_WORDS}
            values={USE_LEVELS}
            checked="occasional"
          />
          {error && (
            <p role="alert" className="font-semibold text-brick-800">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-soot-950 px-5 text-lg font-semibold text-mortar-50 hover:bg-soot-800 sm:w-auto"
          >
            Add the flue
          </button>
        </form>
      </details>
    </Card>
  );
}
