// The quote editor is one form (it works without a script): every button posts every field, so a tap on a preset
// also keeps what was typed. This turns the posted fields into the draft again, then does what the tapped button asks
// (add a preset line, remove one, add an option …). What the owner typed is never lost to a mistake: a value that does
// not read (a price with three decimals) or is longer than its box takes comes back as typed, with the error beside
// it, and nothing is saved. Nothing is ever cut to fit (the limits: app/lib/text-limits.ts).
import { parseDollars, parsePercent, parseQuantity } from "../../../server/quotes/money.ts";
import { lineField } from "./quote-fields";
import {
  MAX_ADDONS,
  MAX_LINES,
  MAX_OPTIONS,
  MAX_PHOTOS,
  type Draft,
  type DraftLine,
} from "../../../server/quotes/document.ts";
import { lineFromPreset } from "../../../server/quotes/quote-words.ts";
import type { QuotePreset } from "~/content/quote-words";
import { MAX_MATERIALS, overLimit, TEXT_LIMITS, tooLong, typedText, type TextLimit } from "~/lib/text-limits";

export type FieldErrors = Record<string, string>;
/** The posted text of every field, by name, to put back in the form when something did not read. */
export type RawFields = Record<string, string>;

const OPTION_NAMES = ["Good", "Better", "Best"];

const LIMIT = TEXT_LIMITS.quote;

/** A box's text as typed, kept in `raw` to show again; over its limit, the refusal goes beside it in `errors`. */
function box(form: FormData, name: string, limit: TextLimit, errors: FieldErrors, raw: RawFields): string {
  const text = typedText(form.get(name));
  if (form.get(name) !== null) raw[name] = text;
  const over = overLimit(text, limit);
  if (over) errors[name] = over;
  return text;
}

/** One material per line: the box, each line and their count each have a limit. */
function readMaterials(form: FormData, name: string, errors: FieldErrors, raw: RawFields): string[] {
  const list = box(form, name, LIMIT.materials, errors, raw)
    .split("\n")
    .map((m) => m.trim())
    .filter(Boolean);
  if (errors[name]) return [];
  if (list.some((m) => m.length > LIMIT.material.max)) errors[name] = tooLong(LIMIT.material);
  else if (list.length > MAX_MATERIALS)
    errors[name] = `${LIMIT.materials.label}: at most ${MAX_MATERIALS}, one per line.`;
  return list;
}

function newId(): string {
  return Math.random().toString(36).slice(2, 9).padEnd(7, "0");
}

function readLine(form: FormData, line: DraftLine, errors: FieldErrors, raw: RawFields): DraftLine {
  const f = (field: Parameters<typeof lineField>[1]) => lineField(line.id, field);
  if (form.get(f("name")) === null) return line; // not in this form (an older page)
  // A field the form did not carry keeps its value; the checkbox is the form's own (unticked is absent).
  const has = (field: Parameters<typeof lineField>[1]) => form.get(f(field)) !== null;
  const name = box(form, f("name"), LIMIT.lineName, errors, raw);
  const qtyText = box(form, f("qty"), LIMIT.quantity, errors, raw);
  const priceText = box(form, f("price"), LIMIT.price, errors, raw);
  const unit = has("unit") ? box(form, f("unit"), LIMIT.unit, errors, raw).trim() : line.unit;
  const description = has("desc") ? box(form, f("desc"), LIMIT.description, errors, raw).trim() : line.description;
  const materials = has("materials") ? readMaterials(form, f("materials"), errors, raw) : line.materials;
  if (has("unit")) raw[f("taxable")] = form.get(f("taxable")) === "on" ? "on" : "";
  const quantity = has("qty") && !errors[f("qty")] ? parseQuantity(qtyText.replaceAll(",", "")) : line.quantity;
  const unitPrice = has("price") && !errors[f("price")] ? parseDollars(priceText) : line.unitPrice;
  if (quantity === null) errors[f("qty")] = "A number of units, e.g. 1, 120 or 2.5.";
  if (unitPrice === null) errors[f("price")] = "Dollars and cents, e.g. 1450 or 18.50 (a minus sign for a discount).";
  return {
    ...line,
    name: name.trim(),
    quantity: quantity ?? line.quantity,
    unit,
    unitPrice: unitPrice ?? line.unitPrice,
    description,
    materials,
    taxable: has("unit") ? form.get(f("taxable")) === "on" : line.taxable,
  };
}

