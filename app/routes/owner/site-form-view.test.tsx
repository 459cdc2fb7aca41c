// The editor's form reads Conform's state once per render instead of through Conform's field metadata (issue 51).
// These check that it shows what Conform's own metadata says, for every content file: as loaded, after each kind of
// list button (Conform's intents), and with errors.
import { type FieldMetadata, parse, type SubmissionResult, useForm } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formOf, formValue, listFiles } from "./site-files.server";
import { fieldName, type FieldSpec } from "./site-form";
import { SiteForm } from "./site-form-view";

type Reply = SubmissionResult<string[]>;
type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type Leaf = { spec: FieldSpec; id: string; name: string; value: unknown; errorId: string; errors?: string[] };

/** Every control's field, as Conform's metadata gives it (getFieldset, getFieldList). */
function Reference(props: { spec: FieldSpec; value: Record<string, unknown>; lastResult?: Reply; out: Leaf[] }) {
  const [, fields] = useForm<Record<string, unknown>>({
    id: "site-form",
    defaultValue: props.value as never,
    lastResult: props.lastResult,
    shouldValidate: "onSubmit",
  });
  const walk = (spec: FieldSpec, meta: Meta) => {
    const fieldset = () => (meta as unknown as { getFieldset(): Record<string, Meta> }).getFieldset();
    if (spec.type === "object") for (const [key, f] of spec.fields) walk(f, fieldset()[key] as Meta);
    else if (spec.type === "union") {
      const kind = ((meta.initialValue ?? {}) as Record<string, unknown>)[spec.discriminator];
      const variant = spec.variants.find((v) => v.value === kind) ?? spec.variants[0];
      for (const [key, f] of variant?.fields ?? []) walk(f, fieldset()[key] as Meta);
    } else if (spec.type === "list") {
      for (const item of (meta as unknown as { getFieldList(): Meta[] }).getFieldList()) walk(spec.item, item);
    } else {
      const { id, name, initialValue, errorId, errors } = meta;
      props.out.push({ spec, id, name, value: initialValue, errorId, errors });
    }
  };
  if (props.spec.type === "object")
    for (const [key, f] of props.spec.fields) walk(f, (fields as Record<string, Meta>)[key] as Meta);
  return null;
}

const escape = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The form's inputs, text areas, selects and buttons, with their attributes (React orders them as it likes). */
function controlsIn(page: string) {
  return [...page.matchAll(/<(input|textarea|select|button)\b([^>]*?)\/?>(?:([^<]*)<\/textarea>)?/g)].map((m) => ({
    tag: m[1],
    attrs: Object.fromEntries(
      [...(m[2] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], unescape(a[2] ?? "")]),
    ),
    text: unescape(m[3] ?? ""),
  }));
}

/** What a browser sends for the file as it is: every leaf under Conform's name for it. */
function payloadOf(value: unknown, path: (string | number)[] = [], form = new FormData()): FormData {
  if (Array.isArray(value)) value.forEach((v, i) => payloadOf(v, [...path, i], form));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) payloadOf(v, [...path, k], form);
  else if (value !== undefined && value !== null && value !== false)
    form.append(fieldName(path), value === true ? "on" : String(value));
  return form;
}

const seen = { renders: 0, leaves: 0, listButtons: 0 };

describe("the Site editor's form shows every field as Conform's metadata has it", () => {
  it.each(listFiles().map((file) => [file.path, file] as const))(
    "%s: loaded, after each list button, and with errors",
    (_, file) => {
      const { spec } = formOf(file);
      const value = formValue(file);
      const html = (lastResult?: Reply) =>
        renderToString(<SiteForm spec={spec} defaultValue={value} lastResult={lastResult} csrf="x" />);
      const intents = controlsIn(html())
        .filter((c) => c.tag === "button" && c.attrs.name === "__intent__" && !("disabled" in c.attrs))
        .map((c) => c.attrs.value ?? "");
      // The first of each kind that does something: add, remove, move.
      const kinds = new Map(intents.map((intent) => [JSON.parse(intent).type as string, intent]));
      seen.listButtons += kinds.size;
      const results: (Reply | undefined)[] = [undefined];
      for (const intent of kinds.values()) {
        const form = payloadOf(value);
        form.append("__intent__", intent);
        results.push(parse<Record<string, unknown>, string[]>(form, { resolve: () => ({ error: null }) }).reply());
      }
      const sent = payloadOf(value);
      const error = Object.fromEntries([...new Set(sent.keys())].slice(0, 5).map((name) => [name, [`Not ${name}.`]]));
      results.push(
        parse<Record<string, unknown>, string[]>(sent, { resolve: () => ({ error }) }).reply({
          formErrors: ["Not saved."],
        }),
      );

      for (const lastResult of results) {
        const page = html(lastResult);
        const controls = controlsIn(page);
        const byId = new Map(controls.map((c) => [c.attrs.id, c]));
        const byName = new Map<string | undefined, typeof controls>();
        for (const c of controls) byName.set(c.attrs.name, [...(byName.get(c.attrs.name) ?? []), c]);
        const out: Leaf[] = [];
        renderToString(<Reference spec={spec} value={value} lastResult={lastResult} out={out} />);
        seen.renders++;
        for (const leaf of out) {
          seen.leaves++;
          const where = `${lastResult?.intent?.type ?? (lastResult ? "errors" : "loaded")}: ${leaf.name}`;
          const text = typeof leaf.value === "string" ? leaf.value : "";
          if (leaf.spec.type === "text" || leaf.spec.type === "number" || leaf.spec.type === "select") {
            const control = byId.get(leaf.id);
            expect(control?.attrs.name, where).toBe(leaf.name);
            if (control?.tag === "input") expect(control.attrs.value, where).toBe(text);
            if (control?.tag === "textarea") expect(control.text, where).toBe(text);
          } else if (leaf.spec.type === "checkbox") {
            const box = byName.get(leaf.name)?.[0];
            expect(box && { value: box.attrs.value, checked: "checked" in box.attrs }, where).toEqual({
              value: "on",
              checked: leaf.value === "on",
            });
          } else if (leaf.spec.type === "choices") {
            const chosen = ([] as unknown[]).concat(leaf.value ?? []);
            const boxes = byName.get(leaf.name) ?? [];
            expect(
              boxes.map((b) => [b.attrs.value, "checked" in b.attrs]),
              where,
            ).toEqual(leaf.spec.options.map((o) => [o.value, chosen.includes(o.value)]));
          }
          expect(page.includes(`id="${escape(leaf.errorId)}"`), where).toBe(Boolean(leaf.errors?.length));
        }
      }
    },
  );

  it("looked at enough for the checks to mean something", () => {
    expect(seen.renders).toBeGreaterThanOrEqual(40);
    expect(seen.leaves).toBeGreaterThan(1000);
    expect(seen.listButtons).toBeGreaterThanOrEqual(10);
  });
});
