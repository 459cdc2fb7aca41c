// Customer testimonials shown on the home page, from content/testimonials.yaml.
import type { z } from "zod";
import { contentText, onContent } from "./files";
import { loadYaml } from "./load";
import { testimonialsFile } from "./schema";

const PATH = "/content/testimonials.yaml";

export let testimonials: z.output<typeof testimonialsFile>;
onContent(() => {
  testimonials = loadYaml(PATH, contentText(PATH) ?? "", testimonialsFile);
});