/** The draft as the form posted it; errors name the fields that did not read (their old values are kept). */
export function draftFromForm(
  form: FormData,
  current: Draft,
  photoHashes: ReadonlyMap<number, string>,
): { draft: Draft; errors: FieldErrors; raw: RawFields } {
  const errors: FieldErrors = {};
  const raw: RawFields = {};
  const options = current.options.map((o) => ({
    ...o,
    name:
      form.get(`option.${o.id}.name`) === null
        ? o.name
        : box(form, `option.${o.id}.name`, LIMIT.optionName, errors, raw).trim(),
    lines: o.lines.map((l) => readLine(form, l, errors, raw)),
  }));
  const addons = current.addons.map((l) => readLine(form, l, errors, raw));
  const validUntil = form.get("validUntil") === null ? current.validUntil : typedText(form.get("validUntil"));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) errors.validUntil = "Choose a date.";
  let deposit = current.deposit;
  const kind = typedText(form.get("depositKind"));
  const amount = box(form, "depositValue", LIMIT.depositValue, errors, raw);
  if (kind && !errors.depositValue) {
    if (kind === "none") deposit = { kind: "none" };
    else if (kind === "percent") {
      const ppm = parsePercent(amount);
      if (ppm === null) errors.depositValue = "A percentage, e.g. 30.";
      else deposit = { kind: "percent", ratePpm: ppm };
    } else if (kind === "amount") {
      const cents = parseDollars(amount);
      if (cents === null || cents < 0) errors.depositValue = "Dollars and cents, e.g. 500.";
      else deposit = { kind: "amount", cents };
    }
  }
  const photos =
    form.get("photos-shown") === null
      ? current.photos
      : form
          .getAll("photo")
          .flatMap((p) =>
            typeof p === "string" && photoHashes.has(Number(p)) ? [photoHashes.get(Number(p)) as string] : [],
          )
          .slice(0, MAX_PHOTOS);
  return {
    draft: {
      options,
      addons,
      photos,
      validUntil: errors.validUntil ? current.validUntil : validUntil,
      deposit,
      note: form.get("note") === null ? current.note : box(form, "note", LIMIT.note, errors, raw).trim(),
    },
    errors,
    raw,
  };
}

/**
 * What a button asks, applied to the draft: "add:<option>:<preset>", "addon:<preset>", "blank:<option>",
 * "discount:<option>", "remove:<line>", "add-option", "remove-option:<option>". Null for an intent it does not know.
 */
export function applyIntent(
  draft: Draft,
  intent: string,
  presets: readonly QuotePreset[],
): { draft: Draft; error?: string } | null {
  const [verb, a = "", b = ""] = intent.split(":");
  const preset = (key: string) => presets.find((p) => p.key === key);
  const count = draft.options.reduce((n, o) => n + o.lines.length, 0) + draft.addons.length;
  const full = count >= MAX_LINES;
  const inOption = (optionId: string, line: DraftLine): { draft: Draft; error?: string } => {
    if (full) return { draft, error: `A quote holds at most ${MAX_LINES} lines.` };
    if (!draft.options.some((o) => o.id === optionId)) return { draft };
    return {
      draft: {
        ...draft,
        options: draft.options.map((o) => (o.id === optionId ? { ...o, lines: [...o.lines, line] } : o)),
      },
    };
  };
  const blank = (name = "", unitPrice = 0): DraftLine => ({
    id: newId(),
    preset: null,
    name,
    description: "",
    materials: [],
    quantity: 1000,
    unit: "each",
    unitPrice,
    taxable: false,
  });
  switch (verb) {
    case "add": {
      const p = preset(b);
      return p ? inOption(a, lineFromPreset(p, newId())) : null;
    }
    case "blank":
      return inOption(a, blank());
    case "discount":
      return inOption(a, { ...blank("Discount", -10_000), materials: [] });
    case "addon": {
      if (draft.addons.length >= MAX_ADDONS) return { draft, error: `A quote holds at most ${MAX_ADDONS} add-ons.` };
      const p = a === "blank" ? null : preset(a);
      if (a !== "blank" && !p) return null;
      return { draft: { ...draft, addons: [...draft.addons, p ? lineFromPreset(p, newId()) : blank()] } };
    }
    case "remove":
      return {
        draft: {
          ...draft,
          options: draft.options.map((o) => ({ ...o, lines: o.lines.filter((l) => l.id !== a) })),
          addons: draft.addons.filter((l) => l.id !== a),
        },
      };
    case "add-option": {
      if (draft.options.length >= MAX_OPTIONS) return { draft, error: `A quote holds at most ${MAX_OPTIONS} options.` };
      const last = draft.options.at(-1);
      const named = draft.options.map((o, i) => ({ ...o, name: o.name || (OPTION_NAMES[i] ?? `Option ${i + 1}`) }));
      // The new option starts as a copy of the last, to change what differs.
      const copy = (last?.lines ?? []).map((l) => ({ ...l, id: newId() }));
      if (count + copy.length > MAX_LINES) return { draft, error: `A quote holds at most ${MAX_LINES} lines.` };
      return {
        draft: {
          ...draft,
          options: [...named, { id: newId(), name: OPTION_NAMES[draft.options.length] ?? "", lines: copy }],
        },
      };
    }
    case "remove-option": {
      if (draft.options.length <= 1) return { draft };
      const options = draft.options.filter((o) => o.id !== a);
      const [only] = options;
      return { draft: { ...draft, options: options.length === 1 && only ? [{ ...only, name: "" }] : options } };
    }
    default:
      return null;
  }
}
