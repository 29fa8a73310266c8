import { formatParisDate } from '#domain/dates.ts';
import { foldAccents } from '#domain/text-fold.ts';

type Searchable = { numeroDevis: number; adresseDepart: string; adresseArrivee: string; dateSimulation: string };

function haystack(quote: Searchable): string {
  const frDate = Number.isNaN(Date.parse(quote.dateSimulation)) ? '' : formatParisDate(quote.dateSimulation);
  const isoDate = frDate ? frDate.split('/').reverse().join('-') : '';
  return foldAccents([quote.adresseDepart, quote.adresseArrivee, String(quote.numeroDevis), frDate, isoDate].join('\n'));
}

/** Words of the query; "n°12" or "#12" search the number, "21.11.2026" a date. */
function tokens(query: string): string[] {
  return foldAccents(query)
    .split(/\s+/)
    .map((token) =>
      token
        .replace(/^(n°|no|#)(?=\d)/, '')
        .replace(/^(\d{1,4})[.-](\d{1,2})(?:[.-](\d{2,4}))?$/, (_, a, b, c) => [a, b, c].filter(Boolean).join('/')),
    )
    .filter(Boolean);
}

/**
 * A customer's quote matches when every word of the query is found in its route
 * (addresses), its number or its simulation date as typed in France ("21/11/2026",
 * "11/2026"), ignoring case and accents.
 */
export function matchesSearch(quote: Searchable, query: string): boolean {
  const words = tokens(query);
  if (words.length === 0) return true;
  const text = haystack(quote);
  return words.every((word) => text.includes(word));
}
