// The house's size limits (STYLE.md, issue 64): no function in server/ spans more than 300 lines (a factory closure
// grows into a room without walls), and no route module in app/routes/ more than 400 (a route keeps to its loader, its
// action and a page made of components in files of their own). `npx tsx tools/house-sizes.ts` lists the largest.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const CLOSURE_LIMIT = 300;
export const ROUTE_MODULE_LIMIT = 400;

export type Oversize = { file: string; name: string; lines: number };

function sourceFiles(root: string, folder: string, pattern: RegExp): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (pattern.test(entry.name) && !/\.(test|fixture)\./.test(entry.name)) out.push(rel);
    }
  };
  walk(folder);
  return out.sort();
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** Every function in the file (declared, expression, arrow or method) longer than `limit` lines. */
export function longFunctions(root: string, file: string, limit: number): Oversize[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Oversize[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function oversizeClosures(root: string, limit = CLOSURE_LIMIT): Oversize[] {
  return sourceFiles(root, "server", /\.ts$/).flatMap((file) => longFunctions(root, file, limit));
}

/** The modules app/routes.ts names: the route modules (helpers beside them, `*.server.ts` and the like, are not). */
export function routeModules(root: string): string[] {
  const table = readFileSync(path.join(root, "app/routes.ts"), "utf8");
  return [...new Set([...table.matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => `app/${m[1]}`))].sort();
}

export function oversizeRouteModules(root: string, limit = ROUTE_MODULE_LIMIT): Oversize[] {
  return routeModules(root)
    .map((file) => ({ file, name: "(module)", lines: readFileSync(path.join(root, file), "utf8").split("\n").length }))
    .filter((entry) => entry.lines > limit);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  for (const o of [...oversizeClosures(root, 200), ...oversizeRouteModules(root, 300)]) {
    console.log(`${o.lines}\t${o.file}\t${o.name}`);
  }
}
