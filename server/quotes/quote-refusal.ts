// How the quote service says no: in the owner's or the homeowner's words, with the HTTP status it is answered with.

/** A refusal in the owner's or the homeowner's words, with the HTTP status it is answered with. */
export class QuoteRefusal extends Error {
  override name = "QuoteRefusal";
  constructor(
    readonly status: 400 | 404 | 409 | 410,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const ACCEPTED_REFUSAL =
  "This quote was accepted, so it cannot change. Record a deposit below, or make a new quote for more work.";
