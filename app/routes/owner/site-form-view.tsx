// Renders a content file's form from its description (./site-form.ts) with Conform's field state. Every control is a
// plain input or a submit button: adding, removing and moving list items post the form and the server answers with
// the new list (Conform's intents), so it all works without JavaScript.
import { type FieldMetadata, type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import type { FieldSpec } from "./site-form";
import { Button, CsrfField } from "./ui";

// Conform types fields by their schema; these forms are built from data, so a field is an object or a list as its
// description says.
type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;
const fieldsetOf = (meta: Meta) =>
  (
    meta as unknown as FieldMetadata<Record<string, unknown>, Record<string, unknown>, string[]>
  ).getFieldset() as Record<string, Meta>;
const listOf = (meta: Meta) =>
  (meta as unknown as FieldMetadata<unknown[], Record<string, unknown>, string[]>).getFieldList() as Meta[];
type Form = FormMetadata<Record<string, unknown>, string[]>;

const input =
  "mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white px-3 py-2 text-base text-soot-950 aria-invalid:border-brick-700";
const small =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border-2 border-mortar-300 bg-white px-3 text-sm font-semibold";

function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function Errors({ meta }: { meta: Meta }) {
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

function described(meta: Meta, spec: FieldSpec) {
  const ids = [spec.help ? meta.descriptionId : "", meta.errors?.length ? meta.errorId : ""].filter(Boolean);
  return {
    "aria-invalid": meta.errors?.length ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

/** A label above its control, with the field's help below the label and its errors below the control. */
function Labelled({ spec, meta, children }: { spec: FieldSpec; meta: Meta; children: ReactNode }) {
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
function control(meta: Meta, spec: FieldSpec) {
  return {
    id: meta.id,
    name: meta.name,
    defaultValue: asText(meta.initialValue),
    className: input,
    ...described(meta, spec),
  };
}

function Field({ spec, meta, form }: { spec: FieldSpec; meta: Meta; form: Form }): ReactNode {
  switch (spec.type) {
    case "text":
      return (
        <Labelled spec={spec} meta={meta}>
          {spec.long ? (
            <textarea key={meta.key} rows={3} {...control(meta, spec)} />
          ) : (
            <input key={meta.key} {...control(meta, spec)} />
          )}
        </Labelled>
      );
    case "number":
      return (
        <Labelled spec={spec} meta={meta}>
          <input key={meta.key} inputMode="numeric" {...control(meta, spec)} />
        </Labelled>
      );
    case "checkbox":
      return (
        <div className="mb-4">
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name={meta.name}
              key={meta.key}
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
          <select key={meta.key} {...control(meta, spec)}>
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
      const fieldset = fieldsetOf(meta);
      return (
        <fieldset className="mb-4 rounded-xl border border-mortar-200 bg-white p-3">
          <legend className="px-1 font-serif text-lg font-bold">{spec.label}</legend>
          <Help spec={spec} id={meta.descriptionId} />
          {spec.fields.map(([key, f]) => {
            const child = fieldset[key];
            return child ? <Field key={key} spec={f} meta={child} form={form} /> : null;
          })}
          <Errors meta={meta} />
        </fieldset>
      );
    }
    case "union": {
      const value = (meta.initialValue ?? {}) as Record<string, unknown>;
      const kind = asText(value[spec.discriminator]) || spec.variants[0]?.value || "";
      const variant = spec.variants.find((v) => v.value === kind) ?? spec.variants[0];
      const fieldset = fieldsetOf(meta);
      return (
        <fieldset className="mb-4 rounded-xl border border-mortar-200 bg-white p-3">
          <legend className="px-1 font-serif text-lg font-bold">
            {spec.label}: {variant?.label}
          </legend>
          <input type="hidden" name={`${meta.name}.${spec.discriminator}`} value={kind} />
          {variant?.fields.map(([key, f]) => {
            const child = fieldset[key];
            return child ? <Field key={key} spec={f} meta={child} form={form} /> : null;
          })}
          <Errors meta={meta} />
        </fieldset>
      );
    }
    case "list": {
      const items = listOf(meta);
      return (
        <fieldset className="mb-4">
          <legend className="font-serif text-lg font-bold">{spec.label}</legend>
          <Help spec={spec} id={meta.descriptionId} />
          <ol className="space-y-3">
            {items.map((item, index) => (
              <li key={item.key ?? index} className="rounded-xl border-l-4 border-ember-500 bg-mortar-100 p-3">
                <Field
                  spec={{ ...spec.item, label: `${spec.label} ${index + 1}` } as FieldSpec}
                  meta={item}
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
  const [form, fields] = useForm<Record<string, unknown>>({
    id: "site-form",
    defaultValue: defaultValue as never,
    lastResult,
    shouldValidate: "onSubmit",
  });
  const { onSubmit: _clientSubmit, ...formProps } = getFormProps(form);
  void _clientSubmit; // The server checks every save; the form posts as plain HTML.
  const top = spec.type === "object" ? spec.fields : [];
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
      {top.map(([key, f]) => {
        const meta = (fields as Record<string, Meta>)[key];
        return meta ? <Field key={key} spec={f} meta={meta} form={form as unknown as Form} /> : null;
      })}
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
