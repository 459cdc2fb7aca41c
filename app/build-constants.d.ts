// Constants vite.config.ts defines at build time.
declare const __BUILD_SITE_URL__: string | undefined;
