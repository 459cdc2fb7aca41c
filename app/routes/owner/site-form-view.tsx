// Renders a content file's form from its description (./site-form.ts) with Conform's field state. Every control is a
// plain input or a submit button: adding, removing and moving list items post the form and the server answers with
// the new list (Conform's intents), so it all works without JavaScript.
import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import type { FieldSpec } from "./site-form";
import { Button, CsrfField } from "./ui";

type Form = FormMetadata<Record<string, unknown>, string[]>;

/**
 * A field as its controls show it, with Conform's names and ids. Read from the form's state once per render rather
 * than through Conform's field metadata: each read of that is a new Proxy, and is recorded for re-renders in a list
 * copied whole at every read. The form is rendered on the server only, so nothing is lost. The business editor's 95
 * controls took a median of 10 ms on the event loop that way, and take 2.5 ms this way (issue 51).
 */
type Shown = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  initialValue: unknown;
  errors: string[] | undefined;
};
/** The whole form's state, as Conform holds it after the last submission's intent (a list item added, moved...). */
type FormState = { formId: string; errors: Record<string, string[] | null | undefined> };

function shown(state: FormState, name: string, initialValue: unknown): Shown {
  const id = `${state.formId}-${name}`;
  const errors = state.errors[name] ?? undefined;
  return { id, name, errorId: `${id}-error`, descriptionId: `${id}-description`, initialValue, errors };
}
const member = (meta: Shown, key: string) =>
  meta.initialValue && typeof meta.initialValue === "object"
    ? (meta.initialValue as Record<string, unknown>)[key]
    : undefined;
const childName = (meta: Shown, key: string) => (meta.name ? `${meta.name}.${key}` : key);

const input =
  "mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-base text-soot-950 aria-invalid:border-brick-700";
const small =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border-2 border-mortar-300 bg-white px-3 text-sm font-semibold";

function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function Errors({ meta }: { meta: Shown }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 font-semibold text-brick-800">
      {meta.errors.join(" ")}
    </p>
  );
}

function Help({ spec, id }: { spec: FieldSpec; id: string }) {
  return spec.help ? (
    <p id={id} className="mt-0.5 text-sm text-soot-800">
      {spec.help}
    </p>
  ) : null;
}

