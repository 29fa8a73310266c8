import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteer } from './gazetteer.js';
import { createOfflineGeocoder } from './offline-geocoder.js';
import type { AddressSuggestion } from './types.js';

const geocoder = createOfflineGeocoder();

beforeAll(() => geocoder.warm());

async function geocode(q: string): Promise<AddressSuggestion> {
  const found = await geocoder.geocode(q);
  if (!found) throw new Error(`"${q}" did not resolve`);
  return found;
}

describe('the generated gazetteer', () => {
  it('holds every current commune with coordinates inside France or its overseas territories', () => {
    const { communes } = loadGazetteer();
    const current = communes.filter((c) => c.kind === 'C');
    expect(current.length).toBeGreaterThan(34_900);
    const invalid = communes.filter((c) => c.postcodes.length === 0 || !Number.isFinite(c.lat) || !Number.isFinite(c.lon));
    expect(invalid).toEqual([]);
    // Metropolitan France and Corsica fit in this box; a swapped lat/lon or a wrong match would not.
    const metropolitan = communes.filter((c) => !/^9[78]/.test(c.postcodes[0]!));
    const outside = metropolitan.filter((c) => c.lat < 41.3 || c.lat > 51.2 || c.lon < -5.2 || c.lon > 9.6);
    expect(outside.map((c) => c.name)).toEqual([]);
  });

  it('has all 45 arrondissements of Paris, Lyon and Marseille', () => {
    expect(loadGazetteer().communes.filter((c) => c.kind === 'A')).toHaveLength(45);
  });
});

describe('offline geocode', () => {
  it('resolves a street address to the arrondissement of its postcode', async () => {
    const found = await geocode('12 rue de la République, 69002 Lyon');
    expect(found).toMatchObject({ postcode: '69002', city: 'Lyon', inseeCode: '69382' });
    expect(found.lat).toBeCloseTo(45.754, 2);
    expect(found.lon).toBeCloseTo(4.831, 2);
  });

  it('resolves a postcode alone', async () => {
    expect(await geocode('69002')).toMatchObject({ inseeCode: '69382', postcode: '69002' });
    expect(await geocode('42000')).toMatchObject({ city: 'Saint-Étienne', inseeCode: '42218' });
  });

  it('resolves a city name alone to the whole city', async () => {
    const lyon = await geocode('Lyon');
    expect(lyon).toMatchObject({ label: 'Lyon', city: 'Lyon', inseeCode: '69123' });
    expect(lyon.lat).toBeCloseTo(45.75, 1);
    expect(await geocode('Paris')).toMatchObject({ inseeCode: '75056' });
  });

  it.each(['Saint-Étienne', 'saint etienne', 'St Etienne', 'ST-ETIENNE', 'St-Étienne', '  saint-etienne  '])(
    'tolerates accents, case, hyphens and abbreviations: %s',
    async (q) => {
      expect(await geocode(q)).toMatchObject({ inseeCode: '42218', postcode: '42000', city: 'Saint-Étienne' });
    },
  );

  it('reads "Ste" as "Sainte"', async () => {
    expect(await geocode('Ste Foy les Lyon')).toMatchObject({ inseeCode: '69202' });
  });

  it('prefers the postcode: "Paris 75015" is the 15th arrondissement', async () => {
    const found = await geocode('Paris 75015');
    expect(found).toMatchObject({ inseeCode: '75115', postcode: '75015', city: 'Paris' });
    expect(found.lat).toBeCloseTo(48.84, 1);
  });

  it.each([
    ['Paris 15e', '75115'],
    ['Paris 15', '75115'],
    ['Paris 1er', '75101'],
    ['Lyon 7e arrondissement', '69387'],
    ['Marseille 13', '13213'],
    ['75116', '75116'],
  ])('understands the arrondissement in "%s"', async (q, code) => {
    expect(await geocode(q)).toMatchObject({ inseeCode: code });
  });

  it('takes the town at the end of the address, not one named in the street', async () => {
    expect(await geocode('3 rue de Paris 35000 Rennes')).toMatchObject({ inseeCode: '35238' });
    expect(await geocode('8 avenue de Lyon, Grenoble')).toMatchObject({ inseeCode: '38185' });
    expect(await geocode('5 rue Saint-Jean, Lyon')).toMatchObject({ inseeCode: '69123' });
  });

  it('uses the postcode to tell apart communes of the same name', async () => {
    expect(await geocode('Saint-Denis 93200')).toMatchObject({ inseeCode: '93066' });
    expect(await geocode('Saint-Denis 97400')).toMatchObject({ inseeCode: '97411' });
    // without a postcode the most populated one is meant
    expect(await geocode('Saint-Denis')).toMatchObject({ inseeCode: '97411' });
  });

  it('falls back on the département of an unknown (CEDEX) postcode', async () => {
    expect(await geocode('Lyon Cedex 69289')).toMatchObject({ inseeCode: '69123' });
    expect(await geocode('Valence 26958 Cedex 9')).toMatchObject({ inseeCode: '26362' });
  });

  it('returns null for text naming no commune', async () => {
    expect(await geocoder.geocode('zzzz qwerty')).toBeNull();
    expect(await geocoder.geocode('')).toBeNull();
    expect(await geocoder.geocode('   ')).toBeNull();
  });
});

