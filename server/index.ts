// Production entry, compiled by esbuild into build/bin/server.js (scripts/build-server.ts): `npm start` and the unit
// run `node build/bin/server.js`. See README "Configuration".
import { existsSync } from "node:fs";

// Settings may live in a .env file beside package.json (see .env.example); the real environment wins.
if (existsSync(".env")) process.loadEnvFile(".env");
// React picks its production build from NODE_ENV when first loaded, so settle it before anything imports React.
process.env.NODE_ENV ??= "production";

// A content file left invalid by hand must not stop the import of the content modules (server/publishing/start-content.ts).
process.env.CONTENT_CHECKED_AT_START = "1";

await import("./start.ts");
