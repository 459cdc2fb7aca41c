import type { Route } from "./+types/brand-icon";
import { brandIcons, brandIconSvg, type BrandIconName } from "~/lib/brand-icons";

export function loader({ params }: Route.LoaderArgs) {
  const name = params.file.replace(/\.svg$/, "");
  if (!params.file.endsWith(".svg") || !Object.hasOwn(brandIcons, name)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(brandIconSvg(name as BrandIconName), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
