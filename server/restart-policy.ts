// When the server should restart itself after publishing (decision 0017). Each publish imports a new server bundle,
// and ES modules are never unloaded, so the memory of every version published since the start stays. Under a
// supervisor (systemd restarts it; Caddy holds requests meanwhile) the server exits with RESTART_EXIT_CODE once
// enough publishes have piled up and the console has been quiet for a while; builds/current makes the new process
// serve the last published build.

/** The exit code that asks the supervisor for a restart (EX_TEMPFAIL); the unit restarts on it and logs no failure. */
export const RESTART_EXIT_CODE = 75;

export type RestartPolicyOptions = {
  /** Publishes since the start after which a restart is due; 0 never restarts (no supervisor, e.g. `npm start`). */
  afterPublishes: number;
  /** How long after the last publish the console must have been quiet (nothing queued or building). */
  quietMs: number;
  now?: () => number;
};

export function createRestartPolicy({ afterPublishes, quietMs, now = Date.now }: RestartPolicyOptions) {
  let published = 0;
  let lastPublishAt = 0;
  return {
    /** A publish switched the server to a new build. */
    published() {
      published++;
      lastPublishAt = now();
    },
    publishes: () => published,
    /** True when a restart is due and now is a quiet moment for it: no publish running or waiting. */
    due(publishing: boolean): boolean {
      return afterPublishes > 0 && published >= afterPublishes && !publishing && now() - lastPublishAt >= quietMs;
    },
  };
}
