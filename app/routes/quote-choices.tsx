// The homeowner's quote, its choices: the options, the add-ons and the total of whatever is ticked, shown without a
// script from a list of every choice's total the server computed (app/routes/quote.tsx).
import { cn } from "~/lib/cn";
import type { QuotePage } from "../../server/quotes/page-view.ts";
import { FieldError, type FormState } from "./quote-answers";

const box = "rounded-card border border-mortar-200 bg-white p-4 shadow-card";

/** The CSS that shows, without a script, the total of whatever is ticked: one rule per choice the server priced. */
function totalsCss(page: QuotePage): string {
  const addons = page.addons.map((a) => a.key);
  const rules = page.totals.map((t, i) => {
    const has = [`#o-${t.option}`, ...addons.map((k) => (t.addons.includes(k) ? `#c-${k}` : null))]
      .map((id) => (id ? `:has(${id}:checked)` : ""))
      .join("");
    const not = addons
      .filter((k) => !t.addons.includes(k))
      .map((k) => `:not(:has(#c-${k}:checked))`)
      .join("");
    return `#q${has}${not} #t${i}{display:block}`;
  });
  return `.qt:not(.now){display:none}@supports selector(:has(a)){#q .qt.now{display:none}${rules.join("")}}`;
}

/** "From finding 3" beside the finding's photo, for a line made from the condition report (decision 0054). */
function FromFinding({ finding, token }: { finding: NonNullable<LineFinding>; token: string }) {
  const words = `From finding ${finding.number}`;
  const photo = finding.photo;
  return (
    <p className="mt-2 flex items-center gap-3 text-sm font-semibold text-soot-800">
      {photo && (
        <a href={`/quote/${token}/photos/${photo.sha256}`} className="block shrink-0 overflow-hidden rounded-lg">
          <img
            src={`/quote/${token}/photos/${photo.sha256}-small`}
            width={96}
            height={photo.width >= photo.height ? Math.round((96 * photo.height) / photo.width) : 96}
            alt={`Photo of finding ${finding.number} in your condition report`}
            loading="lazy"
            className="size-24 bg-mortar-200 object-cover"
          />
        </a>
      )}
      <span>
        {words}
        <span className="block font-normal text-stone-600">in your chimney condition report</span>
      </span>
    </p>
  );
}

type LineFinding = QuotePage["addons"][number]["finding"];

function Line({ line, token }: { line: QuotePage["addons"][number]; token: string }) {
  return (
    <li className="py-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{line.name}</span>
        <span className="font-semibold whitespace-nowrap tabular-nums">{line.amount}</span>
      </div>
      {line.description && <p className="mt-0.5">{line.description}</p>}
      <p className="mt-0.5 text-sm text-stone-600 tabular-nums">
        {line.quantity} × {line.unitPrice}
        {line.taxable ? " · taxed" : ""}
      </p>
      {line.materials.length > 0 && (
        <p className="mt-0.5 text-sm text-stone-600">Materials: {line.materials.join("; ")}</p>
      )}
      {line.finding && <FromFinding finding={line.finding} token={token} />}
    </li>
  );
}

type Choice = QuotePage["chosen"]["view"];

