// The schema-to-form mapping, for every content file: the form shows what the file holds, a form sent back unchanged
// writes the file byte for byte, a change touches only its line, and what the build would refuse is refused first.
import { describe as group, expect, it } from "vitest";
import {
  checkSource,
  dataFromPayload,
  findFile,
  formOf,
  formValue,
  listFiles,
  readSource,
  serialize,
} from "./site-files.server";
import { fieldLabel, fieldName, type FieldSpec } from "./site-form";

/** What a browser sends for a value: strings, "on" for a ticked box, nothing for an unticked one. */
function toPayload(spec: FieldSpec, value: unknown): unknown {
  switch (spec.type) {
    case "checkbox":
      return value === true ? "on" : undefined;
    case "number":
      return value === undefined ? "" : String(value);
    case "list":
      return (value as unknown[] | undefined)?.map((v) => toPayload(spec.item, v));
    case "object": {
      const record = (value ?? {}) as Record<string, unknown>;
      return Object.fromEntries(spec.fields.map(([k, f]) => [k, toPayload(f, record[k])]));
    }
    case "union": {
      const record = (value ?? {}) as Record<string, unknown>;
      const variant = spec.variants.find((v) => v.value === record[spec.discriminator]);
      return {
        [spec.discriminator]: record[spec.discriminator],
        ...Object.fromEntries((variant?.fields ?? []).map(([k, f]) => [k, toPayload(f, record[k])])),
      };
    }
    default:
      return typeof value === "number" ? String(value) : value;
  }
}

const files = listFiles();

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("missing");
  return value;
}

