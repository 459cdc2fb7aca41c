// /owner/enrol/<invite>: the link `npm run owner -- invite` prints. Opening it changes nothing; the passkey button
// registers this device's passkey, uses the invite up and signs in.
import { data } from "react-router";
import type { Route } from "./+types/enrol";
import { consoleAvailable } from "./guard.server";
import { PasskeyButton } from "~/islands/passkey-button";
import { Card, PageTitle } from "./ui";
import { Island } from "~/islands/island";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { islands: true };

export function loader({ params, context }: Route.LoaderArgs) {
  const valid = context.owner.passkeys.inviteValid(params.token);
  const available = consoleAvailable(context);
  return data(
    { valid, available, invite: valid ? (params.token ?? "") : "" },
    // An unknown, used or expired link: the same answer for each.
    { status: valid ? 200 : 410, headers: { "Referrer-Policy": "same-origin" } },
  );
}

/**
 * The loader's headers reach the document too. same-origin: the secret in the URL never leaves in a Referer to
 * another site ("no-referrer" would also make the browser send `Origin: null` with the confirm POST).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = () => [
  { title: "Set up your passkey | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Enrol({ loaderData }: Route.ComponentProps) {
  if (!loaderData.valid) {
    return (
      <>
        <PageTitle>This link has expired or was already used</PageTitle>
        <p>
          Enrolment links work once, for 30 minutes. Ask for a new one on the server:{" "}
          <code className="rounded bg-mortar-100 px-1">npm run owner -- invite</code>
        </p>
      </>
    );
  }
  return (
    <>
      <PageTitle sub="This link works once, for 30 minutes.">Set up your passkey</PageTitle>
      <Card>
        {loaderData.available ? (
          <Island
            name="PasskeyButton"
            id="passkey"
            component={PasskeyButton}
            props={{
              ceremony: "enrol",
              label: "Create a passkey on this device",
              invite: loaderData.invite,
              askName: true,
            }}
          />
        ) : (
          <p>The owner console works only over https.</p>
        )}
      </Card>
    </>
  );
}
