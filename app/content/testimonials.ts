// Customer testimonials shown on the home page, from content/testimonials.yaml.
import source from "/content/testimonials.yaml?raw";
import { loadYaml } from "./load";
import { testimonialsFile } from "./schema";

export const testimonials = loadYaml("/content/testimonials.yaml", source, testimonialsFile);