group("schema-to-form mapping", () => {
  it("covers every content file", () => {
    expect(files.map((f) => f.kind)).toEqual(
      expect.arrayContaining([
        "business",
        "home",
        "services",
        "cities",
        "posts",
        "faqs",
        "testimonials",
        "gallery",
        "cost-table",
        "accessibility",
      ]),
    );
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  it.each(files.map((f) => [f.path, f] as const))(
    "%s: a form sent back unchanged writes the same bytes, and passes the build's check",
    (_, file) => {
      const source = readSource(file);
      const { spec } = formOf(file);
      const value = formValue(file, source);
      const sent = {
        ...(toPayload(spec, value) as Record<string, unknown>),
        ...(file.kind === "posts" ? { body: value.body } : {}),
      };
      const back = dataFromPayload(file, spec, sent);
      const written = serialize(file, back, source);
      expect(written).toBe(source);
      expect(() => checkSource(file, written)).not.toThrow();
    },
  );

  it("labels and help come from .meta(), else from the key", () => {
    const { spec } = formOf(must(findFile("business", undefined)));
    if (spec.type !== "object") throw new Error("object expected");
    const fields = Object.fromEntries(spec.fields);
    expect(fields.phone).toMatchObject({
      type: "text",
      label: "Phone",
      help: "Written (309) 555-0134; every call button dials it.",
    });
    expect(fields.hours).toMatchObject({ type: "list", label: "Opening hours" });
    expect(
      fields.hours?.type === "list" &&
        fields.hours.item.type === "object" &&
        Object.fromEntries(fields.hours.item.fields).days,
    ).toMatchObject({
      type: "choices",
      options: expect.arrayContaining([{ value: "Monday", label: "Monday" }]),
    });
    const gallery = formOf(must(findFile("gallery", undefined))).spec;
    const item = gallery.type === "object" && gallery.fields[0]?.[1];
    expect(
      item && item.type === "list" && item.item.type === "object" && Object.fromEntries(item.item.fields).city,
    ).toMatchObject({
      type: "select",
      label: "Town",
      options: expect.arrayContaining([{ value: "east-peoria", label: "East Peoria" }]),
    });
  });

  it("an optional group with a list in it offers none: an article without a photo stays without one", () => {
    const file = must(files.find((f) => f.kind === "posts"));
    const { spec } = formOf(file);
    const photo = spec.type === "object" ? Object.fromEntries(spec.fields).photo : undefined;
    expect(photo).toMatchObject({ type: "object", optional: true });
    const fields = Object.fromEntries(photo?.type === "object" ? photo.fields : []);
    // A browser picks a list's first choice when none is marked: without a blank one, the photo would be filled in.
    expect(fields.file).toMatchObject({ type: "select", optional: false, blankChoice: true });
    const value = formValue(file, readSource(file));
    const sent = {
      ...(toPayload(spec, value) as Record<string, unknown>),
      photo: { file: "", alt: "" },
      body: value.body,
    };
    expect(dataFromPayload(file, spec, sent)).not.toHaveProperty("photo");
    // A required list outside such a group has no blank choice.
    const gallery = formOf(must(findFile("gallery", undefined))).spec;
    const item = gallery.type === "object" && gallery.fields[0]?.[1];
    const city =
      item && item.type === "list" && item.item.type === "object" && Object.fromEntries(item.item.fields).city;
    expect(city && city.type === "select" && city.blankChoice).toBeFalsy();
  });

  it("a change touches only its own line and keeps the comments", () => {
    const file = must(findFile("business", undefined));
    const source = readSource(file);
    const value = formValue(file, source) as { phone: string; claims: { foundedYear: { confirmed: boolean } } };
    value.phone = "(309) 555-0199";
    value.claims.foundedYear.confirmed = true;
    const written = serialize(file, value, source);
    const changed = written.split("\n").filter((line, i) => line !== source.split("\n")[i]);
    expect(changed).toEqual(["phone: (309) 555-0199", "    confirmed: true"]);
  });

  it("keeps {{placeholders}} and the article body byte for byte", () => {
    const file = must(files.find((f) => f.kind === "posts"));
    const source = readSource(file);
    const value = formValue(file, source);
    expect(String(value.body)).toMatch(/::photo|:::callout|\{#|\{\{/);
    expect(serialize(file, { ...value, title: "Another title" }, source)).toBe(
      source.replace(/^title: .*$/m, "title: Another title"),
    );
  });

  it("refuses what the build would refuse, naming the field", () => {
    const file = must(findFile("business", undefined));
    const source = readSource(file);
    expect(() => checkSource(file, source.replace("phone: (309) 555-0134", "phone: soon"))).toThrow(
      /phone: must be a phone number/,
    );
    const service = must(findFile("services", "chimney-crowns"));
    expect(() => checkSource(service, readSource(service).replace(/^name: .*$/m, "name: {{claims.nope}}"))).toThrow(
      /unknown \{\{claims\.nope\}\}/,
    );
  });

  it("edits the closed days as a list of name and rule, checked by the business facts' schema", () => {
    const file = must(findFile("business", undefined));
    const source = readSource(file);
    const { spec } = formOf(file);
    const closed = spec.type === "object" ? spec.fields.find(([k]) => k === "closedDays")?.[1] : undefined;
    expect(closed).toMatchObject({
      type: "list",
      label: "Closed days",
      item: {
        type: "object",
        fields: [
          ["name", { label: "Name" }],
          ["date", { label: "When" }],
        ],
      },
    });
    const value = formValue(file, source) as { closedDays: { name: string; date: string }[] };
    value.closedDays.push({ name: "Veterans Day", date: "November 11" });
    const written = serialize(file, value, source);
    expect(() => checkSource(file, written)).not.toThrow();
    expect(written).toContain("  - name: Veterans Day\n    date: November 11\n");
    expect(() => checkSource(file, source.replace("date: December 25", "date: Dec 25th"))).toThrow(
      /closedDays\.5\.date: must be a date like December 25, or a day like fourth Thursday of November/,
    );
    expect(fieldLabel(spec, ["closedDays", 4, "date"])).toBe("Closed days 5 › When");
  });

  it("a save that changes a list's shape leaves the file's parsed text as it was, for the next page and save", () => {
    const file = must(findFile("business", undefined));
    const source = readSource(file);
    const before = formValue(file, source);
    const longer = formValue(file, source) as { closedDays: { name: string; date: string }[] };
    longer.closedDays.push({ name: "Veterans Day", date: "November 11" });
    expect(serialize(file, longer, source)).toContain("Veterans Day");
    expect(formValue(file, source)).toEqual(before);
    expect(serialize(file, before, source)).toBe(source);
  });

  it("names fields for Conform and in words", () => {
    expect(fieldName(["hours", 1, "closes"])).toBe("hours[1].closes");
    expect(fieldName(["items", 0, "alt"])).toBe("items[0].alt");
    const { spec } = formOf(must(findFile("business", undefined)));
    expect(fieldLabel(spec, ["hours", 1, "closes"])).toBe("Opening hours 2 › Closes");
    expect(fieldLabel(spec, ["claims", "warranty", "value"])).toBe("Your claims › Workmanship warranty › Warranty");
  });

  it("file names come only from known kinds and validated slugs of files that exist", () => {
    for (const [kind, slug] of [
      ["services", "../business"],
      ["services", "..%2Fbusiness"],
      ["services", "/etc/passwd"],
      ["services", "chimney-crowns/../../x"],
      ["services", "CHIMNEY-CROWNS"],
      ["services", "no-such-page"],
      ["constructor", undefined],
      ["__proto__", undefined],
      ["business", "x"],
      ["../content", undefined],
    ] as const) {
      expect(findFile(kind, slug), `${kind}/${slug}`).toBeUndefined();
    }
    expect(findFile("services", "chimney-crowns")?.path).toBe("content/services/chimney-crowns.yaml");
    expect(findFile("posts", "a-new-one", { allowNew: true })?.path).toBe("content/posts/a-new-one.md");
  });
});
