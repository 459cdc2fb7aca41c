// /owner/act/done: where a one-tap link's POST lands. It shows nothing about the request but its number, and a link
// to it (which needs the session).
import type { Route } from "./+types/act-done";
import { idParam } from "./guard.server";
import { PageTitle } from "./ui";

export function loader({ request }: Route.LoaderArgs) {
  return { id: idParam(new URL(request.url).searchParams.get("request") ?? undefined) };
}

export const meta = () => [
  { title: "Marked as contacted | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OneTapDone({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Marked as contacted</PageTitle>
      <a
        href={loaderData.id ? `/owner/requests/${loaderData.id}` : "/owner"}
        className="font-semibold text-brick-800 underline underline-offset-4"
      >
        {loaderData.id ? "Open the request" : "Open the inbox"}
      </a>
    </>
  );
}
