// The accessibility statement (/accessibility), linked from every page's footer; copy in content/accessibility.yaml.
import source from "/content/accessibility.yaml?raw";
import { loadYaml } from "./load";
import { accessibilityFile } from "./schema";

export const accessibility = loadYaml("/content/accessibility.yaml", source, accessibilityFile);
