import { foldAccents } from '#domain/text-fold.ts';

const SAINT_ABBREVIATIONS: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  sts: 'saints',
  stes: 'saintes',
};

/**
 * Folds a place name or a typed query to the form used as index key: no accents, lower case,
 * words separated by single spaces, "St"/"Ste" spelled out. "ST-ÉTIENNE" and "saint etienne"
 * both give "saint etienne".
 */
export function normalizeText(text: string): string {
  return foldAccents(text)
    .replace(SEPARATORS, ' ')
    .trim()
    .replace(ABBREVIATION, (word) => SAINT_ABBREVIATIONS[word] ?? word);
}

const SEPARATORS = /[^a-z0-9]+/g;
const ABBREVIATION = /\b(?:st|ste|sts|stes)\b/g;

const POSTCODE = /(?:^|\D)(\d{5})(?!\d)/g;

/** The last five-digit number of the text: in a French address the postcode follows the street. */
export function extractPostcode(text: string): string | undefined {
  let last: string | undefined;
  for (const match of text.matchAll(POSTCODE)) last = match[1];
  return last;
}

/** Département part of a postcode: 97x and 98x overseas codes take three digits. */
export function departementPrefix(postcode: string): string {
  return postcode.startsWith('97') || postcode.startsWith('98') ? postcode.slice(0, 3) : postcode.slice(0, 2);
}
