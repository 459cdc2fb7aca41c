import { CtaBand } from "~/components/cta-band";
import { PageHero } from "~/components/page-hero";
import { PostCard } from "~/components/post-card";
import { posts } from "~/content/posts";
import type { Post } from "~/content/types";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Chimney & Masonry Blog | Tips for Central Illinois Homeowners",
    description:
      "Practical guides on chimney repair costs, crown damage, insurance claims and masonry care for homeowners in Bloomington, Peoria and nearby towns.",
    path: "/blog",
  });

export default function Blog() {
  return (
    <>
      <PageHero
        eyebrow="Our Blog"
        heading="Chimney & Masonry Advice for Central Illinois Homes"
        lead="Straight answers on costs, warning signs, insurance and upkeep, written by the crew that does the work."
      />
      <PostList posts={posts} />
      <CtaBand />
    </>
  );
}

export function PostList({ posts }: { posts: readonly Post[] }) {
  return (
    <section aria-label="Articles" className="py-14 sm:py-18">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {posts.length === 0 ? (
          <p className="py-16 text-center font-serif text-3xl font-bold text-soot-950">Our Blog is Coming Soon!</p>
        ) : (
          <div className="grid gap-8 md:grid-cols-2" data-testid="post-list">
            {posts.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
