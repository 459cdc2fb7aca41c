// The quote editor's field names and the values it shows for a line (the page and its action both use them).
import { dollarsInput, formatQuantity } from "../../../server/quotes/money.ts";
import type { DraftLine } from "../../../server/quotes/document.ts";

/** The fields a line is edited with, named by its id: `line.<id>.name` and so on. */
export const lineField = (id: string, field: "name" | "qty" | "unit" | "price" | "desc" | "materials" | "taxable") =>
  `line.${id}.${field}`;

/** What the form shows for a line: the stored values as the owner types them. */
export function lineInputs(line: DraftLine) {
  return {
    name: line.name,
    qty: formatQuantity(line.quantity).replaceAll(",", ""),
    unit: line.unit,
    price: dollarsInput(line.unitPrice),
    desc: line.description,
    materials: line.materials.join("\n"),
    taxable: line.taxable,
  };
}
