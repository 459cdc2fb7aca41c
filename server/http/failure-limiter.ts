// Failed attempts (a sign-in, a quote link that is not ours) in a fixed window, per address and for everyone
// together, so nobody can guess at secrets; bounded: the oldest address is forgotten first. Only failures count, so
// the owner signing in often, or a homeowner opening the quote, is never held up.
export type FailureLimit = { perAddress: number; total: number; windowMs: number };

export function failureLimiter(now: () => Date, limit: FailureLimit, maxKeys = 10_000) {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, at: number) => {
    let w = windows.get(key);
    if (!w || at - w.start >= limit.windowMs) {
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
      w = { start: at, count: 0 };
      windows.set(key, w);
    }
    return w;
  };
  const keys = (address: string | null): [string, number][] => [
    [`ip:${address ?? "unknown"}`, limit.perAddress],
    ["*", limit.total],
  ];
  return {
    /** 0 when an attempt may go ahead, else the seconds to wait. */
    wait(address: string | null): number {
      const at = now().getTime();
      let wait = 0;
      for (const [key, max] of keys(address)) {
        const w = current(key, at);
        if (w.count >= max) wait = Math.max(wait, Math.ceil((w.start + limit.windowMs - at) / 1000));
      }
      return wait;
    },
    failed(address: string | null): void {
      const at = now().getTime();
      for (const [key] of keys(address)) current(key, at).count += 1;
    },
  };
}
