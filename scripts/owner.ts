// `npm run owner -- <command>`: the server side of the owner console's sign-in. The server's console is the root of
// trust: whoever can run this on the server can let a new device in.
//   invite            print a one-time enrolment link (works once, for 30 minutes)
//   sign-out-all      end every session (a lost phone: then remove its passkey in the console)
//   passkeys          list the passkeys;  remove-passkey <id-start>  remove one
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { buildSiteUrl } from "../app/lib/site-url.ts";
import { readConfig } from "../server/config.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";

const USAGE = `Usage: npm run owner -- <command>

  invite                 print a one-time link to set up a passkey (works once, for 30 minutes)
  passkeys               list the owner's passkeys
  remove-passkey ID      remove the passkey whose id starts with ID (a lost phone)
  sign-out-all           end every signed-in session now
`;

/** Opens the database the server uses (DATA_DIR), runs `work` with the console's stores, closes it. */
export function withConsole<T>(
  dataDir: string | undefined,
  work: (owner: ReturnType<typeof createOwnerConsole>) => T,
): T {
  const store = openEstimateStore(dataDir ? { dataDir } : {});
  try {
    return work(createOwnerConsole({ db: store.db }));
  } finally {
    store.close();
  }
}

/** A new invite's link, for the site's public origin. */
export function createInviteLink(dataDir: string | undefined, origin: string): { link: string; expiresAt: Date } {
  const { token, expiresAt } = withConsole(dataDir, (owner) => {
    const invite = owner.passkeys.createInvite();
    owner.audit.log("invite created", { detail: "npm run owner -- invite" });
    return invite;
  });
  return { link: `${origin.replace(/\/+$/, "")}/owner/enrol/${token}`, expiresAt };
}

function main(argv: string[]): number {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = readConfig(process.env);
  const origin = config.SITE_URL ?? (buildSiteUrl || `http://localhost:${config.PORT}`);
  const [command, ...rest] = argv;
  switch (command) {
    case "invite": {
      const { link, expiresAt } = createInviteLink(config.DATA_DIR, origin);
      process.stdout.write(
        `Open this link on the phone (or computer) that should sign in to the owner console.\n` +
          `It works once, until ${expiresAt.toISOString().slice(11, 16)} UTC:\n\n  ${link}\n\n`,
      );
      return 0;
    }
    case "passkeys":
      withConsole(config.DATA_DIR, (owner) => {
        const keys = owner.passkeys.list();
        if (keys.length === 0) process.stdout.write("No passkeys yet. Run: npm run owner -- invite\n");
        for (const p of keys)
          process.stdout.write(
            `${p.id.slice(0, 16)}  ${p.name}  added ${p.created_at}  last used ${p.last_used_at ?? "never"}\n`,
          );
      });
      return 0;
    case "remove-passkey": {
      const start = rest[0] ?? "";
      if (start.length < 6) {
        process.stderr.write("remove-passkey needs at least the first 6 characters of the id (see: passkeys)\n");
        return 2;
      }
      return withConsole(config.DATA_DIR, (owner) => {
        const matches = owner.passkeys.list().filter((p) => p.id.startsWith(start));
        const [passkey] = matches;
        if (!passkey || matches.length !== 1) {
          process.stderr.write(
            matches.length ? "More than one passkey matches; give more of the id.\n" : "No passkey matches.\n",
          );
          return 1;
        }
        owner.passkeys.remove(passkey.id);
        const ended = owner.sessions.revokeAll();
        owner.audit.log("passkey removed", { detail: `${passkey.name} (server command)` });
        process.stdout.write(`Removed "${passkey.name}" and ended ${ended} session(s).\n`);
        return 0;
      });
    }
    case "sign-out-all":
      withConsole(config.DATA_DIR, (owner) => {
        const ended = owner.sessions.revokeAll();
        const devices = owner.pushDevices.removeAll();
        owner.audit.log("signed out everywhere", { detail: "server command" });
        process.stdout.write(`Ended ${ended} session(s); ${devices} device(s) will no longer be notified.\n`);
      });
      return 0;
    default:
      process.stderr.write(USAGE);
      return command === undefined || command === "help" || command === "--help" ? 0 : 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main(process.argv.slice(2));
