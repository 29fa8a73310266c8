// eslint-disable-next-line no-control-regex -- the test for non-ASCII text spans the whole ASCII range
const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Lower case without accents or ligatures, the one folding of every search: "Hélène ŒUVRAY"
 * and "helene oeuvray" are the same text. Plain ASCII text, most of what is typed, skips the
 * Unicode decomposition, by far the slowest step.
 */
export function foldAccents(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING_MARKS, '').replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}
