// The words and figures of a sent version, as every surface prints them: the homeowner's page, the e-mails, the PDF
// and the console all draw from this one shape, so "the same strings" is true by construction (a test compares
// them). Amounts come from quoteTotals, printed by formatCents. Pure.
import { formatCents, formatPercent, formatQuantity } from "./money.ts";
import { pricedOf, type FrozenLine, type QuoteVersion } from "./document.ts";
import { quoteTotals, type Choice, type Totals } from "./totals.ts";

export type LineView = {
  key: string;
  name: string;
  description: string;
  materials: string[];
  /** "12.5 sq ft" */
  quantity: string;
  /** "$18.50 / sq ft" */
  unitPrice: string;
  amount: string;
  discount: boolean;
  taxable: boolean;
  /** The condition report's finding this line fixes ("from finding 3") and its photo, when made from one. */
  finding: { number: number; photo: { sha256: string; width: number; height: number } | null } | null;
};

export type OptionView = { key: string; name: string; lines: LineView[]; total: string; totalCents: number };

export type ChoiceView = {
  optionKey: string;
  optionName: string;
  addonKeys: string[];
  addonNames: string[];
  subtotal: string;
  tax: string | null;
  total: string;
  totalCents: number;
  deposit: string | null;
  balance: string | null;
};

export function lineView(line: FrozenLine): LineView {
  return {
    key: line.key,
    name: line.name,
    description: line.description,
    materials: line.materials,
    quantity: `${formatQuantity(line.quantity)} ${line.unit}`.trim(),
    unitPrice: `${formatCents(line.unitPrice)}${line.unit ? ` / ${line.unit}` : ""}`,
    amount: formatCents(line.amount),
    discount: line.unitPrice < 0,
    taxable: line.taxable,
    finding: line.finding ?? null,
  };
}

/** An option's name as printed: its own, or "The work" for a quote with one option. */
export function optionName(version: QuoteVersion, index: number): string {
  const option = version.options[index];
  return option?.name || (version.options.length === 1 ? "The work" : `Option ${index + 1}`);
}

export function optionsView(version: QuoteVersion): OptionView[] {
  return version.options.map((o, i) => ({
    key: o.key,
    name: optionName(version, i),
    lines: o.lines.map(lineView),
    total: formatCents(o.total),
    totalCents: o.total,
  }));
}

export function addonsView(version: QuoteVersion): LineView[] {
  return version.addons.map(lineView);
}

/** A choice by keys ("b", ["x1"]) as positions; null when the version has no such option or add-on. */
export function choiceOf(version: QuoteVersion, optionKey: string, addonKeys: readonly string[]): Choice | null {
  const option = version.options.findIndex((o) => o.key === optionKey);
  if (option < 0) return null;
  const addons: number[] = [];
  for (const key of new Set(addonKeys)) {
    const i = version.addons.findIndex((a) => a.key === key);
    if (i < 0) return null;
    addons.push(i);
  }
  return { option, addons };
}

export function totalsOf(version: QuoteVersion, choice: Choice): Totals {
  return quoteTotals(pricedOf(version), choice);
}

export function choiceView(version: QuoteVersion, choice: Choice): ChoiceView {
  const t = totalsOf(version, choice);
  return {
    optionKey: version.options[choice.option]?.key ?? "",
    optionName: optionName(version, choice.option),
    addonKeys: t.chosenAddons.map((i) => version.addons[i]?.key ?? ""),
    addonNames: t.chosenAddons.map((i) => version.addons[i]?.name ?? ""),
    subtotal: formatCents(t.subtotal),
    tax: t.tax > 0 ? formatCents(t.tax) : null,
    total: formatCents(t.total),
    totalCents: t.total,
    deposit: t.deposit > 0 ? formatCents(t.deposit) : null,
    balance: t.deposit > 0 ? formatCents(t.balance) : null,
  };
}

/** "30% of the total" / "$500.00" / null: how the deposit is asked. */
export function depositRule(version: QuoteVersion): string | null {
  const d = version.deposit;
  if (d.kind === "percent") return d.ratePpm > 0 ? `${formatPercent(d.ratePpm)} of the total` : null;
  if (d.kind === "amount") return d.cents > 0 ? formatCents(d.cents) : null;
  return null;
}

/** "Sales tax 8.75% on items sold without installation" when any line is taxable; else null. */
export function taxLabel(version: QuoteVersion): string {
  return `Sales tax (${formatPercent(version.taxRatePpm)})`;
}

/** Every choice the homeowner can make: each option with each set of add-ons. The page shows each one's total. */
export function everyChoice(version: QuoteVersion): Choice[] {
  const n = version.addons.length;
  const choices: Choice[] = [];
  version.options.forEach((_, option) => {
    for (let mask = 0; mask < 1 << n; mask++) {
      choices.push({ option, addons: [...Array(n).keys()].filter((i) => mask & (1 << i)) });
    }
  });
  return choices;
}

/** "Dec 27, 2026": a day as the quote prints it. */
export function dayText(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** The business's address on one line. */
export function businessAddress(version: Pick<QuoteVersion, "business">): string {
  const b = version.business;
  const town = `${b.locality}, ${b.region}${b.postalCode ? ` ${b.postalCode}` : ""}`;
  return b.street ? `${b.street}, ${town}` : town;
}

/** The business as a homeowner's document page heads it (the quote's, the invoice's, the job's). */
export function documentBusiness(version: Pick<QuoteVersion, "business">) {
  const b = version.business;
  return { name: b.name, address: businessAddress(version), phone: b.phone, email: b.email };
}

/** Paragraphs of an owner's text (a blank line between them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}
