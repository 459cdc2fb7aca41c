// The body of a POST to a homeowner's document page (a quote's, an invoice's): refused over `maxBytes` (413) or
// unreadable (400), in our words, before anything is looked at.
import { data, type HeadersFunction, type MetaDescriptor } from "react-router";
import { business } from "~/content/business";

/** The one answer for a link that opens nothing (unknown, mistyped, too old). */
export function documentMissing() {
  return data({ kind: "missing" as const }, { status: 404 });
}

/** Too many failed lookups from this address: try again in `seconds`. */
export function documentLimited(seconds: number) {
  return data({ kind: "limited" as const }, { status: 429, headers: { "Retry-After": String(seconds) } });
}

/** The loader's and the action's own headers (Retry-After on a 429) reach the document. */
export const documentHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("retry-after") ? actionHeaders : loaderHeaders;

/** A document page's head: its title, and never indexed nor named in a Referer. */
export function documentMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * A homeowner's document route's meta: titled from its page when the loader found one ("Quote Q-… | Business"),
 * else by its kind alone.
 */
export function documentMetaFor<P extends { business: { name: string } }>(
  kind: string,
  description: string,
  title: (page: P) => string,
) {
  return ({ data: d }: { data: unknown }): MetaDescriptor[] => {
    const page = d && typeof d === "object" && "page" in d ? (d.page as P | null) : null;
    return documentMeta(page ? `${title(page)} | ${page.business.name}` : `${kind} | ${business.name}`, description);
  };
}

export async function documentForm(request: Request, maxBytes: number): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (!Number.isFinite(length) || length > maxBytes) throw data("That is more than this form takes.", { status: 413 });
  try {
    return await request.formData();
  } catch {
    throw data("That did not work. Reload the page and try again.", { status: 400 });
  }
}
