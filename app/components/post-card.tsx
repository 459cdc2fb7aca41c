import { ArrowRight } from "lucide-react";
import type { Post } from "~/content/types";
import { formatDate } from "~/lib/dates";
import { Card } from "./card";

export function PostCard({ post }: { post: Post }) {
  return (
    <Card
      photo={post.photo}
      artwork={post.artwork}
      artworkAlt={post.imageAlt}
      sizes="(min-width: 1280px) 600px, (min-width: 768px) 46vw, 92vw"
    >
      <p className="text-sm font-semibold text-brick-700">
        <time dateTime={post.datePublished}>{formatDate(post.datePublished)}</time>
      </p>
      <h2 className="mt-2 text-2xl leading-snug font-bold text-soot-950">
        <a href={`/blog/${post.slug}`} className="group-hover:text-brick-800 after:absolute after:inset-0">
          {post.title}
        </a>
      </h2>
      <p className="mt-3 flex-1 leading-relaxed text-soot-800">{post.excerpt}</p>
      <span aria-hidden="true" className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brick-700">
        Read article <ArrowRight className="size-4" />
      </span>
    </Card>
  );
}
