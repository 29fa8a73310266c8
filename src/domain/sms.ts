/**
 * Text messages: how many parts (segments) a text costs, and the form it is sent in.
 *
 * GSM 03.38: a message of the GSM 7-bit alphabet fits 160 characters in one part, 153 per part
 * when split (the extension characters count twice); one character outside it sends the whole
 * message in UCS-2, 70 and 67. French typography (« », ’, ç, â, ê, î, ô, œ…) is outside it, so
 * a text is sent in its GSM form (`toGsm7`): what the alphabet lacks is replaced by its
 * nearest letter or sign, which keeps a message of 300 characters in two parts instead of five.
 */

/** GSM 03.38 basic table (one septet each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** GSM 03.38 extension table (escape + character: two septets each). */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

const REPLACEMENTS: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '\u00a0': ' ',
  '\u202f': ' ',
  '–': '-',
  '—': '-',
  '…': '...',
  ç: 'c',
  â: 'a',
  ê: 'e',
  î: 'i',
  ô: 'o',
  û: 'u',
  ë: 'e',
  ï: 'i',
  ÿ: 'y',
  œ: 'oe',
  Œ: 'OE',
  À: 'A',
  Â: 'A',
  È: 'E',
  Ê: 'E',
  Ë: 'E',
  Î: 'I',
  Ï: 'I',
  Ô: 'O',
  Ù: 'U',
  Û: 'U',
  '°': 'o',
  '→': '>',
};

/** The text in the GSM 7-bit alphabet: French signs and accents it lacks replaced by their nearest. */
export function toGsm7(text: string): string {
  // « guillemets » with their inner spaces become "quotes".
  const quoted = text.replace(/«[\s\u00a0\u202f]*/g, '"').replace(/[\s\u00a0\u202f]*»/g, '"');
  return [...quoted].map((char) => REPLACEMENTS[char] ?? char).join('');
}

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** The encoding a text is sent in, its length in that encoding's units, and the parts it takes. */
export function smsSegments(text: string): { encoding: SmsEncoding; units: number; segments: number } {
  const chars = [...text];
  const isGsm = chars.every((char) => GSM_BASIC.has(char) || GSM_EXTENSION.has(char));
  if (isGsm) {
    const units = chars.reduce((sum, char) => sum + (GSM_EXTENSION.has(char) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  // UTF-16 code units: a character outside the BMP takes two.
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** Every text message of the product fits in this many parts (issue 31). */
export const MAX_SMS_SEGMENTS = 2;