function described(meta: Shown, spec: FieldSpec) {
  const ids = [spec.help ? meta.descriptionId : "", meta.errors?.length ? meta.errorId : ""].filter(Boolean);
  return {
    "aria-invalid": meta.errors?.length ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

/** A label above its control, with the field's help below the label and its errors below the control. */
function Labelled({ spec, meta, children }: { spec: FieldSpec; meta: Shown; children: ReactNode }) {
  return (
    <div className="mb-4">
      <label htmlFor={meta.id} className="font-semibold">
        {spec.label}
        {spec.type === "text" && spec.optional && <span className="font-normal text-soot-800"> (optional)</span>}
      </label>
      <Help spec={spec} id={meta.descriptionId} />
      {children}
      <Errors meta={meta} />
    </div>
  );
}

/** What every labelled control carries (the key stays apart: React does not take it from a spread). */
function control(meta: Shown, spec: FieldSpec) {
  return {
    id: meta.id,
    name: meta.name,
    defaultValue: asText(meta.initialValue),
    className: input,
    ...described(meta, spec),
  };
}

/** An object's fields, each under its name within the object's. */
function Members(props: { fields: [string, FieldSpec][]; meta: Shown; state: FormState; form: Form }) {
  const { meta, state, form } = props;
  return props.fields.map(([key, f]) => (
    <Field key={key} spec={f} meta={shown(state, childName(meta, key), member(meta, key))} state={state} form={form} />
  ));
}

function Field({ spec, meta, state, form }: { spec: FieldSpec; meta: Shown; state: FormState; form: Form }): ReactNode {
  switch (spec.type) {
    case "text":
      return (
        <Labelled spec={spec} meta={meta}>
          {spec.long ? <textarea rows={3} {...control(meta, spec)} /> : <input {...control(meta, spec)} />}
        </Labelled>
      );
    case "number":
      return (
        <Labelled spec={spec} meta={meta}>
          <input inputMode="numeric" {...control(meta, spec)} />
        </Labelled>
      );
    case "checkbox":
      return (
        <div className="mb-4">
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name={meta.name}

              value="on"
              defaultChecked={meta.initialValue === "on"}
              className="size-6"
              {...described(meta, spec)}
            />
            {spec.label}
          </label>
          <Help spec={spec} id={meta.descriptionId} />
          <Errors meta={meta} />
        </div>
      );
    case "select":
      return (
        <Labelled spec={spec} meta={meta}>
          <select {...control(meta, spec)}>
            {(spec.optional || spec.blankChoice) && <option value="">(none)</option>}
            {spec.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Labelled>
      );
    case "choices": {
      const chosen = ([] as unknown[]).concat(meta.initialValue ?? []);
      return (
        <fieldset className="mb-4" {...described(meta, spec)}>
          <legend className="font-semibold">{spec.label}</legend>
          <Help spec={spec} id={meta.descriptionId} />
          <div className="flex flex-wrap gap-x-4">
            {spec.options.map((o) => (
              <label key={o.value} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name={meta.name}
                  value={o.value}
                  defaultChecked={chosen.includes(o.value)}
                  className="size-5"
                />
                {o.label}
              </label>
            ))}
          </div>
          <Errors meta={meta} />
        </fieldset>
      );
    }
    case "object": {
      return (
        <fieldset className="mb-4 rounded-xl border border-mortar-200 bg-white p-3">
          <legend className="px-1 font-serif text-lg font-bold">{spec.label}</legend>
          <Help spec={spec} id={meta.descriptionId} />
          <Members fields={spec.fields} meta={meta} state={state} form={form} />
          <Errors meta={meta} />
        </fieldset>
      );
    }
    case "union": {
      const value = (meta.initialValue ?? {}) as Record<string, unknown>;
      const kind = asText(value[spec.discriminator]) || spec.variants[0]?.value || "";
      const variant = spec.variants.find((v) => v.value === kind) ?? spec.variants[0];
      return (
        <fieldset className="mb-4 rounded-xl border border-mortar-200 bg-white p-3">
          <legend className="px-1 font-serif text-lg font-bold">
            {spec.label}: {variant?.label}
          </legend>
          <input type="hidden" name={`${meta.name}.${spec.discriminator}`} value={kind} />
          <Members fields={variant?.fields ?? []} meta={meta} state={state} form={form} />
          <Errors meta={meta} />
        </fieldset>
      );
    }
    case "list": {
      const values = Array.isArray(meta.initialValue) ? (meta.initialValue as unknown[]) : [];
      const items = values.map((value, index) => shown(state, `${meta.name}[${index}]`, value));
      return (
        <fieldset className="mb-4">
          <legend className="font-serif text-lg font-bold">{spec.label}</legend>
          <Help spec={spec} id={meta.descriptionId} />
          <ol className="space-y-3">
            {items.map((item, index) => (
              <li key={item.name} className="rounded-xl border-l-4 border-ember-500 bg-mortar-100 p-3">
                <Field
                  spec={{ ...spec.item, label: `${spec.label} ${index + 1}` } as FieldSpec}
                  meta={item}
                  state={state}
                  form={form}
                />
                <div className="flex flex-wrap gap-2">
                  <button
                    className={small}
                    {...form.reorder.getButtonProps({ name: meta.name, from: index, to: index - 1 })}
                    disabled={index === 0}
                  >
                    Move up
                    <span className="sr-only">
                      : {spec.label} {index + 1}
                    </span>
                  </button>
                  <button
                    className={small}
                    {...form.reorder.getButtonProps({ name: meta.name, from: index, to: index + 1 })}
                    disabled={index === items.length - 1}
                  >
                    Move down
                    <span className="sr-only">
                      : {spec.label} {index + 1}
                    </span>
                  </button>
                  <button className={small} {...form.remove.getButtonProps({ name: meta.name, index })}>
                    Remove
                    <span className="sr-only">
                      : {spec.label} {index + 1}
                    </span>
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <button
            className={`${small} mt-2`}
            {...form.insert.getButtonProps({ name: meta.name, defaultValue: spec.blank as never })}
          >
            Add to {spec.label.toLowerCase()}
          </button>
          <Errors meta={meta} />
        </fieldset>
      );
    }
  }
}

export function SiteForm({
  spec,
  defaultValue,
  lastResult,
  csrf,
  children,
  actions,
}: {
  spec: FieldSpec;
  defaultValue: Record<string, unknown>;
  lastResult: SubmissionResult<string[]> | undefined;
  csrf: string;
  /** Extra fields after the generated ones (an article's body). */
  children?: (form: Form) => ReactNode;
  /** Extra buttons beside "Save and publish". */
  actions?: ReactNode;
}) {
  const [form] = useForm<Record<string, unknown>>({
    id: "site-form",
    defaultValue: defaultValue as never,
    lastResult,
    shouldValidate: "onSubmit",
  });
  const { onSubmit: _clientSubmit, ...formProps } = getFormProps(form);
  void _clientSubmit; // The server checks every save; the form posts as plain HTML.
  const top = spec.type === "object" ? spec.fields : [];
  // Two reads of Conform's state for the whole form: its value (normalised, after any intent) and its errors by name.
  const state: FormState = { formId: form.id, errors: form.allErrors };
  const root = shown(state, "", form.initialValue);
  return (
    <form method="post" {...formProps} className="pb-24">
      <CsrfField token={csrf} />
      {form.errors?.length ? (
        <div role="alert" className="mb-4 rounded-lg border-l-4 border-brick-700 bg-brick-100 px-4 py-3 text-brick-900">
          <p className="font-semibold">Not saved. Please fix:</p>
          <ul className="mt-1 list-disc pl-5">
            {form.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {top.map(([key, f]) => (
        <Field
          key={key}
          spec={f}
          meta={shown(state, key, member(root, key))}
          state={state}
          form={form as unknown as Form}
        />
      ))}
      {children?.(form as unknown as Form)}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap gap-2 border-t border-mortar-200 bg-mortar-50 px-4 py-3">
        <Button name="intent" value="save">
          Save and publish
        </Button>
        {actions}
      </div>
    </form>
  );
}
