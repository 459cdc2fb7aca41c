import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Islands hydrate without a router: plain <a> everywhere, never React Router's <Link>.
const routerLinks = {
  name: "react-router",
  importNames: ["Link", "NavLink", "Form", "useNavigate"],
  message: "Pages are plain documents (docs/decisions/0008-html-first.md): use <a href>.",
};

/** One layer's import rule; tests may reach across layers. */
function layer(files, patterns) {
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
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Layers only point down (docs/decisions/0014-layers.md): content -> lib -> components -> islands -> routes and the
  // entries; server/ beside them reads content and lib; scripts/ (owner commands) and tools/ (ours) sit on top.
  // Each block restates the router rule because a later no-restricted-imports replaces an earlier one.
  layer(["app/**/*.{ts,tsx}"], []),
  layer(
    ["app/content/**"],
    [
      { regex: "^~/(?!content/)", message: "content/ is the floor: it imports nothing else from app/." },
      { regex: "^\\.\\./", message: "content/ is the floor: it imports nothing outside app/content/." },
    ],
  ),
  layer(
    ["app/lib/**"],
    [
      {
        regex: "^(~|\\.\\.)/(components|islands|routes|root|entry|load-context)",
        message: "lib/ may import content/ only.",
      },
      { regex: "^(\\.\\./)+(server|scripts|tools|tests)/", message: "lib/ may import content/ only." },
    ],
  ),
  layer(
    ["app/components/**"],
    [
      {
        regex: "^(~|\\.\\.)/(islands|routes|root|entry|load-context)",
        message: "components/ may import content/ and lib/ only; islands are registered in app/islands/.",
      },
      { regex: "^(\\.\\./)+(server|scripts|tools|tests)/", message: "components/ may import content/ and lib/ only." },
    ],
  ),
  layer(
    ["app/islands/**"],
    [
      { regex: "^(~|\\.\\.)/(routes|root|entry|load-context)", message: "islands/ sit below the routes." },
      { regex: "^(\\.\\./)+(server|scripts|tools|tests)/", message: "islands/ sit below the routes." },
    ],
  ),
  layer(
    ["server/**"],
    [
      {
        regex: "^(\\.\\./)+app/(?!content/|lib/)",
        message: "server/ reads app/content and app/lib only; pages reach it through the build.",
      },
      { regex: "^(\\.\\./)+(scripts|tools)/", message: "server/ does not depend on commands or tools." },
    ],
  ),
  layer(
    ["scripts/**"],
    [{ regex: "^(\\.\\./)+tools/", message: "Owner commands must not depend on developer tools." }],
  ),
);
