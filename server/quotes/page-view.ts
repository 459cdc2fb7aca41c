// What the homeowner's page shows, as plain strings (the route draws them and computes nothing): the business, the
// options and add-ons with their amounts, every choice's total (each from quoteTotals, so the page can show the
// one picked without a script), the words, and the state of the quote. Pure.
import { largestTotal, PAMPHLET_ACK_OVER_CENTS, type QuoteVersion } from "./document.ts";
import {
  addonsView,
  documentBusiness,
  choiceView,
  dayText,
  depositRule,
  everyChoice,
  optionsView,
  paragraphs,
  type ChoiceView,
} from "./quote-view.ts";
import type { Choice } from "./totals.ts";
import { instantText } from "../time/wall-time.ts";

export type QuotePageState = "open" | "changes_requested" | "accepted" | "declined" | "expired";

export type QuotePage = {
  reference: string;
  version: number;
  sha256: string;
  state: QuotePageState;
  business: { name: string; address: string; phone: string; email: string };
  customer: { name: string; town: string | null };
  sent: string;
  validUntil: string;
  note: string[];
  options: ReturnType<typeof optionsView>;
  addons: ReturnType<typeof addonsView>;
  /** Every choice with its total, keyed "a" or "b+x1+x2", for the page's CSS to show the one ticked. */
  totals: { key: string; option: string; addons: string[]; view: ChoiceView }[];
  /** The choice the page opens with (the posted one, else the first option alone). */
  chosen: { option: string; addons: string[]; view: ChoiceView };
  taxStatement: string;
  deposit: { rule: string; howToPay: string } | null;
  photos: { sha256: string; width: number; height: number }[];
  terms: string[];
  consent: { version: string; text: string[] };
  pamphlet: { title: string; text: string[]; acknowledgment: string; required: boolean; threshold: string };
  cancellation: string[];
  acceptance: { name: string; at: string; view: ChoiceView; inPerson: boolean } | null;
  decided: string | null;
};

export const choiceKey = (optionKey: string, addonKeys: readonly string[]) => [optionKey, ...addonKeys].join("+");

export function quotePage(input: {
  version: QuoteVersion;
  sha256: string;
  state: QuotePageState;
  choice: Choice;
  acceptance: { name: string; at: string; choice: Choice; inPerson: boolean } | null;
  decidedAt: string | null;
}): QuotePage {
  const { version, choice } = input;
  const z = version.timeZone;
  const chosen = choiceView(version, choice);
  const deposit = depositRule(version);
  return {
    reference: version.reference,
    version: version.version,
    sha256: input.sha256,
    state: input.state,
    business: documentBusiness(version),
    customer: { name: version.customer.name, town: version.customer.town },
    sent: instantText(version.sentAt, z),
    validUntil: dayText(version.validUntil),
    note: paragraphs(version.note),
    options: optionsView(version),
    addons: addonsView(version),
    totals: everyChoice(version).map((c) => {
      const view = choiceView(version, c);
      return { key: choiceKey(view.optionKey, view.addonKeys), option: view.optionKey, addons: view.addonKeys, view };
    }),
    chosen: { option: chosen.optionKey, addons: chosen.addonKeys, view: chosen },
    taxStatement: version.taxStatement,
    deposit: deposit ? { rule: deposit, howToPay: version.depositHowToPay } : null,
    photos: version.photos,
    terms: paragraphs(version.terms.text),
    consent: { version: version.consent.version, text: paragraphs(version.consent.text) },
    pamphlet: {
      title: version.pamphlet.title,
      text: paragraphs(version.pamphlet.text),
      acknowledgment: version.pamphlet.acknowledgment,
      required: largestTotal(version) > PAMPHLET_ACK_OVER_CENTS,
      threshold: "$1,000.00",
    },
    cancellation: paragraphs(version.cancellation.text),
    acceptance: input.acceptance
      ? {
          name: input.acceptance.name,
          at: instantText(input.acceptance.at, z),
          view: choiceView(version, input.acceptance.choice),
          inPerson: input.acceptance.inPerson,
        }
      : null,
    decided: input.decidedAt ? instantText(input.decidedAt, z) : null,
  };
}
