// The pictures a page shows as its content, as the image sitemap must name them (app/routes/sitemap-images.ts): each
// <img> in <main> with words for it (alt). Decorative marks (alt="": the payment and social icons) are not content.
export function pagePictures(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  const pictures = [...main.matchAll(/<img\b[^>]*>/g)].flatMap(([tag]) => {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    const alt = /\balt="([^"]*)"/.exec(tag)?.[1];
    return src && alt ? [src] : [];
  });
  return [...new Set(pictures)].sort();
}