describe('offline suggest', () => {
  it('completes a name prefix, largest communes first, at most 8', async () => {
    const found = await geocoder.suggest('sain');
    expect(found).toHaveLength(8);
    expect(found[0]).toMatchObject({ label: 'Saint-Étienne (42000)', city: 'Saint-Étienne' });
    expect(found.every((s) => s.label.startsWith('Saint'))).toBe(true);
  });

  it('puts the exact name first and the whole city before its arrondissements', async () => {
    const found = await geocoder.suggest('Paris');
    expect(found[0]).toMatchObject({ label: 'Paris', inseeCode: '75056' });
    expect(found.some((s) => s.label.includes('Arrondissement'))).toBe(false);
  });

  it('offers arrondissements when a number is typed', async () => {
    const found = await geocoder.suggest('Paris 1');
    expect(found[0]).toMatchObject({ inseeCode: '75101' });
    expect(found.every((s) => s.city === 'Paris')).toBe(true);
  });

  it('tolerates abbreviations and missing accents in the prefix', async () => {
    expect((await geocoder.suggest('st etien'))[0]).toMatchObject({ inseeCode: '42218' });
    expect((await geocoder.suggest('besan'))[0]).toMatchObject({ inseeCode: '25056' });
  });

  it('completes a postcode prefix, once per commune', async () => {
    const found = await geocoder.suggest('420');
    expect(found[0]).toMatchObject({ inseeCode: '42218', postcode: '42000' });
    expect(new Set(found.map((s) => s.inseeCode)).size).toBe(found.length);
    expect(found.every((s) => s.postcode.startsWith('420'))).toBe(true);
    expect((await geocoder.suggest('75015'))[0]).toMatchObject({ inseeCode: '75115' });
  });

  it('honours a smaller limit and caps a larger one at 8', async () => {
    expect(await geocoder.suggest('mar', 3)).toHaveLength(3);
    expect(await geocoder.suggest('mar', 50)).toHaveLength(8);
  });

  it('offers the commune of a typed street address', async () => {
    const found = await geocoder.suggest('12 rue Victor Hugo, Lyon');
    expect(found).toEqual([expect.objectContaining({ inseeCode: '69123' })]);
  });

  it('suggests labels that geocode back to the same place', async () => {
    for (const suggestion of [...(await geocoder.suggest('lyo')), ...(await geocoder.suggest('sain'))]) {
      expect(await geocoder.geocode(suggestion.label)).toMatchObject({ inseeCode: suggestion.inseeCode });
    }
  });

  it('returns nothing for an empty query', async () => {
    expect(await geocoder.suggest('  ')).toEqual([]);
  });
});
