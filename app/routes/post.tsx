// One template for every article in content/posts/.
import { data } from "react-router";
import type { Route } from "./+types/post";
import { ArticleBody } from "~/components/article-body";
import { Breadcrumb } from "~/components/breadcrumb";
import { CtaBand } from "~/components/cta-band";
import { LinkList } from "~/components/link-list";
import { NotFoundContent } from "~/components/not-found-content";
import { PhotoOrArtwork } from "~/components/photo";
import { PostCard } from "~/components/post-card";
import { ButtonLink } from "~/components/ui/button-link";
import { business } from "~/content/business";
import { serviceLinks } from "~/content/navigation";
import { findPost, posts } from "~/content/posts";
import { formatDate } from "~/lib/dates";
import { blogPostingJsonLd, breadcrumbJsonLd, faqPageJsonLd } from "~/lib/json-ld";
import { telHref } from "~/lib/links";
import { notFoundSeo, seo } from "~/lib/seo";

export function loader({ params }: Route.LoaderArgs) {
  return findPost(params.slug) ? null : data(null, { status: 404 });
}

export function meta({ params }: Route.MetaArgs) {
  const post = findPost(params.slug);
  if (!post) return notFoundSeo();
  const path = `/blog/${post.slug}`;
  const faqs = post.faq?.items ?? [];
  return seo({
    ...post.seo,
    path,
    type: "article",
    image: { path: `/images/${post.artwork}.svg`, alt: post.imageAlt, width: 800, height: 600 },
    jsonLd: [
      blogPostingJsonLd(post),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: post.title, path },
      ]),
      ...(faqs.length > 0 ? [faqPageJsonLd(faqs)] : []),
    ],
  });
}

export default function PostPage({ params }: Route.ComponentProps) {
  const post = findPost(params.slug);
  if (!post) return <NotFoundContent />;
  const path = `/blog/${post.slug}`;
  const others = posts.filter((p) => p.slug !== post.slug).slice(0, 2);
  return (
    <>
      <section id="hero" className="bg-soot-950 text-mortar-50">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">
          <Breadcrumb
            crumbs={[
              { name: "Home", path: "/" },
              { name: "Blog", path: "/blog" },
              { name: post.title, path },
            ]}
          />
          <h1 className="text-4xl leading-tight font-bold sm:text-5xl">{post.title}</h1>
          <p className="mt-5 text-mortar-200" data-testid="post-dates">
            Published <time dateTime={post.datePublished}>{formatDate(post.datePublished)}</time>
            {post.dateModified && (
              <>
                {" · "}Updated <time dateTime={post.dateModified}>{formatDate(post.dateModified)}</time>
              </>
            )}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          {/* Lazy, and left out on phones, where the headline is the first thing to read. */}
          <PhotoOrArtwork
            photo={post.photo}
            artwork={post.artwork}
            artworkAlt={post.imageAlt}
            sizes="(min-width: 1280px) 880px, (min-width: 1024px) calc(100vw - 23rem), 92vw"
            className="mb-10 hidden max-h-[26rem] rounded-card shadow-card sm:block"
          />
          <div className="article-body">
            <ArticleBody post={post} />
          </div>
        </article>
        <aside className="space-y-6 lg:sticky lg:top-28 lg:h-fit">
          <div className="rounded-card bg-brick-800 p-6 text-mortar-50 shadow-card">
            <h2 className="text-2xl font-bold">Get a free estimate</h2>
            <p className="mt-2 text-brick-100">Tell us what you are seeing and we will take a look.</p>
            <div className="mt-5 grid gap-3">
              <ButtonLink href="/contact">Request an Estimate</ButtonLink>
              <ButtonLink href={telHref(business.phone)} variant="light">
                Call {business.phone}
              </ButtonLink>
            </div>
          </div>
          <nav aria-label="Our services" className="rounded-card border border-mortar-200 bg-white p-6 shadow-sm">
            <h2 className="font-sans text-lg font-bold text-soot-950">Our services</h2>
            <LinkList links={serviceLinks} className="mt-3 space-y-2" />
          </nav>
        </aside>
      </div>
      {others.length > 0 && (
        <section aria-labelledby="more-heading" className="bg-mortar-100 py-14">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="more-heading" className="text-3xl font-bold text-soot-950">
              More from our blog
            </h2>
            <div className="mt-8 grid gap-8 md:grid-cols-2">
              {others.map((p) => (
                <PostCard key={p.slug} post={p} />
              ))}
            </div>
          </div>
        </section>
      )}
      <CtaBand />
    </>
  );
}
