// Copy for the home page (/), from content/home.yaml. Service cards come from the services; testimonials from ./testimonials.
import source from "/content/home.yaml?raw";
import { loadYaml } from "./load";
import { homeFile } from "./schema";

export const home = loadYaml("/content/home.yaml", source, homeFile);
