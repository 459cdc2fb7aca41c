// The pictures each page of the sitemap shows in its content, as the image sitemap names them: the address of the
// <img> the page draws (a photo's largest JPEG copy, an artwork's WebP copy). The templates choose them as this
// does; tests/server/job-photos.test.ts checks every page's <main> against it, so the two cannot drift apart.
import { artworkSrc } from "~/components/artwork";
import { findService, services } from "~/content/services";
import { findPost, posts } from "~/content/posts";
import { cities } from "~/content/locations";
import { galleryForPath, galleryImagePath } from "~/content/gallery";
import { articlePhotos } from "~/content/article-markdown";
import { responsivePhoto } from "~/content/photos";
import type { ArtworkName, PhotoRef, Post, Service } from "~/content/types";

/** What `PhotoOrArtwork` draws: the photo the content file names, else the original illustration. */
const photoOrArtwork = (photo: PhotoRef | undefined, artwork: ArtworkName) =>
  photo ? responsivePhoto(photo.file).img.src : artworkSrc(artwork);

const serviceCard = (service: Service) => photoOrArtwork(service.photo, service.artwork);
const postCard = (post: Post) => photoOrArtwork(post.photo, post.artwork);

/** The pictures in the page's own content, in page order, by their paths on this site (no header, footer or icons). */
function shownOn(pagePath: string): string[] {
  const [, kind = "", slug = ""] = pagePath.split("/");
  if (pagePath === "/") return [artworkSrc("hero-home"), ...services.map(serviceCard), artworkSrc("service-area-map")];
  if (pagePath === "/contact") return [artworkSrc("service-area-map")];
  if (pagePath === "/blog") return posts.map(postCard);
  if (kind === "services") {
    const service = findService(slug);
    return service ? [serviceCard(service)] : [];
  }
  const city = kind === "locations" ? Object.values(cities).find((c) => c.slug === slug) : undefined;
  if (city) {
    const featured = city.featuredServices.flatMap((s) => services.filter((service) => service.slug === s));
    return [photoOrArtwork(city.photo, "city-skyline"), ...featured.map(serviceCard)];
  }
  if (kind === "blog") {
    const post = findPost(slug);
    if (!post) return [];
    const others = posts.filter((p) => p.slug !== post.slug).slice(0, 2);
    return [
      postCard(post),
      ...articlePhotos(post.body).map((p) => responsivePhoto(p.file).img.src),
      ...others.map(postCard),
    ];
  }
  return [];
}

/** Every picture a page shows, once each: its own, then its "Recent work" photos. */
export function pageImages(pagePath: string): string[] {
  return [...new Set([...shownOn(pagePath), ...galleryForPath(pagePath).map(galleryImagePath)])];
}
