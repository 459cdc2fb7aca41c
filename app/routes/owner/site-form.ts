// The schema-to-form mapping for the "Site" section: a content file's zod schema (the one the build checks it with)
// becomes a tree of plain field descriptions the page renders with Conform, and a submitted form (Conform's parsed
// payload: nested strings) becomes the file's data again. Labels and help come from `.meta({ title, description })`,
// else from the key. The descriptions are plain JSON, so the console's browser code needs neither zod nor the schemas.

export type Option = { value: string; label: string };

export type FieldSpec =
  | { type: "text"; label: string; help?: string; optional: boolean; long: boolean }
  | { type: "number"; label: string; help?: string; optional: boolean }
  | { type: "checkbox"; label: string; help?: string }
  | {
      type: "select";
      label: string;
      help?: string;
      optional: boolean;
      options: Option[];
      numeric?: boolean;
      /** Offers "(none)" though the field is required: it is part of an optional group, which "(none)" leaves out. */
      blankChoice?: boolean;
    }
  | { type: "choices"; label: string; help?: string; optional: boolean; options: Option[] }
  | { type: "object"; label: string; help?: string; optional: boolean; fields: [string, FieldSpec][] }
  | { type: "list"; label: string; help?: string; optional: boolean; item: FieldSpec; blank: unknown }
  | {
      type: "union";
      label: string;
      help?: string;
      optional: boolean;
      discriminator: string;
      variants: { value: string; label: string; fields: [string, FieldSpec][] }[];
    };

/** Lists the mapping takes from the site itself, by field name (towns, service pages, photos). */
export type Lookups = { city?: Option[]; service?: Option[]; file?: Option[] };

type ZodLike = {
  _zod: { def: { type: string; [key: string]: unknown } };
  meta?: () => { title?: string; description?: string } | undefined;
};

const LABELS: Record<string, string> = {
  seo: "Search result",
  hero: "Top of the page",
  href: "Link",
  faqs: "Questions and answers",
  faq: "Questions and answers",
  alt: "Description for blind visitors",
  artworkAlt: "Drawing description",
  imageAlt: "Drawing description",
  datePublished: "Published (YYYY-MM-DD)",
  dateModified: "Updated (YYYY-MM-DD)",
  city: "Town",
  file: "Photo file",
  costRange: "Cost range",
};

/** "callBackWithinBusinessHours" → "Call back within business hours" */
export function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Keys whose text is usually longer than a line. */
const LONG = /^(description|lead|quote|answer|intro|paragraphs|excerpt|afterHours|value|features|items|bullets)$/;

function metaOf(schema: ZodLike): { title?: string; description?: string } {
  return schema.meta?.() ?? {};
}

function def(schema: ZodLike) {
  return schema._zod.def as { type: string; [key: string]: unknown };
}

function shapeOf(schema: ZodLike): Record<string, ZodLike> {
  return (def(schema).shape ?? {}) as Record<string, ZodLike>;
}

/** The form description of one schema; `key` names it (for labels and the lookups). */
export function describe(schema: ZodLike, key: string, lookups: Lookups = {}, optional = false): FieldSpec {
  const own = metaOf(schema);
  const d = def(schema);
  const label = own.title ?? labelOf(key);
  const help = own.description;
  const base = help ? { label, help } : { label };
  switch (d.type) {
    case "optional":
    case "default":
    case "nullable": {
      const inner = describe(d.innerType as ZodLike, key, lookups, true);
      return { ...inner, ...(own.title ? { label: own.title } : {}), ...(help ? { help } : {}) } as FieldSpec;
    }
    case "pipe":
      return { ...describe(d.in as ZodLike, key, lookups, optional), ...(own.title ? { label } : {}) } as FieldSpec;
    case "string":
    case "custom":
    case "literal": {
      const list = lookups[key as keyof Lookups];
      if (list) return { type: "select", ...base, optional, options: list };
      return { type: "text", ...base, optional, long: LONG.test(key) };
    }
    case "number":
      return { type: "number", ...base, optional };
    case "boolean":
      return { type: "checkbox", ...base };
    case "enum": {
      const values = Object.values(d.entries as Record<string, string>);
      return {
        type: "select",
        ...base,
        optional,
        options: values.map((v) => ({ value: String(v), label: String(v) })),
      };
    }
    case "array": {
      const element = d.element as ZodLike;
      if (def(element).type === "enum") {
        const values = Object.values(def(element).entries as Record<string, string>);
        return {
          type: "choices",
          ...base,
          optional,
          options: values.map((v) => ({ value: String(v), label: String(v) })),
        };
      }
      const item = describe(element, singular(key), lookups);
      return { type: "list", ...base, optional, item, blank: blankOf(item) };
    }
    case "object": {
      const fields = Object.entries(shapeOf(schema)).map(
        ([k, s]) => [k, describe(s, k, lookups)] as [string, FieldSpec],
      );
      // A browser selects a list's first choice when none is marked, so without a blank one an optional group with a
      // list in it (an article's photo) would always be filled in, and then refused for its empty description.
      return {
        type: "object",
        ...base,
        optional,
        fields: optional
          ? fields.map(([k, f]) => [k, f.type === "select" && !f.optional ? { ...f, blankChoice: true } : f])
          : fields,
      };
    }
    case "union": {
      const options = d.options as ZodLike[];
      // A choice of fixed values (columns: 2 or 3) is a select.
      if (options.every((o) => def(o).type === "literal")) {
        const values = options.flatMap((o) => def(o).values as unknown[]);
        return {
          type: "select",
          ...base,
          optional,
          options: values.map((v) => ({ value: String(v), label: String(v) })),
          numeric: values.every((v) => typeof v === "number"),
        };
      }
      const discriminator = String(d.discriminator ?? "kind");
      return {
        type: "union",
        ...base,
        optional,
        discriminator,
        variants: (d.options as ZodLike[]).map((option) => {
          const shape = shapeOf(option);
          const literal = shape[discriminator];
          const value = String((literal ? (def(literal).values as unknown[]) : [])[0] ?? "");
          return {
            value,
            label: labelOf(value),
            fields: Object.entries(shape)
              .filter(([k]) => k !== discriminator)
              .map(([k, s]) => [k, describe(s, k, lookups)] as [string, FieldSpec]),
          };
        }),
      };
    }
    default:
      return { type: "text", ...base, optional, long: false };
  }
}

