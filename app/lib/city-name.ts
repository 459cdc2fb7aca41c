/** A city's display name from a URL slug (spec §2): hyphens become spaces, each word capitalised. */
export function cityNameFromSlug(slug: string | undefined): string {
  const words = (slug ?? "")
    .split("-")
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) return "Our Service Area";
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(" ");
}
