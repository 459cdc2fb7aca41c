import { pathToFileURL } from "node:url";
let t = performance.now();
const build = await import(pathToFileURL("/work/main/build/server/index.js").href);
console.log("import", Math.round(performance.now() - t)); t = performance.now();
const { createRequestHandler } = await import("react-router");
const e = build.entry.module;
e.switchContent(e.readContentFiles("/work/main/content"));
console.log("content", Math.round(performance.now() - t)); t = performance.now();
const h = createRequestHandler(build, "production");
for (const p of e.prerenderPaths()) {
  const t0 = performance.now();
  const r = await h(new Request("http://localhost" + (p.endsWith(".xml")||p.endsWith(".txt") ? p : (p + "/").replace("//","/"))));
  await r.text();
  process.stdout.write(`${p}:${Math.round(performance.now() - t0)} `);
}
console.log("\nall", Math.round(performance.now() - t));
