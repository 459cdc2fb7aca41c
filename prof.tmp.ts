import { renderPages } from "./server/render-pages.ts";
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = await renderPages({ serverBuildPath: "/work/main/build/server/index.js", contentDir: "/work/main/content", outDir: `/tmp/prof-out-${i}` });
  console.log(r.renderMs, r.compressMs, Math.round(performance.now() - t));
}
