// Every file in ./posts/ is an article: adding one adds its page, blog card, sitemap line and prerender entry.
import type { Post } from "./types";

const modules = import.meta.glob<{ post: Post }>("./posts/*.ts", { eager: true });

/** Newest first. */
export const posts: readonly Post[] = Object.values(modules)
  .map((m) => m.post)
  .sort((a, b) => b.datePublished.localeCompare(a.datePublished));

export function findPost(slug: string): Post | undefined {
  return posts.find((p) => p.slug === slug);
}
