import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { asciiSource } from "./scripts/ascii-source.ts";

// SITE_URL may live in .env; the real environment wins.
if (existsSync(".env")) process.loadEnvFile(".env");

/**
 * `npm run dev`: content is read at run time, not imported (decision 0027), so Vite does not see it change. A change
 * under content/ drops the server's evaluated modules (they read the files again) and reloads the browser.
 */
function contentReload(): Plugin {
  return {
    name: "content-reload",
    apply: "serve",
    configureServer(server) {
      const contentDir = path.resolve("content");
      server.watcher.add(contentDir);
      const reload = (file: string) => {
        if (!file.startsWith(contentDir + path.sep)) return;
        for (const environment of Object.values(server.environments)) {
          environment.moduleGraph.invalidateAll();
          environment.hot.send({ type: "full-reload" });
        }
      };
      server.watcher.on("change", reload).on("add", reload).on("unlink", reload);
    },
  };
}

/**
 * The server build's chunks as ASCII: one byte a character in the heap of the server and its workers (issue 65,
 * scripts/ascii-source.ts). Done to the written files: Rolldown prints a chunk again after renderChunk, its strings
 * with the characters themselves.
 */
function asciiServerBuild(): Plugin {
  return {
    name: "ascii-server-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !options.dir) continue;
        const file = path.join(options.dir, chunk.fileName);
        const code = readFileSync(file, "utf8");
        const ascii = asciiSource(code, path.relative(process.cwd(), file));
        if (ascii !== code) writeFileSync(file, ascii);
      }
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Photos are not the build's: their web copies are made when they arrive (decision 0028).
  plugins: [tailwindcss(), reactRouter(), contentReload(), asciiServerBuild()],
  build: { assetsInlineLimit: 0 },
  // Icon sets bundled, so only the icons the templates use are in the server bundle: imported whole from
  // node_modules they cost every process that renders (the server, a publish's worker) about 70 MB (issue 38).
  ssr: { noExternal: ["lucide-react", "simple-icons"] },
  // The public origin the site is built for; the server falls back to it when SITE_URL is not set at run time.
  // Nothing from content/: the owner's words are read at run time (decision 0027).
  define: {
    __BUILD_SITE_URL__: JSON.stringify(process.env.SITE_URL?.trim() ?? ""),
  },
});
