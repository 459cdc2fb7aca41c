import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { posts } from "~/content/posts";
import { PostList } from "./blog";

describe("blog list", () => {
  it("says the blog is coming soon when there are no articles", () => {
    const html = renderToStaticMarkup(<PostList posts={[]} />);
    expect(html).toContain("Our Blog is Coming Soon!");
  });

  it("links every article by its slug with its date", () => {
    const html = renderToStaticMarkup(<PostList posts={posts} />);
    for (const post of posts) expect(html).toContain(`href="/blog/${post.slug}"`);
    expect(html).toContain("May 31, 2025");
    expect(html).not.toContain("Coming Soon");
  });
});
