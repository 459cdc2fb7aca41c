// Constants vite.config.ts defines at build time.
declare const __BUILD_SITE_URL__: string | undefined;
/** The towns' names from content/business.yaml (the estimate form's ?city= note). */
declare const __TOWNS__: readonly string[] | undefined;
