// Production entry, compiled by esbuild into build/bin/server.js (scripts/build-server.ts): `npm start` and the unit
// run `node build/bin/server.js`. See README "Configuration".
import { existsSync } from "node:fs";

// Settings may live in a .env file beside package.json (see .env.example); the real environment wins.
if (existsSync(".env")) process.loadEnvFile(".env");
// React picks its production build from NODE_ENV when first loaded, so settle it before anything imports React.
process.env.NODE_ENV ??= "production";

await import("./start.ts");
