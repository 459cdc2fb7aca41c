import { useEffect, type ReactNode } from "react";

/**
 * The root of every island, on the server and in the browser alike (so both trees, and their useId
 * values, match). Once hydrated it marks its container, which tests and styles can wait for.
 */
export function IslandRoot({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return children;
}
