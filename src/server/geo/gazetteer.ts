import { readFileSync } from 'node:fs';
import { fromProjectRoot } from '#server/project-root.ts';
import { departementPrefix, normalizeText } from './normalize.js';

/** C: commune, A: municipal arrondissement (Paris, Lyon, Marseille), D: former commune (déléguée or associée). */
export type CommuneKind = 'C' | 'A' | 'D';

export type Commune = {
  code: string;
  name: string;
  kind: CommuneKind;
  parentCode: string | null;
  postcodes: readonly string[];
  population: number;
  lat: number;
  lon: number;
  key: string;
};

type GazetteerFile = {
  format: number;
  communes: [string, string, CommuneKind, string | null, string, number, number, number, string][];
};

export type Gazetteer = {
  communes: readonly Commune[];
  byName: ReadonlyMap<string, readonly Commune[]>;
  /** Current communes and arrondissements by INSEE code (a former commune may share its code). */
  byCode: ReadonlyMap<string, Commune>;
  byPostcode: ReadonlyMap<string, readonly Commune[]>;
  /** [key, commune] sorted by key, for prefix search by binary search. */
  sortedKeys: readonly (readonly [string, Commune])[];
  /** Communes split into arrondissements: Paris, Lyon, Marseille. */
  parentsOfArrondissements: ReadonlySet<string>;
  maxNameWords: number;
};

export const DEFAULT_GAZETTEER_PATH = fromProjectRoot('src', 'server', 'geo', 'data', 'communes.json');

const KIND_ORDER: Record<CommuneKind, number> = { C: 0, A: 1, D: 2 };

/** Most relevant first: a current commune before its parts, then the larger population. */
export function compareRelevance(a: Commune, b: Commune): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.population - a.population || compareStrings(a.code, b.code);
}

// Keys and codes are plain ASCII: a code-unit comparison orders them and is far cheaper than
// localeCompare, which dominated the start-up cost.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// "Paris 15e Arrondissement" is also typed "Paris 15", "Paris 15e", "Paris 15eme", "Lyon 1er".
function arrondissementAliases(commune: Commune): string[] {
  const match = /^(.*) (\d+)(?:er|e) arrondissement$/.exec(commune.key);
  if (!match) return [];
  const [, city, number] = match;
  const suffixes = number === '1' ? ['', 'er', 'ere', 'e', 'eme'] : ['', 'e', 'eme', 'ieme'];
  return suffixes.map((suffix) => `${city} ${number}${suffix}`);
}

function countWords(key: string): number {
  let words = 1;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 32) words++;
  return words;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildGazetteer(file: GazetteerFile): Gazetteer {
  if (file.format !== 1) throw new Error(`Unsupported gazetteer format ${file.format}`);
  const communes: Commune[] = file.communes.map(([code, name, kind, parentCode, postcodes, population, lat, lon]) => ({
    code,
    name,
    kind,
    parentCode,
    postcodes: postcodes.split(' '),
    population,
    lat,
    lon,
    key: normalizeText(name),
  }));
  const byName = new Map<string, Commune[]>();
  const byPostcode = new Map<string, Commune[]>();
  const keyed: [string, Commune][] = [];
  const byCode = new Map<string, Commune>();
  const parentsOfArrondissements = new Set<string>();
  let maxNameWords = 1;
  for (const commune of communes) {
    for (const key of [commune.key, ...arrondissementAliases(commune)]) {
      push(byName, key, commune);
      keyed.push([key, commune]);
      maxNameWords = Math.max(maxNameWords, countWords(key));
    }
    for (const postcode of commune.postcodes) push(byPostcode, postcode, commune);
    if (commune.kind === 'A' && commune.parentCode) parentsOfArrondissements.add(commune.parentCode);
    if (commune.kind !== 'D') byCode.set(commune.code, commune);
  }
  for (const list of byName.values()) list.sort(compareRelevance);
  for (const list of byPostcode.values()) list.sort(compareRelevance);
  keyed.sort((a, b) => compareStrings(a[0], b[0]) || compareRelevance(a[1], b[1]));
  return { communes, byName, byCode, byPostcode, sortedKeys: keyed, parentsOfArrondissements, maxNameWords };
}

const loaded = new Map<string, Gazetteer>();

/** Reads and indexes the generated gazetteer once per path; later calls are free. */
export function loadGazetteer(path: string = DEFAULT_GAZETTEER_PATH): Gazetteer {
  const cached = loaded.get(path);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Offline gazetteer not found at ${path}: run "npm run build:gazetteer"`, { cause: error });
  }
  const gazetteer = buildGazetteer(JSON.parse(text) as GazetteerFile);
  loaded.set(path, gazetteer);
  return gazetteer;
}

/**
 * INSEE codes of the current communes whose position was measured (GeoNames, or entered by hand),
 * not estimated from the communes of their postcode or intercommunality. For the tools that build
 * and check the road backbone; the index of `loadGazetteer` does not keep it.
 */
export function measuredCommuneCodes(path: string = DEFAULT_GAZETTEER_PATH): Set<string> {
  const file = JSON.parse(readFileSync(path, 'utf8')) as GazetteerFile;
  return new Set(
    file.communes
      .filter(([, , kind, , , , , , source]) => kind === 'C' && (source === 'geonames' || source === 'manual'))
      .map(([code]) => code),
  );
}

/** Whether the gazetteer at path is in memory already (the server loads it at start-up, before the first request). */
export function isGazetteerLoaded(path: string = DEFAULT_GAZETTEER_PATH): boolean {
  return loaded.has(path);
}

/** Visits every entry whose key starts with prefix, in key order. */
export function forEachWithPrefix(gazetteer: Gazetteer, prefix: string, visit: (key: string, commune: Commune) => void): void {
  const keys = gazetteer.sortedKeys;
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]![0] < prefix) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < keys.length; i++) {
    const [key, commune] = keys[i]!;
    if (!key.startsWith(prefix)) return;
    visit(key, commune);
  }
}

export function isInDepartement(commune: Commune, postcode: string): boolean {
  const prefix = departementPrefix(postcode);
  return commune.postcodes.some((p) => p.startsWith(prefix));
}

/**
 * The commune (or arrondissement) whose centre is nearest to a point, by a scan of the
 * gazetteer on a local plane: a few milliseconds, called once per position read.
 */
export function nearestCommune(gazetteer: Gazetteer, lat: number, lon: number): Commune | null {
  const cos = Math.cos((lat * Math.PI) / 180);
  let best: Commune | null = null;
  let bestD2 = Infinity;
  for (const commune of gazetteer.communes) {
    // Former communes share their current one's centre or lie inside it: the current name is the one shown.
    if (commune.kind === 'D' || gazetteer.parentsOfArrondissements.has(commune.code)) continue;
    const dx = (commune.lon - lon) * cos;
    const dy = commune.lat - lat;
    const d2 = dx * dx + dy * dy;
    if (d2 < bestD2) [best, bestD2] = [commune, d2];
  }
  return best;
}
