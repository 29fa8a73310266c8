import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search.ts';

/** The « Mes devis » search (quotes/search.ts): numbers, dates and words. */

const quotes = [
  {
    numeroDevis: 1,
    adresseDepart: '1 rue de l’Église, 91000 Évry',
    adresseArrivee: '3 quai de Saône, 69005 Lyon',
    dateSimulation: '2026-11-03T10:00:00.000Z',
  },
  {
    numeroDevis: 2,
    adresseDepart: '2 avenue Jean Médecin, 06000 Nice',
    adresseArrivee: 'Bordeaux',
    dateSimulation: '2026-03-13T10:00:00.000Z',
  },
  { numeroDevis: 3, adresseDepart: 'Paris', adresseArrivee: 'Marseille', dateSimulation: '2026-11-21T10:00:00.000Z' },
  { numeroDevis: 13, adresseDepart: 'Lille', adresseArrivee: 'Rennes', dateSimulation: '2026-12-30T10:00:00.000Z' },
];
const search = (query: string) => quotes.filter((quote) => matchesSearch(quote, query)).map((quote) => quote.numeroDevis);

describe('the search of « Mes devis »', () => {
  it('finds quote n° 3 for « 3 », not the quotes whose dates or numbers merely contain a 3', () => {
    expect(search('3')).toEqual([1, 3]); // n° 1 has « 3 quai de Saône »
    expect(search('n°3')).toEqual([1, 3]);
    expect(search('13')).toEqual([13]);
    expect(search('2026')).toEqual([]);
    expect(search('69005')).toEqual([1]);
  });

  it('matches dates only for a date-like query, written the French way or ISO', () => {
    expect(search('21/11/2026')).toEqual([3]);
    expect(search('3/11/2026')).toEqual([1]);
    expect(search('03.11.2026')).toEqual([1]);
    expect(search('2026-11-21')).toEqual([3]);
    expect(search('11/2026')).toEqual([1, 3]);
    expect(search('1/2026')).toEqual([]);
    expect(search('13/03')).toEqual([2]);
  });

  it('finds words of the route, ignoring case and accents, every word required', () => {
    expect(search('EVRY saone')).toEqual([1]);
    expect(search('évry bordeaux')).toEqual([]);
    expect(search('nice 2')).toEqual([2]);
    expect(search('   ')).toEqual([1, 2, 3, 13]);
  });
});
