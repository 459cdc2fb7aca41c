// The one function every quote total comes from: the page, the e-mail, the PDF, the console and the acceptance all
// call quoteTotals and print its integers with formatCents, so no surface can be a cent off another (the complaint
// of Invoice Ninja 4370, 10856: a UI showing 165.00 against a PDF showing 165.01). Pure.
//
// Each line is rounded once (quantity × unit price, to the cent); the subtotal is the sum of the lines as shown; tax,
// when a line is taxable at all, is rounded once on the taxable part; the deposit once on the total.
import { lineAmount, shareOf } from "./money.ts";

export type PricedLine = {
  /** Thousandths of a unit. */
  readonly quantity: number;
  /** Cents; negative for a discount line. */
  readonly unitPrice: number;
  /** Sold without installation: taxed. Off for installed work (the research note: no sales-tax line). */
  readonly taxable: boolean;
};

export type Deposit =
  | { readonly kind: "none" }
  | { readonly kind: "percent"; readonly ratePpm: number }
  | { readonly kind: "amount"; readonly cents: number };

export type PricedQuote = {
  /** Good / better / best: one is chosen. */
  readonly options: readonly { readonly lines: readonly PricedLine[] }[];
  /** Optional items the homeowner may tick, whichever option is chosen. */
  readonly addons: readonly PricedLine[];
  /** The sales-tax rate for taxable lines, in parts per million. */
  readonly taxRatePpm: number;
  readonly deposit: Deposit;
};

/** Which option (by position) and which add-ons (by position) the homeowner picked. */
export type Choice = { readonly option: number; readonly addons: readonly number[] };

export type Totals = {
  readonly option: number;
  /** The chosen option's line amounts, in order. */
  readonly lines: readonly number[];
  /** Every add-on's amount, in order (chosen or not: the page shows each beside its box). */
  readonly addonAmounts: readonly number[];
  /** The chosen add-ons, in order. */
  readonly chosenAddons: readonly number[];
  /** The sum of the amounts shown: the option's lines and the chosen add-ons. */
  readonly subtotal: number;
  /** The part of the subtotal from taxable lines. */
  readonly taxable: number;
  readonly tax: number;
  readonly total: number;
  readonly deposit: number;
  /** What is left after the deposit. */
  readonly balance: number;
};

export class ChoiceError extends RangeError {
  override name = "ChoiceError";
}

/** The totals of one choice. Throws a ChoiceError for an option or add-on the quote does not have. */
export function quoteTotals(quote: PricedQuote, choice: Choice): Totals {
  const option = quote.options[choice.option];
  if (!Number.isInteger(choice.option) || !option) throw new ChoiceError(`no option ${choice.option}`);
  const chosen = [...new Set(choice.addons)].sort((a, b) => a - b);
  for (const i of chosen) {
    if (!Number.isInteger(i) || !quote.addons[i]) throw new ChoiceError(`no add-on ${i}`);
  }
  const lines = option.lines.map((l) => lineAmount(l.quantity, l.unitPrice));
  const addonAmounts = quote.addons.map((l) => lineAmount(l.quantity, l.unitPrice));
  let subtotal = 0;
  let taxable = 0;
  option.lines.forEach((l, i) => {
    const amount = lines[i] ?? 0;
    subtotal += amount;
    if (l.taxable) taxable += amount;
  });
  for (const i of chosen) {
    const amount = addonAmounts[i] ?? 0;
    subtotal += amount;
    if (quote.addons[i]?.taxable) taxable += amount;
  }
  const tax = taxable > 0 ? shareOf(taxable, quote.taxRatePpm) : 0;
  const total = subtotal + tax;
  const deposit = Math.max(
    0,
    Math.min(
      total,
      quote.deposit.kind === "percent"
        ? shareOf(total, quote.deposit.ratePpm)
        : quote.deposit.kind === "amount"
          ? quote.deposit.cents
          : 0,
    ),
  );
  return {
    option: choice.option,
    lines,
    addonAmounts,
    chosenAddons: chosen,
    subtotal,
    taxable,
    tax,
    total,
    deposit,
    balance: total - deposit,
  };
}

/** Every option's totals without add-ons, and with all of them: what the page lists and the largest total. */
export function optionTotals(quote: PricedQuote): { alone: Totals; withAll: Totals }[] {
  const all = quote.addons.map((_, i) => i);
  return quote.options.map((_, option) => ({
    alone: quoteTotals(quote, { option, addons: [] }),
    withAll: quoteTotals(quote, { option, addons: all }),
  }));
}
