// Copy for the home page (/), from content/home.yaml. Service cards come from the services; testimonials from ./testimonials.
import type { z } from "zod";
import { contentText, onContent } from "./files";
import { loadYaml } from "./load";
import { homeFile } from "./schema";

const PATH = "/content/home.yaml";

export let home: z.output<typeof homeFile>;
onContent(() => {
  home = loadYaml(PATH, contentText(PATH) ?? "", homeFile);
});
