// Every file in content/posts/ is an article: adding one adds its page, blog card, sitemap line and prerender entry.
// Plugin-free on purpose: react-router.config.ts reaches this module through site-map.ts.
import { checkArticleBody } from "./article-markdown";
import { contentFolder, onContent } from "./files";
import { ContentError, loadMarkdown, slugOf } from "./load";
import { postFrontMatter } from "./schema";
import type { Post } from "./types";

/** Each article's last body that passed, as loadYaml keeps its checks (./load.ts): a publish changes one or none. */
const checkedBodies = new Map<string, string>();

function loadPost(path: string, source: string): Post {
  const { data, body } = loadMarkdown(path, source, postFrontMatter);
  const hasFaq = data.faq !== undefined;
  const key = `${hasFaq}\n${body}`;
  const problems = checkedBodies.get(path) === key ? [] : checkArticleBody(body, { hasFaq });
  if (problems.length === 0) checkedBodies.set(path, key);
  if (problems.length > 0)
    throw new ContentError(`${path.slice(1)} is not valid:\n${problems.map((p) => `  body: ${p}`).join("\n")}`);
  return { slug: slugOf(path), ...data, body };
}

/** Newest first. */
export let posts: readonly Post[];
onContent(() => {
  posts = contentFolder("/content/posts/")
    .filter(([path]) => path.endsWith(".md"))
    .map(([path, source]) => loadPost(path, source))
    .sort((a, b) => b.datePublished.localeCompare(a.datePublished));
});

export function findPost(slug: string): Post | undefined {
  return posts.find((p) => p.slug === slug);
}
