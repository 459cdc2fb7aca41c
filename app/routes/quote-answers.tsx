// The homeowner's answers to a quote: accept it (consent, pamphlet, their typed name), ask for changes or decline.
// Each refusal is said at its field, with what was typed put back (app/routes/quote.tsx).
import type { QuotePage } from "../../server/quotes/page-view.ts";
import { TEXT_LIMITS } from "~/lib/text-limits";

export type Values = { name: string; consent: boolean; pamphlet: boolean; changes: string; reason: string };
export const NO_VALUES: Values = { name: "", consent: false, pamphlet: false, changes: "", reason: "" };
/** What a POST that changed nothing sends back: the error and its field, and what was typed, to show again. */
export type FormState = { error: string | null; field: string | null; values: Values; checked: boolean };

/** The refusal of one field, beside it (the form names it with aria-describedby). */
export function FieldError({ form, field }: { form: FormState | null; field: string }) {
  if (!form?.error || form.field !== field) return null;
  return (
    <p className="mt-1 font-semibold text-brick-800" id={`${field}-error`}>
      {form.error}
    </p>
  );
}

type Answer = { page: QuotePage; values: Values; form: FormState | null };

/** "Accept this quote": the consent, the pamphlet when the total needs it, the name, and the cancellation notice at home. */
export function AcceptSection({ page, values, form, inHome }: Answer & { inHome: boolean }) {
  return (
    <section id="accept" className="mt-10 rounded-card border-2 border-soot-950 bg-white p-4 print:hidden">
      <h2 className="text-2xl font-bold">Accept this quote</h2>
      {inHome && (
        <div className="mt-3 rounded-lg bg-ember-300 p-3">
          <p className="font-bold">You are accepting at your home, on our device: you may cancel.</p>
          {page.cancellation.map((p) => (
            <p key={p} className="mt-1">
              {p}
            </p>
          ))}
        </div>
      )}
      <h3 className="mt-4 text-lg font-bold">Consent to electronic records</h3>
      {page.consent.text.map((p) => (
        <p key={p} className="mt-2 text-sm">
          {p}
        </p>
      ))}
      <label className="mt-3 flex items-start gap-3 font-semibold">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          required
          defaultChecked={values.consent}
          className="mt-0.5 size-6 shrink-0 accent-brick-700"
        />
        I agree to receive this quote and its records electronically.
      </label>
      <FieldError form={form} field="consent" />
      <details className="mt-5 rounded-lg border border-mortar-300 p-3">
        <summary className="cursor-pointer font-semibold">Read the pamphlet “{page.pamphlet.title}”</summary>
        {page.pamphlet.text.map((p) => (
          <p key={p} className="mt-2">
            {p}
          </p>
        ))}
      </details>
      {page.pamphlet.required && (
        <>
          <label className="mt-3 flex items-start gap-3 font-semibold">
            <input
              type="checkbox"
              name="pamphlet"
              value="yes"
              defaultChecked={values.pamphlet}
              className="mt-0.5 size-6 shrink-0 accent-brick-700"
            />
            {page.pamphlet.acknowledgment}
          </label>
          <p className="mt-1 text-sm text-stone-600">Needed when the total is over {page.pamphlet.threshold}.</p>
          <FieldError form={form} field="pamphlet" />
        </>
      )}
      <label htmlFor="name" className="mt-5 block text-lg font-bold">
        Your full name
      </label>
      <input
        id="name"
        name="name"
        autoComplete="name"
        required
        maxLength={TEXT_LIMITS.quotePage.name.max}
        defaultValue={values.name}
        aria-invalid={form?.field === "name" || undefined}
        className="mt-1 block min-h-12 w-full rounded-lg border-2 border-soot-800 bg-white px-3 text-lg"
      />
      <FieldError form={form} field="name" />
      <p className="mt-3 text-sm">
        Typing your name and tapping “I accept” signs this quote for the option and add-ons ticked above, at the total
        shown.
      </p>
      <button
        name="intent"
        value="accept"
        className="mt-3 min-h-14 w-full rounded-lg bg-ember-500 px-6 text-xl font-bold text-soot-950"
      >
        I accept
      </button>
    </section>
  );
}

/** "Not ready? Ask for changes or decline": two forms, open again when one came back refused. */
export function AnswerForms({ page, values, form }: Answer) {
  return (
    // Open again when its own form came back with a problem, so the homeowner sees it.
    <details className="mt-8 print:hidden" open={form?.field === "changes" || form?.field === "reason" || undefined}>
      <summary className="cursor-pointer text-lg font-semibold underline">
        Not ready? Ask for changes or decline
      </summary>
      <form method="post" className="mt-3">
        <input type="hidden" name="version" value={page.version} />
        <label htmlFor="changes" className="font-semibold">
          What should we change?
        </label>
        <textarea
          id="changes"
          name="changes"
          rows={3}
          maxLength={TEXT_LIMITS.quotePage.changes.max}
          defaultValue={values.changes}
          className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
        />
        <FieldError form={form} field="changes" />
        <button
          name="intent"
          value="changes"
          className="mt-2 min-h-11 rounded-lg bg-soot-950 px-4 font-semibold text-mortar-50"
        >
          Ask for changes
        </button>
      </form>
      <form method="post" className="mt-6">
        <label htmlFor="reason" className="font-semibold">
          Why not? (optional)
        </label>
        <textarea
          id="reason"
          name="reason"
          rows={2}
          maxLength={TEXT_LIMITS.quotePage.reason.max}
          defaultValue={values.reason}
          className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
        />
        <FieldError form={form} field="reason" />
        <button
          name="intent"
          value="decline"
          className="mt-2 min-h-11 rounded-lg border-2 border-brick-700 px-4 font-semibold text-brick-800"
        >
          Decline the quote
        </button>
      </form>
    </details>
  );
}
