import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import local from "./tools/eslint-rules/business-day.js";

// Islands hydrate without a router: plain <a> everywhere, never React Router's <Link>.
const routerLinks = {
  name: "react-router",
  importNames: ["Link", "NavLink", "Form", "useNavigate"],
  message: "Pages are plain documents (docs/decisions/0008-html-first.md): use <a href>.",
};

/** Ways out of an app/ folder that a lower layer must not take: upward folders, then server/, scripts/, tools/, tests/. */
const upward = (folders) => [`^(~|\\.\\.)/(${folders})`, "^(\\.\\./)+(server|scripts|tools|tests)/"];

/** One layer's import rule (tests may reach across layers): each regex is a forbidden import, with one message. */
function layer(files, message, regexes) {
  const patterns = regexes.map((regex) => ({ regex, message }));
  return {
    files,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [routerLinks], patterns }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
      "bench-results/",
      ".test-builds/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, local },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A day from an instant only through dayAt (app/lib/business-day.ts, decision 0035).
      "local/business-day": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Layers only point down (docs/decisions/0014-layers.md): content -> lib -> components -> islands -> routes and the
  // entries; server/ beside them reads content and lib; scripts/ (owner commands) and tools/ (ours) sit on top.
  // Each block restates the router rule because a later no-restricted-imports replaces an earlier one.
  layer(["app/**/*.{ts,tsx}"], "", []),
  layer(["app/content/**"], "content/ is the floor: it imports nothing else from app/ or beyond.", [
    "^~/(?!content/)",
    "^\\.\\./",
  ]),
  layer(["app/lib/**"], "lib/ may import content/ only.", upward("components|islands|routes|root|entry|load-context")),
  layer(
    ["app/components/**"],
    "components/ may import content/ and lib/ only; islands are registered in app/islands/.",
    upward("islands|routes|root|entry|load-context"),
  ),
  layer(["app/islands/**"], "islands/ sit below the routes.", upward("routes|root|entry|load-context")),
  layer(["server/**"], "server/ reads app/content and app/lib only, and no command or tool.", [
    "^(\\.\\./)+app/(?!content/|lib/)",
    "^(\\.\\./)+(scripts|tools)/",
  ]),
  layer(["scripts/**"], "Owner commands must not depend on developer tools.", ["^(\\.\\./)+tools/"]),
);
