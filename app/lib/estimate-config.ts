// Where the estimate form posts and whom the success message names. Our own endpoint by default; set
// ESTIMATE_ENDPOINT (and ESTIMATE_PROVIDER_NAME) at build time to use a hosted form service instead.
export const DEFAULT_ESTIMATE_ENDPOINT = "/api/estimate";
export const DEFAULT_ESTIMATE_PROVIDER = "our secure website form";

/** The estimate form's props that differ from these defaults (the island knows them, so the page need not carry them). */
export function estimateFormOverrides(): { endpoint?: string; providerName?: string } {
  const { endpoint, providerName } = estimateConfig();
  return {
    ...(endpoint === DEFAULT_ESTIMATE_ENDPOINT ? {} : { endpoint }),
    ...(providerName === DEFAULT_ESTIMATE_PROVIDER ? {} : { providerName }),
  };
}

export function estimateConfig() {
  const env = typeof process === "undefined" ? {} : process.env;
  return {
    endpoint: env.ESTIMATE_ENDPOINT?.trim() || DEFAULT_ESTIMATE_ENDPOINT,
    providerName: env.ESTIMATE_PROVIDER_NAME?.trim() || DEFAULT_ESTIMATE_PROVIDER,
  };
}
