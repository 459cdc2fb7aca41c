// The console's refusals, in our words: the guard answers with them, the error page shows them.
export const NOT_SIGNED_IN = "Sign in to the owner console first.";
export const CROSS_SITE = "Requests from other sites are not accepted.";
export const STALE_FORM = "This form has expired. Go back, reload the page and try again.";
export const TOO_BIG = "That is more than this form takes.";
export const NOTHING_HERE = "There is nothing here.";
/** A post without the intent its button gives, or with one the page does not know: never taken for a save. */
export const UNKNOWN_INTENT =
  "This page does not know that button, so nothing was changed. Go back, reload the page and try again.";

/** A Money page month (?month=YYYY-MM) that is malformed, before 2000 or still to come. */
export const BAD_MONTH = "The books have no such month. Open Money and pick one with its arrows.";
/** A books download's range (?from=&to=) that is not two real days, the first no later than the second. */
export const BAD_RANGE = "Give the days as YYYY-MM-DD (from, then to), the first no later than the second.";

export const OWN_WORDS: ReadonlySet<string> = new Set([
  BAD_MONTH,
  BAD_RANGE,
  NOT_SIGNED_IN,
  CROSS_SITE,
  STALE_FORM,
  TOO_BIG,
  NOTHING_HERE,
  UNKNOWN_INTENT,
]);
