// The quote's editor: every option's lines, the add-ons, the details, in one form that keeps what was typed (a tap
// on a line preset adds it with its price and materials; every button saves the whole form first).
import type { Route } from "./+types/quote";
import type { FieldErrors, RawFields } from "./quote-form.server";
import { lineField, lineInputs } from "./quote-fields";
import { Button, Card, consoleButton, CsrfField } from "./ui";
import { cn } from "~/lib/cn";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { dollarsInput, formatPercent } from "../../../server/quotes/money.ts";

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";
const LIMIT = TEXT_LIMITS.quote;

type LoaderData = Route.ComponentProps["loaderData"];

function LineEditor({
  line,
  amount,
  errors,
  raw,
}: {
  line: LoaderData["draft"]["addons"][number];
  amount: string;
  errors: FieldErrors;
  raw: RawFields;
}) {
  const v = lineInputs(line);
  const name = (f: Parameters<typeof lineField>[1]) => lineField(line.id, f);
  const err = (f: Parameters<typeof lineField>[1]) =>
    errors[name(f)] ? <p className="text-sm font-semibold text-brick-800">{errors[name(f)]}</p> : null;
  // What the owner typed comes back after a refusal; the folded boxes open when one of them is refused.
  const typed = (f: Parameters<typeof lineField>[1], shown: string) => raw[name(f)] ?? shown;
  const folded = (["unit", "desc", "materials"] as const).some((f) => errors[name(f)]);
  return (
    <li className="rounded-lg border border-mortar-300 bg-mortar-50 p-3">
      <label className="block">
        <span className="sr-only">Line name</span>
        <input
          name={name("name")}
          maxLength={LIMIT.lineName.max}
          defaultValue={typed("name", v.name)}
          className={cn(input, "font-semibold")}
        />
      </label>
      {err("name")}
      <div className="mt-2 grid grid-cols-[1fr_1fr_auto] items-end gap-2">
        <label className="block text-sm">
          Quantity
          <input
            name={name("qty")}
            inputMode="decimal"
            maxLength={LIMIT.quantity.max}
            defaultValue={typed("qty", v.qty)}
            className={input}
          />
        </label>
        <label className="block text-sm">
          $ per {v.unit || "unit"}
          <input
            name={name("price")}
            inputMode="decimal"
            maxLength={LIMIT.price.max}
            defaultValue={typed("price", v.price)}
            className={input}
          />
        </label>
        <p className="pb-2 text-right font-bold tabular-nums" aria-label="Line amount">
          {amount}
        </p>
      </div>
      {err("qty")}
      {err("price")}
      <details className="mt-2" open={folded || undefined}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">Unit, description, materials</summary>
        <label className="block text-sm">
          Unit
          <input
            name={name("unit")}
            maxLength={LIMIT.unit.max}
            defaultValue={typed("unit", v.unit)}
            className={input}
          />
        </label>
        {err("unit")}
        <label className="mt-2 block text-sm">
          What the work is
          <textarea
            name={name("desc")}
            maxLength={LIMIT.description.max}
            defaultValue={typed("desc", v.desc)}
            rows={2}
            className={cn(input, "py-2")}
          />
        </label>
        {err("desc")}
        <label className="mt-2 block text-sm">
          Materials, one per line
          <textarea
            name={name("materials")}
            maxLength={LIMIT.materials.max}
            defaultValue={typed("materials", v.materials)}
            rows={3}
            className={cn(input, "py-2")}
          />
        </label>
        {err("materials")}
        <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name("taxable")}
            defaultChecked={name("taxable") in raw ? raw[name("taxable")] === "on" : v.taxable}
            className="size-5"
          />
          Sold without installation (taxed)
        </label>
      </details>
      <button
        name="intent"
        value={`remove:${line.id}`}
        className="mt-1 min-h-11 text-sm font-semibold text-brick-800 underline"
      >
        Remove this line
      </button>
    </li>
  );
}

