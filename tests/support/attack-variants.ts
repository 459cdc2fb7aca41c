// Spellings of the same attacks, shared by the unit tests of a guard and the tests of the running server.

/** Every Location a browser could resolve to another host: prefixes × hosts × tails. */
export function offSiteLocations(): string[] {
  const prefixes = [
    "//",
    "///",
    "////",
    "/\\",
    "\\\\",
    "\\/",
    "/\\/",
    "/\t/",
    "/\n/",
    "/\r/",
    " //",
    "/%2F",
    "/%2f/",
    "/%5C",
    "/%5c/",
    "/%2F%2F",
    "https://",
    "http:",
    "https:/",
    "//\\",
    "/.//",
    "javascript:",
  ];
  const hosts = [
    "evil.example",
    "evil.example:443",
    "user@evil.example",
    "evil.example%2F",
    "EVIL.EXAMPLE",
    "127.0.0.1.nip.io",
    "[::1]",
  ];
  const tails = ["", "/", "/path", "?q=1", "#frag"];
  const out: string[] = [];
  for (const p of prefixes) for (const h of hosts) for (const t of tails) out.push(`${p}${h}${t}`);
  return out;
}

/** Spellings of /api/estimate that React Router routes to the estimate action. */
export const ESTIMATE_SPELLINGS = [
  "/api/estimate",
  "/api/%65stimate",
  "/%61pi/estimate",
  "/%61%70%69/%65%73%74%69%6d%61%74%65",
  "/./api/estimate",
  "/api/./estimate",
  "/api/x/../estimate",
  "/x/../api/estimate",
  "/api/%2e/estimate",
  "/api/x/%2e%2e/estimate",
  "/API/ESTIMATE",
  "/Api/Estimate",
  "/api/estimate/",
  "/api/estimate//",
  "/api\\estimate",
  "/api/estimate?x=1",
  "/api/estimate#frag",
  "/api/estimat%65",
  "/api/ESTIM%41TE",
] as const;
