// A customer's places, each with its flues and when each is next due: add or change a flue (what it is, its fuel, how
// much it is used, how often it is due), set one flue's due day yourself, and add a property.
import type { PlaceView } from "./customer.server";
import { APPLIANCE_WORDS, FUEL_WORDS, USE_WORDS } from "./customer-words";
import { Button, Card, CsrfField, LimitedBox } from "./ui";
import { business } from "~/content/business";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { APPLIANCES, FUELS, USE_LEVELS } from "../../../server/store/flues.ts";

const LIMIT = TEXT_LIMITS.customer;
const select = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";
const CADENCES = [3, 4, 6, 24];

type Flue = PlaceView["flues"][number];

function Choice({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: [string, string][];
}) {
  return (
    <label className="block">
      <span className="text-sm font-semibold">{label}</span>
      <select name={name} defaultValue={value} className={select}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function FlueFields({ flue }: { flue?: Flue }) {
  const every = business.dueCadences.defaultMonths;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <Choice
          label="What it is"
          name="appliance"
          value={flue?.appliance ?? "fireplace"}
          options={APPLIANCES.map((a) => [a, APPLIANCE_WORDS[a]])}
        />
        <Choice label="Fuel" name="fuel" value={flue?.fuel ?? "wood"} options={FUELS.map((f) => [f, FUEL_WORDS[f]])} />
        <Choice
          label="How much it is used"
          name="use"
          value={flue?.use ?? "occasional"}
          options={USE_LEVELS.map((u) => [u, USE_WORDS[u]])}
        />
      </div>
      <LimitedBox limit={LIMIT.flueLabel} name="label" defaultValue={flue?.flueLabel ?? ""} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Choice
          label="Due"
          name="cadence"
          value={flue?.cadenceMonths ? String(flue.cadenceMonths) : ""}
          options={[
            ["", `Every ${every} months (your usual)`],
            ...CADENCES.filter((m) => m !== every).map((m): [string, string] => [String(m), `Every ${m} months`]),
          ]}
        />
        <label className="block">
          <span className="text-sm font-semibold">Last swept or inspected, if you know</span>
          <input type="date" name="last" defaultValue={flue?.lastServiceDay ?? ""} className={select} />
        </label>
      </div>
      <label className="block">
        <span className="text-sm font-semibold">{LIMIT.flueNotes.label}</span>
        <textarea
          name="notes"
          maxLength={LIMIT.flueNotes.max}
          rows={2}
          defaultValue={flue?.notes ?? ""}
          className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2"
        />
      </label>
    </>
  );
}

function FlueItem({ csrf, flue }: { csrf: string; flue: Flue }) {
  return (
    <li className="py-3">
      <p className="font-semibold">{flue.label}</p>
      {flue.words && <p className="text-sm text-soot-800">{flue.words}</p>}
      {flue.notes && <p className="text-sm whitespace-pre-wrap">{flue.notes}</p>}
      <p className="mt-1">
        Next due: <span className="font-semibold">{flue.due.label}</span>
        {flue.due.basis && <span className="text-sm text-soot-800"> ({flue.due.basis})</span>}
      </p>
      {flue.services.length > 0 && <p className="text-sm text-soot-800">Also due: {flue.services.join("; ")}</p>}
      {flue.id !== null && (
        <div className="mt-2 space-y-2">
          <form method="post" className="flex flex-wrap items-end gap-2">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="due" />
            <input type="hidden" name="flue" value={flue.id} />
            <label className="grow">
              <span className="text-sm font-semibold">Set its due day yourself</span>
              <input
                type="date"
                name="day"
                required
                defaultValue={flue.override ?? flue.due.day ?? ""}
                className={select}
              />
            </label>
            <Button variant="quiet">Set due day</Button>
          </form>
          {flue.override && (
            <form method="post">
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="due-clear" />
              <input type="hidden" name="flue" value={flue.id} />
              <Button variant="quiet">Count from the last visit again</Button>
            </form>
          )}
          <details>
            <summary className="min-h-11 cursor-pointer py-2 font-semibold">Change this flue</summary>
            <form method="post" className="space-y-3">
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="flue-save" />
              <input type="hidden" name="flue" value={flue.id} />
              <FlueFields flue={flue} />
              <Button variant="dark">Save the flue</Button>
            </form>
            <form method="post" className="mt-2">
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="flue-remove" />
              <input type="hidden" name="flue" value={flue.id} />
              <Button variant="quiet">Remove this flue</Button>
            </form>
          </details>
        </div>
      )}
    </li>
  );
}

export function CustomerPlaces({
  csrf,
  places,
  typed,
}: {
  csrf: string;
  places: PlaceView[];
  typed: Readonly<Record<string, string>>;
}) {
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Properties and flues</h2>
      {places.length === 0 && <p className="mt-2">No property on file yet.</p>}
      {places.map((p) => (
        <section key={p.key} aria-label={p.address ?? p.town} className="mt-3 border-t border-mortar-200 pt-3">
          <h3 className="text-lg font-bold">{p.address ?? `${p.town || "Town not given"} (street not known yet)`}</h3>
          <p className="text-sm text-soot-800">
            {p.served === 0
              ? "No visit or job done here yet."
              : p.served === 1
                ? "Served here once."
                : `Served here ${p.served} times.`}
          </p>
          {p.flues.length > 0 && (
            <ul className="divide-y divide-mortar-200" aria-label={`Flues at ${p.address ?? p.town}`}>
              {p.flues.map((f) => (
                <FlueItem key={f.id ?? "place"} csrf={csrf} flue={f} />
              ))}
            </ul>
          )}
          <details>
            <summary className="min-h-11 cursor-pointer py-2 font-semibold">Add a flue here</summary>
            <form method="post" className="space-y-3">
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="flue-add" />
              <input type="hidden" name="property" value={p.propertyId} />
              <FlueFields />
              <Button variant="dark">Add the flue</Button>
            </form>
          </details>
        </section>
      ))}
      <details className="mt-3 border-t border-mortar-200 pt-3" open={typed.street !== undefined}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">Add a property</summary>
        <form method="post" className="space-y-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="property" />
          <LimitedBox
            limit={LIMIT.street}
            name="street"
            required
            autoComplete="off"
            defaultValue={typed.street ?? ""}
          />
          <div className="grid grid-cols-[2fr_1fr] gap-3">
            <LimitedBox limit={LIMIT.town} name="town" required defaultValue={typed.town ?? ""} />
            <LimitedBox limit={LIMIT.zip} name="zip" inputMode="numeric" defaultValue={typed.zip ?? ""} />
          </div>
          <Button variant="dark">Add the property</Button>
        </form>
      </details>
    </Card>
  );
}
