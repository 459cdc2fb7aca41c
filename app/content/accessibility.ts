// The accessibility statement (/accessibility), linked from every page's footer; copy in content/accessibility.yaml.
import type { z } from "zod";
import { contentText, onContent } from "./files";
import { loadYaml } from "./load";
import { accessibilityFile } from "./schema";

const PATH = "/content/accessibility.yaml";

export let accessibility: z.output<typeof accessibilityFile>;
onContent(() => {
  accessibility = loadYaml(PATH, contentText(PATH) ?? "", accessibilityFile);
});
