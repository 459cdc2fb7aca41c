// /owner/help: how to do everything in the console, from content/help.md, drawn by the articles' renderer. Each
// console page's "?" link opens its section (help-sections.ts).
import type { Route } from "./+types/help";
import { requireOwner } from "./guard.server";
import { helpMarkdown } from "./help.server";
import { PageTitle } from "./ui";
import { ArticleBody } from "~/components/article-body";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  return { body: helpMarkdown() };
}

export const meta = () => [{ title: "Help | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Help({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Help</PageTitle>
      <div className="article-body">
        <ArticleBody post={{ body: loaderData.body }} />
      </div>
    </>
  );
}
