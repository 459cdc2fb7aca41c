// City pages (/locations/{city}) from content/cities/. The towns, their names and order live in content/business.yaml;
// each needs exactly one file here.
import { business } from "./business";
import { contentFolder, contentText, onContent } from "./files";
import { ContentError, loadYaml } from "./load";
import { cityFile } from "./schema";
import { findService } from "./services";
import type { City, CitySlug } from "./types";

function loadCity(slug: CitySlug): City {
  const path = `/content/cities/${slug}.yaml`;
  const source = contentText(path);
  if (source === undefined)
    throw new ContentError(`${path.slice(1)} is missing: every town in content/business.yaml needs a page`);
  const city = { slug, ...loadYaml(path, source, cityFile) };
  const unknown = city.featuredServices.filter((s) => !findService(s));
  if (unknown.length > 0) {
    throw new ContentError(
      `${path.slice(1)} is not valid:\n  featuredServices: no service page named ${unknown.join(", ")}`,
    );
  }
  return city;
}

export let cities: Record<CitySlug, City>;
onContent(() => {
  const known = new Set<string>(business.cities.map((c) => `/content/cities/${c.slug}.yaml`));
  const stray = contentFolder("/content/cities/")
    .map(([path]) => path)
    .filter((path) => path.endsWith(".yaml") && !known.has(path));
  if (stray.length > 0)
    throw new ContentError(`${stray.join(", ")}: not a town in content/business.yaml (add it there first)`);
  cities = Object.fromEntries(business.cities.map((c) => [c.slug, loadCity(c.slug)])) as Record<CitySlug, City>;
});
