/**
 * The rate alert's rules and words (decision 039), without zod, for the API's schema and the
 * calculator's form alike: the form stays out of the validation library's download.
 */

/** How many rate alerts a seller can keep at once (one per subcategory). */
export const RATE_ALERTS_MAX = 20;

/** As the catalog's rates (schemas/catalog.ts): naira, at most two decimals, at most ₦1,000,000. */
const RATE_TEXT = /^\d{1,9}(\.\d{1,2})?$/;
const RATE_MAX_NAIRA = 1_000_000;

export const RATE_REQUIRED = 'Enter the rate you want, in naira';

/** What is wrong with a typed target rate, in words to fix it; undefined when nothing is. */
export function findRateTargetProblem(typed: string): string | undefined {
  const text = typed.trim();
  if (text === '') return RATE_REQUIRED;
  if (/^-\d/.test(text) || (RATE_TEXT.test(text) && Number(text) === 0)) {
    return 'Enter a rate above ₦0';
  }
  if (!RATE_TEXT.test(text)) {
    return 'Enter the rate as a number with at most 2 decimals, such as 1250 or 1250.50';
  }
  if (Number(text) > RATE_MAX_NAIRA) return 'Enter a rate of at most ₦1,000,000';
  return undefined;
}
