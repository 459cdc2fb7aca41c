// The project's own import graph (type-only imports included, as madge counts them), for the cycle check in
// tests/unit/import-graph.test.ts. Our sources only: packages are leaves and are left out.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export type ImportGraph = Map<string, string[]>;

const extensions = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return extensions.some((e) => name.endsWith(e)) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return undefined;
  const candidates = [base, ...extensions.map((e) => base + e), ...extensions.map((e) => join(base, "index" + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && extensions.some((e) => c.endsWith(e)));
}

/** Every .ts/.tsx file under the given folders, with the project files it imports (paths relative to root). */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const folder of folders) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles
        .map((i) => resolveImport(root, file, i.fileName))
        .filter((t): t is string => t !== undefined)
        .map((t) => relative(root, t));
      graph.set(relative(root, file), [...new Set(targets)]);
    }
  }
  return graph;
}

/** Each cycle once, as the list of files around it (depth-first search, the way madge reports them). */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) cycles.push(stack.slice(stack.indexOf(next)));
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}
