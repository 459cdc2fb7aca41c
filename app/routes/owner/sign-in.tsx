// /owner/sign-in: one button, the owner's passkey. Already signed in: straight to the inbox.
import { redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { consoleAvailable, optionalOwner, safeNext } from "./guard.server";
import { PasskeyButton } from "~/islands/passkey-button";
import { Card, Notice, PageTitle } from "./ui";
import { Island } from "~/islands/island";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { islands: true };

export function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const next = safeNext(url.searchParams.get("next"));
  if (optionalOwner(args)) throw redirect(next, { headers: { "Cache-Control": "no-store" } });
  return { next, available: consoleAvailable(args.context), signedOut: url.searchParams.has("signed-out") };
}

export const meta = () => [{ title: "Sign in | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle sub="For the business owner only.">Sign in</PageTitle>
      {loaderData.signedOut && <Notice>You are signed out.</Notice>}
      <Card>
        {loaderData.available ? (
          <>
            <p className="mb-4">Use the passkey on this phone or computer (fingerprint, face or screen lock).</p>
            <Island
              name="PasskeyButton"
              id="passkey"
              component={PasskeyButton}
              props={{ ceremony: "sign-in", label: "Sign in with a passkey", next: loaderData.next }}
            />
            <noscript>
              <p className="font-semibold text-brick-800">Passkeys need JavaScript turned on in this browser.</p>
            </noscript>
          </>
        ) : (
          <p>The owner console works only over https.</p>
        )}
      </Card>
      <p className="mt-6 text-sm text-soot-800">
        No passkey on this device? Sign in on one that has one and add this device under “Account”, or ask for a new
        enrolment link on the server (<code>npm run owner -- invite</code>).
      </p>
    </>
  );
}