export function Editor({ d, errors, raw }: { d: LoaderData; errors: FieldErrors; raw: RawFields }) {
  const { draft, figures, presets } = d;
  const many = draft.options.length > 1;
  const deposit = draft.deposit;
  return (
    <form method="post" encType="multipart/form-data" id="lines">
      <CsrfField token={d.csrf} />
      {/* Enter (a phone's "Go") in a box presses the form's first button, which would be "Remove this line": this
          one saves. Drawn (sr-only), not `hidden`: Safari passes over a button it does not draw. */}
      <button name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Save
      </button>
      {draft.options.map((o, i) => (
        <Card key={o.id} className="mb-4">
          {many ? (
            <div className="flex items-end gap-2">
              <label className="block flex-1">
                <span className="font-semibold">Option {i + 1}</span>
                <input
                  name={`option.${o.id}.name`}
                  maxLength={LIMIT.optionName.max}
                  defaultValue={raw[`option.${o.id}.name`] ?? o.name}
                  className={input}
                />
                {errors[`option.${o.id}.name`] && (
                  <span className="block text-sm font-semibold text-brick-800">{errors[`option.${o.id}.name`]}</span>
                )}
              </label>
              <button name="intent" value={`remove-option:${o.id}`} className={consoleButton("quiet")}>
                Remove
              </button>
            </div>
          ) : (
            <h2 className="font-serif text-xl font-bold">The work</h2>
          )}
          {o.lines.length === 0 && <p className="mt-2">Tap a line below to add it.</p>}
          <ul className="mt-3 space-y-3">
            {o.lines.map((l, j) => (
              <LineEditor key={l.id} line={l} amount={figures.options[i]?.lines[j] ?? ""} errors={errors} raw={raw} />
            ))}
          </ul>
          <p className="mt-3 text-right text-lg font-bold">
            {many ? `${o.name || `Option ${i + 1}`}: ` : "Total: "}
            <span className="tabular-nums">{figures.options[i]?.total}</span>
          </p>
          <h3 className="mt-3 font-semibold">Add a line{many ? ` to ${o.name || `option ${i + 1}`}` : ""}</h3>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {presets.map((p) => (
              <button
                key={p.key}
                name="intent"
                value={`add:${o.id}:${p.key}`}
                className={cn(consoleButton("quiet"), "px-2 text-sm leading-tight")}
              >
                {p.name}
              </button>
            ))}
            <button name="intent" value={`blank:${o.id}`} className={cn(consoleButton("quiet"), "px-2 text-sm")}>
              Blank line
            </button>
            <button name="intent" value={`discount:${o.id}`} className={cn(consoleButton("quiet"), "px-2 text-sm")}>
              Discount
            </button>
          </div>
        </Card>
      ))}
      {draft.options.length < 3 && (
        <p className="mb-4">
          <Button name="intent" value="add-option" variant="quiet" className="w-full">
            {many ? "Add another option" : "Offer options (good / better / best)"}
          </Button>
        </p>
      )}
      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Add-ons</h2>
        <p className="text-sm text-soot-800">Extras the homeowner may tick, with any option.</p>
        <ul className="mt-3 space-y-3">
          {draft.addons.map((l, j) => (
            <LineEditor key={l.id} line={l} amount={figures.addons[j] ?? ""} errors={errors} raw={raw} />
          ))}
        </ul>
        {draft.addons.length < 4 && (
          <details className="mt-2">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold">Add an add-on</summary>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {presets.map((p) => (
                <button
                  key={p.key}
                  name="intent"
                  value={`addon:${p.key}`}
                  className={cn(consoleButton("quiet"), "px-2 text-sm leading-tight")}
                >
                  {p.name}
                </button>
              ))}
              <button name="intent" value="addon:blank" className={cn(consoleButton("quiet"), "px-2 text-sm")}>
                Blank add-on
              </button>
            </div>
          </details>
        )}
      </Card>
      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Details</h2>
        {d.requestPhotos.length > 0 && (
          <fieldset className="mt-2">
            <legend className="font-semibold">Photos from the request</legend>
            <input type="hidden" name="photos-shown" value="1" />
            <ul className="mt-2 grid grid-cols-3 gap-2">
              {d.requestPhotos.map((p) => (
                <li key={p.position}>
                  <label className="block">
                    <img
                      src={p.href}
                      alt={`Request photo ${p.position}`}
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                    <span className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        name="photo"
                        value={p.position}
                        defaultChecked={p.attached}
                        className="size-5"
                      />
                      On the quote
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <label className="mt-3 block">
          <span className="font-semibold">Valid until</span>
          <input type="date" name="validUntil" defaultValue={draft.validUntil} className={input} />
        </label>
        {errors.validUntil && <p className="text-sm font-semibold text-brick-800">{errors.validUntil}</p>}
        <fieldset className="mt-3">
          <legend className="font-semibold">Deposit</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            <select name="depositKind" aria-label="Deposit kind" defaultValue={deposit.kind} className={input}>
              <option value="percent">Percent</option>
              <option value="amount">Dollars</option>
              <option value="none">None</option>
            </select>
            <input
              name="depositValue"
              inputMode="decimal"
              maxLength={LIMIT.depositValue.max}
              aria-label="Deposit amount"
              defaultValue={
                raw.depositValue ??
                (deposit.kind === "percent"
                  ? formatPercent(deposit.ratePpm).replace("%", "")
                  : deposit.kind === "amount"
                    ? dollarsInput(deposit.cents)
                    : "")
              }
              className={input}
            />
          </div>
          {errors.depositValue && <p className="text-sm font-semibold text-brick-800">{errors.depositValue}</p>}
        </fieldset>
        <label className="mt-3 block">
          <span className="font-semibold">Note to the homeowner</span>
          <textarea
            name="note"
            defaultValue={raw.note ?? draft.note}
            rows={3}
            maxLength={LIMIT.note.max}
            className={cn(input, "py-2")}
          />
        </label>
        {errors.note && <p className="text-sm font-semibold text-brick-800">{errors.note}</p>}
      </Card>
      <div className="sticky bottom-0 -mx-4 flex gap-2 border-t border-mortar-200 bg-white px-4 py-3">
        <Button name="intent" value="save" variant="quiet" className="flex-1">
          Save
        </Button>
        <Button name="intent" value="preview" className="flex-[2]">
          {d.sent ? `Review version ${d.sent.version + 1}` : "Review and send"}
        </Button>
      </div>
    </form>
  );
}
