// The words of the chimney condition report (content/findings.yaml, decision 0054): for each part of a chimney and
// each defect of it, what it is, why it matters and what we recommend, in plain words for a homeowner; the words of
// each state, the "Do not use" flag and the inspection's scope; and the quote line each defect suggests (a preset's
// key in content/quote-presets.yaml). The owner edits them in the console (Site → Condition report words); the server
// reads the file each time, and a sent report keeps a frozen copy of the words it showed.
// The report is "a chimney condition report, the basis of our estimate", never a home inspection: that needs an
// Illinois licence (225 ILCS 441/5-5(c)(3)), so the schema refuses the words anywhere in the file.
import { z } from "zod";
import { FINDING_STATES, REPORT_PARTS, ROOF_ACCESS, WEATHER } from "./condition-report";

export const FINDINGS_FILE = "content/findings.yaml";

const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const words = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const stateWords = z.strictObject({
  label: words(30).meta({ title: "Name", description: "As on the buttons and the report, e.g. Repair now." }),
  says: words(200).meta({ title: "What it tells the homeowner", description: "One short sentence." }),
});

const levelWords = z.strictObject({
  label: words(40).meta({ title: "Name", description: "e.g. Level 2 inspection." }),
  says: words(400).meta({ title: "What it covers", description: "A sentence or two." }),
});

const defect = z.strictObject({
  key: z
    .string()
    .regex(KEY, "must be lowercase words joined by dashes, e.g. cracked")
    .meta({ title: "Short name", description: "Lowercase words joined by dashes; never shown. Keep it once used." }),
  name: words(80).meta({ title: "Name", description: "What the owner picks and the homeowner reads, e.g. Cracked crown." }),
  what: words(400).meta({ title: "What it is" }),
  why: words(400).meta({ title: "Why it matters" }),
  recommend: words(400).meta({ title: "What we recommend" }),
  state: z.enum(["watch", "repair"]).meta({
    title: "Usual state",
    description: "Chosen for you when you pick this defect; change it on the visit as needed.",
  }),
  doNotUse: z.boolean().default(false).meta({
    title: "Usually “Do not use until fixed”",
    description: "Ticks the flag when you pick this defect.",
  }),
  worseIf: z
    .string()
    .trim()
    .max(300, "must be at most 300 characters")
    .optional()
    .meta({ title: "What makes it worse", description: "Filled in for a Watch; change it on the visit as needed." }),
  preset: z
    .string()
    .regex(KEY, "must be the short name of a quote line, e.g. crown-rebuild")
    .optional()
    .meta({
      title: "Quote line",
      description: "The short name of the line in Quote lines this defect suggests. Leave empty for none.",
    }),
});

const part = z.strictObject({
  name: words(40).meta({ title: "Name", description: "e.g. Crown." }),
  what: words(300).meta({ title: "What it is" }),
  why: words(400).meta({ title: "Why it matters" }),
  good: words(120).meta({ title: "When it is good", description: "The one line the report shows, e.g. Sound, no cracks." }),
  defects: z
    .array(defect)
    .min(1, "must list at least one defect")
    .max(8, "must list at most 8 defects")
    .refine((list) => new Set(list.map((d) => d.key)).size === list.length, "each defect needs its own short name")
    .meta({ title: "Defects", description: "What can be wrong with this part." }),
});

const fixed = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>);

export const findingsFile = z
  .strictObject({
    title: words(80).meta({ title: "Report title", description: "e.g. Chimney condition report." }),
    subtitle: words(120).meta({ title: "Under the title", description: "e.g. The basis of our estimate." }),
    intro: words(600).meta({ title: "First paragraph", description: "What the report is, in a sentence or two." }),
    states: fixed(FINDING_STATES, stateWords).meta({ title: "States" }),
    doNotUse: stateWords.meta({ title: "Do not use until fixed" }),
    levels: z
      .strictObject({ level1: levelWords, level2: levelWords, level3: levelWords })
      .meta({ title: "Inspection levels (NFPA 211)" }),
    weather: fixed(WEATHER, words(40)).meta({ title: "Weather" }),
    roofAccess: fixed(ROOF_ACCESS, words(80)).meta({ title: "How the top was seen" }),
    notInspectedReasons: z
      .array(words(120))
      .max(12, "must list at most 12 reasons")
      .meta({ title: "Usual reasons a part was not inspected", description: "Offered with one tap on the visit." }),
    parts: fixed(REPORT_PARTS, part).meta({ title: "Parts of the chimney" }),
  })
  .superRefine((file, ctx) => {
    if (/home[\s-]+inspect/i.test(JSON.stringify(file)))
      ctx.addIssue({
        code: "custom",
        message:
          "must not call the report a home inspection: that needs an Illinois licence (225 ILCS 441). " +
          "Call it a chimney condition report, the basis of our estimate.",
      });
  });

export type FindingsWords = z.output<typeof findingsFile>;
export type PartWords = FindingsWords["parts"][keyof FindingsWords["parts"]];
export type DefectWords = PartWords["defects"][number];
