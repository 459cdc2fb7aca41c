// Every file in content/services/ is a service page: adding one adds its page, menu entry, sitemap line and prerender entry.
import { ContentError, loadYaml, slugOf } from "./load";
import { serviceFile } from "./schema";
import type { Service } from "./types";

const files = import.meta.glob<string>("/content/services/*.yaml", { query: "?raw", import: "default", eager: true });

/** In the order the files' `order:` fields give. */
export const services: readonly Service[] = Object.entries(files)
  .map(([path, source]): Service => ({ slug: slugOf(path), ...loadYaml(path, source, serviceFile) }))
  .sort((a, b) => a.order - b.order);

if (services.length === 0) throw new ContentError("content/services/ has no service pages");

const servicesBySlug: ReadonlyMap<string, Service> = new Map(services.map((service) => [service.slug, service]));

export function findService(slug: string): Service | undefined {
  return servicesBySlug.get(slug);
}
