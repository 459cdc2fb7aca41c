// Every file in content/services/ is a service page: adding one adds its page, menu entry, sitemap line and prerender entry.
import { contentFolder, onContent } from "./files";
import { ContentError, loadYaml, slugOf } from "./load";
import { serviceFile } from "./schema";
import type { Service } from "./types";

/** In the order the files' `order:` fields give. */
export let services: readonly Service[];
let servicesBySlug: ReadonlyMap<string, Service>;

onContent(() => {
  const loaded = contentFolder("/content/services/")
    .filter(([path]) => path.endsWith(".yaml"))
    .map(([path, source]): Service => ({ slug: slugOf(path), ...loadYaml(path, source, serviceFile) }))
    .sort((a, b) => a.order - b.order);
  if (loaded.length === 0) throw new ContentError("content/services/ has no service pages");
  services = loaded;
  servicesBySlug = new Map(loaded.map((service) => [service.slug, service]));
});

export function findService(slug: string): Service | undefined {
  return servicesBySlug.get(slug);
}
