// POST /owner/sign-out: ends the session on the server and clears the cookie. A GET changes nothing.
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { clearedSessionCookie, requireOwner, sessionToken } from "./guard.server";

export function loader() {
  return redirect("/owner", { headers: { "Cache-Control": "no-store" } });
}

export async function action(args: Route.ActionArgs) {
  await requireOwner(args);
  const { request, context } = args;
  context.owner.sessions.end(sessionToken(request, context));
  context.owner.audit.log("signed out", { ip: context.clientIp });
  return redirect("/owner/sign-in?signed-out", {
    headers: { "Set-Cookie": clearedSessionCookie(context), "Cache-Control": "no-store" },
  });
}
