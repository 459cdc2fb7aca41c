// Published cost ranges, from content/cost-table.yaml; an article shows them where its body says ::cost-table.
import source from "/content/cost-table.yaml?raw";
import { loadYaml } from "./load";
import { costTableFile } from "./schema";

const table = loadYaml("/content/cost-table.yaml", source, costTableFile);

export const costTableYear = table.year;
export const costRows = table.rows;