function singular(key: string): string {
  if (key === "cities") return "city";
  if (key === "faqs") return "faq";
  return key.replace(/s$/, "");
}

/** A new, empty item for a list ("Add" fills the list with this). */
export function blankOf(spec: FieldSpec): unknown {
  switch (spec.type) {
    case "object":
      return Object.fromEntries(
        spec.fields.filter(([, f]) => !("optional" in f && f.optional)).map(([k, f]) => [k, blankOf(f)]),
      );
    case "union": {
      const first = spec.variants[0];
      return {
        [spec.discriminator]: first?.value ?? "",
        ...(first ? (blankOf({ type: "object", label: "", optional: false, fields: first.fields }) as object) : {}),
      };
    }
    case "list":
    case "choices":
      return [];
    case "checkbox":
      return false;
    default:
      return "";
  }
}

/** Conform's payload (strings, nested) → the file's data, typed as the schema expects; empty optional fields go. */
export function fromPayload(spec: FieldSpec, value: unknown): unknown {
  switch (spec.type) {
    case "text":
    case "select": {
      const text = typeof value === "string" ? value.replace(/\r\n/g, "\n") : "";
      if (text.trim() === "") return spec.optional ? undefined : "";
      return spec.type === "select" && spec.numeric ? Number(text) : text;
    }
    case "number": {
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "") return spec.optional ? undefined : Number.NaN;
      return Number(text);
    }
    case "checkbox":
      return value === "on" || value === "true" || value === true;
    case "choices": {
      const list = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
        (v) => typeof v === "string",
      );
      return list.length === 0 && spec.optional ? undefined : list;
    }
    case "list": {
      const list = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) =>
        fromPayload(spec.item, v),
      );
      return list.length === 0 && spec.optional ? undefined : list;
    }
    case "object": {
      const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
      const out: Record<string, unknown> = {};
      for (const [k, f] of spec.fields) {
        const v = fromPayload(f, record[k]);
        if (v !== undefined) out[k] = v;
      }
      if (spec.optional && Object.keys(out).every((k) => isEmpty(out[k]))) return undefined;
      return out;
    }
    case "union": {
      const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
      const kind = String(record[spec.discriminator] ?? "");
      const variant = spec.variants.find((v) => v.value === kind) ?? spec.variants[0];
      if (!variant) return {};
      const rest = fromPayload(
        { type: "object", label: "", optional: false, fields: variant.fields },
        record,
      ) as object;
      if (spec.optional && Object.values(rest).every(isEmpty)) return undefined;
      return { [spec.discriminator]: variant.value, ...rest };
    }
  }
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === "" || v === false || (Array.isArray(v) && v.length === 0);
}

/** A zod issue path → Conform's field name: ["hours", 1, "closes"] → "hours[1].closes". */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    "",
  );
}

/** The labels along a path, for messages that name the field in words ("Opening hours 2 › Closes"). */
export function fieldLabel(spec: FieldSpec, path: readonly PropertyKey[]): string {
  const words: string[] = [];
  let at: FieldSpec | undefined = spec;
  let record: { kind?: string } | undefined;
  for (const [i, part] of path.entries()) {
    if (!at) break;
    if (typeof part === "number" && at.type === "list") {
      words.push(`${at.label} ${part + 1}`);
      at = at.item;
      continue;
    }
    const fields: [string, FieldSpec][] =
      at.type === "object"
        ? at.fields
        : at.type === "union"
          ? ((at.variants.find((v) => v.value === record?.kind) ?? at.variants[0])?.fields ?? [])
          : [];
    const found = fields.find(([k]) => k === part);
    at = found?.[1];
    record = undefined;
    // A list is named with its item's number, unless the list itself is what is wrong.
    if (at && (at.type !== "list" || i === path.length - 1) && at.type !== "union") words.push(at.label);
  }
  return words.join(" › ") || spec.label;
}
