// The quote editor's one form: what it posts becomes the draft again, a value that does not read comes back as typed
// with nothing saved, and each button does its one thing.
import { describe, expect, it } from "vitest";
import { readQuoteWords } from "../../../server/quotes/quote-words.ts";
import type { Draft } from "../../../server/quotes/document.ts";
import { applyIntent, draftFromForm } from "./quote-form.server";
import { lineField, lineInputs } from "./quote-fields";

const { presets } = readQuoteWords(process.cwd());

const draft: Draft = {
  options: [
    {
      id: "o1",
      name: "",
      lines: [
        {
          id: "l1",
          preset: "tuckpointing",
          name: "Tuckpointing",
          description: "Grind out and repoint.",
          materials: ["Type N mortar"],
          quantity: 100_000,
          unit: "sq ft",
          unitPrice: 1850,
          taxable: false,
        },
      ],
    },
  ],
  addons: [],
  photos: [],
  validUntil: "2026-12-30",
  deposit: { kind: "percent", ratePpm: 300_000 },
  note: "",
};

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) data.append(k, one);
  return data;
}

/** The line's fields as the page posts them. */
const posted = (changes: Partial<Record<Parameters<typeof lineField>[1], string>> = {}) => {
  const v = lineInputs(draft.options[0]?.lines[0] ?? ({} as never));
  const all = {
    name: v.name,
    qty: v.qty,
    unit: v.unit,
    price: v.price,
    desc: v.desc,
    materials: v.materials,
    ...changes,
  };
  return Object.fromEntries(Object.entries(all).map(([k, value]) => [lineField("l1", k as never), value]));
};

describe("the quote editor's form", () => {
  it("reads back what it shows, unchanged", () => {
    const { draft: read, errors } = draftFromForm(form(posted()), draft, new Map());
    expect(errors).toEqual({});
    expect(read).toEqual(draft);
  });

  it("reads a new quantity, price and materials, one per line", () => {
    const { draft: read } = draftFromForm(
      form(posted({ qty: "123.5", price: "18.50", materials: "Type N mortar\n\n  Masonry cleaner  " })),
      draft,
      new Map(),
    );
    expect(read.options[0]?.lines[0]).toMatchObject({
      quantity: 123_500,
      unitPrice: 1850,
      materials: ["Type N mortar", "Masonry cleaner"],
    });
  });

  it("gives back what did not read, as typed, with the field's error", () => {
    const {
      draft: read,
      errors,
      raw,
    } = draftFromForm(
      form({ ...posted({ qty: "12.5.5", price: "18.505" }), depositKind: "percent", depositValue: "thirty" }),
      draft,
      new Map(),
    );
    expect(Object.keys(errors).sort()).toEqual(["depositValue", "line.l1.price", "line.l1.qty"]);
    expect(raw[lineField("l1", "price")]).toBe("18.505");
    expect(read.options[0]?.lines[0]?.unitPrice).toBe(1850);
  });

  it("keeps a field the form did not carry, and takes the photos ticked by their request position", () => {
    const { draft: read } = draftFromForm(
      form({ [lineField("l1", "name")]: "Tuckpointing", "photos-shown": "1", photo: ["2", "9"] }),
      draft,
      new Map([
        [1, "a".repeat(64)],
        [2, "b".repeat(64)],
      ]),
    );
    expect(read.options[0]?.lines[0]?.materials).toEqual(["Type N mortar"]);
    expect(read.photos).toEqual(["b".repeat(64)]);
  });

  it("reads the deposit as a percent, an amount or none", () => {
    const as = (kind: string, value: string) =>
      draftFromForm(form({ depositKind: kind, depositValue: value }), draft, new Map()).draft.deposit;
    expect(as("percent", "25")).toEqual({ kind: "percent", ratePpm: 250_000 });
    expect(as("amount", "500")).toEqual({ kind: "amount", cents: 50_000 });
    expect(as("none", "")).toEqual({ kind: "none" });
  });
});

describe("the editor's buttons", () => {
  it("add a preset line with its price, unit and materials, to the option asked", () => {
    const next = applyIntent(draft, "add:o1:crown-rebuild", presets)?.draft;
    expect(next?.options[0]?.lines.at(-1)).toMatchObject({ preset: "crown-rebuild", unitPrice: 145_000, unit: "each" });
    expect(next?.options[0]?.lines.at(-1)?.materials.length).toBeGreaterThan(0);
  });

  it("offer options as copies of the last, name them, and take one away again", () => {
    const two = applyIntent(draft, "add-option", presets)?.draft;
    expect(two?.options.map((o) => o.name)).toEqual(["Good", "Better"]);
    expect(two?.options[1]?.lines[0]?.name).toBe("Tuckpointing");
    expect(two?.options[1]?.lines[0]?.id).not.toBe("l1");
    const back = applyIntent(two as Draft, `remove-option:${two?.options[1]?.id}`, presets)?.draft;
    expect(back?.options).toHaveLength(1);
    expect(back?.options[0]?.name).toBe("");
  });

  it("add a discount and an add-on, remove a line, and refuse what the quote cannot hold", () => {
    expect(applyIntent(draft, "discount:o1", presets)?.draft.options[0]?.lines.at(-1)?.unitPrice).toBe(-10_000);
    expect(applyIntent(draft, "addon:cap-single", presets)?.draft.addons[0]?.name).toBe("Chimney cap, single flue");
    expect(applyIntent(draft, "remove:l1", presets)?.draft.options[0]?.lines).toEqual([]);
    const three = ["add-option", "add-option"].reduce((d, i) => applyIntent(d, i, presets)?.draft ?? d, draft);
    expect(applyIntent(three, "add-option", presets)?.error).toMatch(/at most 3 options/);
    expect(applyIntent(draft, "add:o1:no-such-preset", presets)).toBeNull();
    expect(applyIntent(draft, "format-disk", presets)).toBeNull();
  });
});