/** The options to choose from, the add-ons to tick and the total, in the form that accepts them. */
export function QuoteChoices({
  page,
  token,
  selected,
  open,
  form,
}: {
  page: QuotePage;
  token: string;
  selected: Choice;
  open: boolean;
  form: FormState | null;
}) {
  const many = page.options.length > 1;
  return (
    <>
      <fieldset className="mt-6">
        <legend className="font-serif text-2xl font-bold">{many ? "Choose an option" : "The work"}</legend>
        {many && <p className="mt-1">Each option is a complete job; choose one.</p>}
        <FieldError form={form} field="option" />
        <div className="mt-3 space-y-4">
          {page.options.map((o) => (
            <div
              key={o.key}
              className={`${box} has-checked:border-ember-500 has-checked:ring-2 has-checked:ring-ember-500`}
            >
              <label className="flex items-center gap-3 text-xl font-bold">
                <input
                  type="radio"
                  name="option"
                  value={o.key}
                  id={`o-${o.key}`}
                  defaultChecked={o.key === selected.optionKey}
                  disabled={!open}
                  className="size-6 shrink-0 accent-brick-700"
                />
                <span className="flex-1 font-serif">{o.name}</span>
                <span className="tabular-nums">{o.total}</span>
              </label>
              <ul className="mt-1 divide-y divide-mortar-200">
                {o.lines.map((l) => (
                  <Line key={l.key} line={l} token={token} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </fieldset>
      {page.addons.length > 0 && (
        <fieldset className="mt-8">
          <legend className="font-serif text-2xl font-bold">Add-ons</legend>
          <p className="mt-1">Tick any you want with your option.</p>
          <div className="mt-3 space-y-3">
            {page.addons.map((a) => (
              <div
                key={a.key}
                className={`${box} has-checked:border-ember-500 has-checked:ring-2 has-checked:ring-ember-500`}
              >
                <label className="flex items-center gap-3 text-lg font-bold">
                  <input
                    type="checkbox"
                    name="addon"
                    value={a.key}
                    id={`c-${a.key}`}
                    defaultChecked={selected.addonKeys.includes(a.key)}
                    disabled={!open}
                    className="size-6 shrink-0 accent-brick-700"
                  />
                  <span className="flex-1">{a.name}</span>
                  <span className="tabular-nums">+{a.amount}</span>
                </label>
                <ul>
                  <Line line={{ ...a, name: "", amount: "" }} token={token} />
                </ul>
              </div>
            ))}
          </div>
        </fieldset>
      )}

      <style>{totalsCss(page)}</style>
      <section
        aria-label="Your total"
        className="mt-8 rounded-card bg-soot-950 p-5 text-mortar-50 print:border-2 print:border-soot-950 print:bg-white print:text-soot-950"
      >
        {page.totals.map((t, i) => (
          <div
            key={t.key}
            id={`t${i}`}
            className={cn("qt", t.key === [selected.optionKey, ...selected.addonKeys].join("+") && "now")}
          >
            <p className="text-mortar-200 print:text-soot-800">
              {many ? t.view.optionName : "Total"}
              {t.view.addonNames.length ? ` + ${t.view.addonNames.join(" + ")}` : ""}
            </p>
            <p className="text-4xl font-bold tabular-nums">{t.view.total}</p>
            {t.view.tax && (
              <p className="text-sm text-mortar-200">
                {t.view.subtotal} + sales tax {t.view.tax}
              </p>
            )}
            {t.view.deposit && (
              <p className="mt-1">
                Deposit once you accept: <strong className="tabular-nums">{t.view.deposit}</strong>
              </p>
            )}
          </div>
        ))}
        {form?.checked && (
          <p className="mt-2 text-sm text-mortar-200" role="status">
            Checked by our server: {selected.optionName}
            {selected.addonNames.length ? ` + ${selected.addonNames.join(" + ")}` : ""}, {selected.total}.
          </p>
        )}
        {open && (
          <button
            name="intent"
            value="total"
            formNoValidate
            className="mt-3 min-h-11 rounded-lg border-2 border-mortar-200 px-4 font-semibold print:hidden"
          >
            Check my total
          </button>
        )}
      </section>
    </>
  );
}

/** The photos of the job, each a link to its full size. */
export function QuotePhotos({ page, token, heading }: { page: QuotePage; token: string; heading: string }) {
  return (
    <>
      <h2 className={heading}>Photos</h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {page.photos.map((p, i) => (
          <li key={p.sha256}>
            <a href={`/quote/${token}/photos/${p.sha256}`} className="block overflow-hidden rounded-lg">
              <img
                src={`/quote/${token}/photos/${p.sha256}-small`}
                width={p.width >= p.height ? 640 : Math.round((640 * p.width) / p.height)}
                height={p.height >= p.width ? 640 : Math.round((640 * p.height) / p.width)}
                alt={`Photo ${i + 1} of the job`}
                loading="lazy"
                className="aspect-square h-auto w-full bg-mortar-200 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
