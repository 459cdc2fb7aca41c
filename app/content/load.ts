// Reads a content file, fills in business facts and the owner's claims ({{…}}, see ./placeholders.ts) and
// checks it against its schema; a bad file stops the build with the file's path and the field that is wrong.
import { type Document, isNode, LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { fillPlaceholders, PlaceholderError, protectPlaceholders } from "./placeholders";

export class ContentError extends Error {
  override name = "ContentError";
}

/** "/content/services/x.yaml" → "x" */
export function slugOf(path: string): string {
  const slug = path.slice(path.lastIndexOf("/") + 1).replace(/\.(ya?ml|md)$/, "");
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
    throw new ContentError(
      `${fileName(path)}: the file name must be lowercase words joined by dashes, e.g. chimney-crowns`,
    );
  }
  return slug;
}

function fileName(path: string): string {
  return path.replace(/^\//, "");
}

/** Placeholder mistakes are content errors: they name the file and the field. */
function filling<T>(fill: () => T): T {
  try {
    return fill();
  } catch (error) {
    if (error instanceof PlaceholderError) throw new ContentError(error.message);
    throw error;
  }
}

type Parsed = { data: unknown; lineOf: (path: readonly PropertyKey[]) => number | undefined };

/**
 * Per file, the last input that passed and what came of it. A publish changes a file or two, and a content switch
 * runs every check again (in the render's worker, and in the server when a page is next rendered on request): the
 * schemas, with Markdown parsed in their refinements, and the YAML parse were 80 of its 100 ms (issue 38). The same
 * input gives the same value; values are never changed in place.
 */
const lastChecked = new Map<string, { schema: z.ZodType; json: string; value: unknown }>();
const lastParsed = new Map<string, { source: string; document: Document.Parsed; lineCounter: LineCounter }>();

function check<S extends z.ZodType>(path: string, { data, lineOf }: Parsed, schema: S): z.output<S> {
  const json = JSON.stringify(data);
  const last = lastChecked.get(path);
  if (last?.schema === schema && last.json === json) return last.value as z.output<S>;
  const result = schema.safeParse(data);
  if (result.success) {
    lastChecked.set(path, { schema, json, value: result.data });
    return result.data;
  }
  const issues = result.error.issues.map((issue) => {
    const line = lineOf(issue.path);
    return `  ${issue.path.join(".") || "(file)"}${line ? ` (line ${line})` : ""}: ${issue.message}`;
  });
  throw new ContentError(`${fileName(path)} is not valid:\n${issues.join("\n")}`);
}

function parseYaml(path: string, source: string, firstLine = 1): Parsed {
  // Placeholders are filled in after parsing, so a filled-in value can never break the YAML.
  const { source: parseable, restore } = protectPlaceholders(source);
  let parsed = lastParsed.get(path);
  if (parsed?.source !== parseable) {
    const lineCounter = new LineCounter();
    const document = parseDocument(parseable, { lineCounter, prettyErrors: true });
    const [error] = document.errors;
    if (error) throw new ContentError(`${fileName(path)}: ${error.message}`);
    parsed = { source: parseable, document, lineCounter };
    lastParsed.set(path, parsed);
  }
  const { document, lineCounter } = parsed;
  /** The line of the value at a path, so an author can find it; none for a missing key. */
  const lineOf = (at: readonly PropertyKey[]) => {
    const node: unknown = at.length > 0 ? document.getIn(at, true) : undefined;
    return isNode(node) && node.range ? lineCounter.linePos(node.range[0]).line + firstLine - 1 : undefined;
  };
  return { data: filling(() => restore(document.toJS(), fileName(path))), lineOf };
}

export function loadYaml<S extends z.ZodType>(path: string, source: string, schema: S): z.output<S> {
  return check(path, parseYaml(path, source), schema);
}

/** A Markdown file: YAML front matter between --- lines, then the body. */
export function loadMarkdown<S extends z.ZodType>(
  path: string,
  source: string,
  schema: S,
): { data: z.output<S>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match) throw new ContentError(`${fileName(path)}: must start with front matter between two --- lines`);
  return {
    data: check(path, parseYaml(path, match[1] ?? "", 2), schema),
    body: filling(() => fillPlaceholders(source.slice(match[0].length), fileName(path))),
  };
}
