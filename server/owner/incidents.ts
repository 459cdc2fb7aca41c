// The owner hears about trouble once per incident: an incident opens when a check first fails and closes when
// it passes again; checks in between send nothing. Trouble with the mail itself is only logged (an e-mail about
// it could not arrive), and incidents that open during a mail outage are e-mailed once mail works again.
// "publish" opens when a console change could not be published for a reason that is not the owner's own content
// mistake, and closes with the next publish; "unexpected" is an error nothing else caught (the server keeps running).
export type CheckName = "database" | "backup" | "mail" | "publish" | "unexpected";

export type IncidentOptions = {
  /** Sends one e-mail to the owner; a rejection is logged, not retried by the next check. */
  send: (subject: string, text: string) => Promise<void>;
  now?: () => Date;
  log?: (message: string) => void;
  warn?: (message: string) => void;
};

const TITLES: Record<CheckName, string> = {
  database: "the database does not take writes (new estimate requests are being refused)",
  backup: "the database backup is failing",
  mail: "e-mail cannot be delivered",
  publish: "a change made in the console could not be published (the site still shows the previous version)",
  unexpected: "the server met an error it did not expect (it kept running)",
};

export function createIncidents({
  send,
  now = () => new Date(),
  log = console.log,
  warn = console.error,
}: IncidentOptions) {
  const open = new Map<CheckName, { since: Date; detail: string; mailed: boolean }>();

  async function mailPending() {
    if (open.has("mail")) return;
    for (const [name, incident] of open) {
      if (incident.mailed) continue;
      incident.mailed = true;
      const text =
        `Since ${incident.since.toISOString()}, ${TITLES[name]}.\n\n${incident.detail}\n\n` +
        "This is the only e-mail about it until it is fixed; the server's log has the details.\n";
      try {
        await send(`Website problem: ${TITLES[name]}`, text);
      } catch (error) {
        warn(`Could not e-mail the owner about "${name}": ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  return {
    /** The result of one check; resolves once any e-mail it sets off has been tried. */
    async report(name: CheckName, ok: boolean, detail = "") {
      const incident = open.get(name);
      if (ok) {
        if (!incident) return;
        open.delete(name);
        log(`Resolved: ${TITLES[name]} (since ${incident.since.toISOString()}).`);
        // Mail is back: what opened meanwhile can now be sent.
        if (name === "mail") await mailPending();
        return;
      }
      if (incident) return;
      open.set(name, { since: now(), detail, mailed: false });
      warn(`!!! INCIDENT: ${TITLES[name]}. ${detail}`);
      await mailPending();
    },
    open: () => [...open.keys()],
  };
}

export type Incidents = ReturnType<typeof createIncidents>;
