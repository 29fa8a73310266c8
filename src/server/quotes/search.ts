import { formatParisDate } from '#domain/format.ts';
import { foldAccents } from '#domain/text-fold.ts';

type Searchable = { numeroDevis: number; adresseDepart: string; adresseArrivee: string; dateSimulation: string };

type Token = { kind: 'number'; value: string } | { kind: 'date'; value: string } | { kind: 'text'; value: string };

/**
 * One word of the query: a number ("3", "n°3", "#3"), a date ("21/11/2026", "21.11.2026",
 * "11/2026", "2026-11-21"), or text.
 */
function tokenOf(word: string): Token {
  const number = /^(?:n°|no|#)?(\d+)$/.exec(word);
  if (number) return { kind: 'number', value: String(Number(number[1])) };
  const parts = /^\d{1,4}(?:[./-]\d{1,4}){1,2}$/.test(word) ? word.split(/[./-]/) : null;
  if (parts) {
    // Year first (ISO) reads the other way round; days and months get their leading zero.
    const ordered = parts[0]!.length === 4 ? [...parts].reverse() : parts;
    return { kind: 'date', value: ordered.map((part) => (part.length === 1 ? `0${part}` : part)).join('/') };
  }
  return { kind: 'text', value: word };
}

const tokens = (query: string) => foldAccents(query).split(/\s+/).filter(Boolean).map(tokenOf);

/** The numbers written in an address ("3 quai de Saône, 69005 Lyon" → 3, 69005). */
const numbersIn = (text: string) => new Set((text.match(/\d+/g) ?? []).map((digits) => String(Number(digits))));

/**
 * A customer's quote matches when every word of the query is found: a number is the quote's
 * number or a number of its route (a street number, a postcode), never a piece of a date; a
 * date (« 21/11/2026 », « 11/2026 ») is its simulation day as written in France; any other
 * word is in its route. Case and accents are ignored.
 */
export function matchesSearch(quote: Searchable, query: string): boolean {
  const words = tokens(query);
  if (words.length === 0) return true;
  const route = foldAccents(`${quote.adresseDepart}\n${quote.adresseArrivee}`);
  const frDate = Number.isNaN(Date.parse(quote.dateSimulation)) ? '' : formatParisDate(quote.dateSimulation);
  return words.every((word) => {
    if (word.kind === 'number') return String(quote.numeroDevis) === word.value || numbersIn(route).has(word.value);
    if (word.kind === 'date') return frDate !== '' && `/${frDate}/`.includes(`/${word.value}/`);
    return route.includes(word.value);
  });
}
