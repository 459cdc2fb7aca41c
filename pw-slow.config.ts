// Local only (not committed): the shared config with longer server start-up for a loaded machine.
import base from "./playwright.config";
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];
export default { ...base, webServer: servers.map((s) => ({ ...s, timeout: 240_000 })) };
