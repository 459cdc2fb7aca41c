// Published cost ranges, from content/cost-table.yaml; an article shows them where its body says ::cost-table.
import type { z } from "zod";
import { contentText, onContent } from "./files";
import { loadYaml } from "./load";
import { costTableFile } from "./schema";

const PATH = "/content/cost-table.yaml";

export let costTableYear: z.output<typeof costTableFile>["year"];
export let costRows: z.output<typeof costTableFile>["rows"];
onContent(() => {
  const table = loadYaml(PATH, contentText(PATH) ?? "", costTableFile);
  costTableYear = table.year;
  costRows = table.rows;
});
