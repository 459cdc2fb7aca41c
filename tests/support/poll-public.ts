// A visitor who keeps asking for the public site while something happens to the server: `/`, a service page and
// /healthz every `everyMs` until stopped; the answers counted by path and status, and the slowest in ms.
const PATHS = ["/", "/services/chimney-crowns", "/healthz"];

export function pollPublic(base: () => string, everyMs = 100) {
  const counts: Record<string, number> = {};
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(
        PATHS.map(async (p) => {
          const t = performance.now();
          let status = "error";
          try {
            const res = await fetch(base() + p, { signal: AbortSignal.timeout(5000) });
            await res.arrayBuffer();
            status = String(res.status);
          } catch {
            // counted as "error"
          }
          slowest = Math.max(slowest, performance.now() - t);
          counts[`${p} ${status}`] = (counts[`${p} ${status}`] ?? 0) + 1;
        }),
      );
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { counts, slowest: Math.round(slowest) };
  };
}
