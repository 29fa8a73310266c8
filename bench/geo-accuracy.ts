// Accuracy and cost of the offline geo chain (gazetteer geocoder + great-circle × road factor).
// Run: npm run bench:geo [-- path/to/road-distances-calibration.csv]
// Prints markdown for docs/geo.md.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GAZETTEER_PATH, loadGazetteer } from '#server/geo/gazetteer.js';
import { createOfflineGeocoder } from '#server/geo/offline-geocoder.js';
import { ROAD_FACTOR } from '#server/geo/offline-router.js';
import { ROAD_CALIBRATION } from '#server/geo/road-calibration.js';
import { fitRoadFactor, greatCircleKm, leaveOneOut } from '#server/geo/road-factor.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const csvPath = process.argv[2] ?? join(repoRoot, '..', 'shared', 'data', 'road-distances-calibration.csv');

function readCalibration(): { source: string; pairs: { depart: string; arrivee: string; routeKm: number }[] } {
  if (!existsSync(csvPath)) return { source: 'src/server/geo/road-calibration.ts (CSV not found)', pairs: [...ROAD_CALIBRATION] };
  const [header, ...lines] = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/);
  if (header?.trim() !== 'depart,arrivee,route_km') throw new Error(`unexpected CSV header in ${csvPath}: ${header}`);
  const pairs = lines.map((line) => {
    const [depart, arrivee, km] = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
    return { depart: depart!, arrivee: arrivee!, routeKm: Number(km) };
  });
  return { source: csvPath, pairs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >>> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// --- load cost -------------------------------------------------------------------------------
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const loadStarted = performance.now();
loadGazetteer();
const loadMs = performance.now() - loadStarted;
globalThis.gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

const geocoder = createOfflineGeocoder();

// --- router accuracy, leave-one-out ----------------------------------------------------------
const { source, pairs } = readCalibration();
const samples = [];
for (const pair of pairs) {
  const from = await geocoder.geocode(pair.depart);
  const to = await geocoder.geocode(pair.arrivee);
  if (!from || !to) throw new Error(`could not geocode ${pair.depart} or ${pair.arrivee}`);
  samples.push({ ...pair, from: from.label, to: to.label, greatCircleKm: greatCircleKm(from, to), roadKm: pair.routeKm });
}
const loo = leaveOneOut(samples);
const fullFactor = fitRoadFactor(samples);

console.log(`Calibration: ${source}\n`);
console.log('| Pair | Geocoded as | Great circle (km) | Road (km) | Factor fitted on the 9 others | Predicted (km) | Error |');
console.log('|---|---|---:|---:|---:|---:|---:|');
samples.forEach((s, i) => {
  const p = loo.predictions[i]!;
  console.log(
    `| ${s.depart} → ${s.arrivee} | ${s.from} → ${s.to} | ${s.greatCircleKm.toFixed(1)} | ${s.roadKm} | ${p.factor.toFixed(4)} | ${p.predictedKm.toFixed(1)} | ${p.errorPercent.toFixed(1)} % |`,
  );
});
console.log('');
console.log('| Leave-one-out | Result | Target |');
console.log('|---|---:|---:|');
console.log(`| Median absolute error | ${loo.medianErrorPercent.toFixed(1)} % | ≤ 5 % |`);
console.log(`| Worst absolute error | ${loo.worstErrorPercent.toFixed(1)} % | ≤ 12 % |`);
console.log(`| Factor fitted on all ${samples.length} pairs | ${fullFactor.toFixed(4)} | ROAD_FACTOR = ${ROAD_FACTOR} |`);
if (Math.abs(fullFactor - ROAD_FACTOR) > 5e-5) console.log(`\n**ROAD_FACTOR is stale: set it to ${fullFactor.toFixed(4)}.**`);

// --- how good are derived coordinates? -------------------------------------------------------
// For each commune GeoNames places, pretend it were missing and derive it from the other
// GeoNames-placed communes of its postcode, as the build script does.
type Row = [string, string, string, string | null, string, number, number, number, string];
const rows = (JSON.parse(readFileSync(DEFAULT_GAZETTEER_PATH, 'utf8')) as { communes: Row[] }).communes;
const placed = rows.filter((r) => r[2] === 'C' && r[8] === 'geonames');
const byPostcode = new Map<string, Row[]>();
for (const row of placed) for (const postcode of row[4].split(' ')) byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), row]);
const derivationErrors: number[] = [];
for (const row of placed) {
  const others = row[4]
    .split(' ')
    .flatMap((p) => byPostcode.get(p) ?? [])
    .filter((other) => other !== row);
  if (others.length === 0) continue;
  const lat = others.reduce((sum, o) => sum + o[6], 0) / others.length;
  const lon = others.reduce((sum, o) => sum + o[7], 0) / others.length;
  derivationErrors.push(greatCircleKm({ lat: row[6], lon: row[7] }, { lat, lon }));
}
const sourceCounts = new Map<string, number>();
for (const row of rows) sourceCounts.set(row[8], (sourceCounts.get(row[8]) ?? 0) + 1);

console.log('\n| Coordinates source | Entries |');
console.log('|---|---:|');
for (const [name, count] of [...sourceCounts].sort((a, b) => b[1] - a[1])) console.log(`| ${name} | ${count} |`);
console.log(
  `\nPostcode-mean derivation checked on ${derivationErrors.length} GeoNames-placed communes: ` +
    `median ${median(derivationErrors).toFixed(1)} km, 90th percentile ${percentile(derivationErrors, 90).toFixed(1)} km off.`,
);

// --- lookup cost -----------------------------------------------------------------------------
async function timeUs(run: () => Promise<unknown>, times = 2000): Promise<number> {
  await run();
  const started = performance.now();
  for (let i = 0; i < times; i++) await run();
  return ((performance.now() - started) / times) * 1000;
}
console.log('\n| Offline operation | Cost |');
console.log('|---|---:|');
console.log(`| Load and index the gazetteer (${rows.length} entries) | ${loadMs.toFixed(0)} ms |`);
console.log(`| Heap held by the index | ${heapMb.toFixed(1)} MB${globalThis.gc ? '' : ' (run with --expose-gc for a cleaner figure)'} |`);
console.log(
  `| geocode('12 rue de la République, 69002 Lyon') | ${(await timeUs(() => geocoder.geocode('12 rue de la République, 69002 Lyon'))).toFixed(1)} µs |`,
);
console.log(`| geocode('St Etienne') | ${(await timeUs(() => geocoder.geocode('St Etienne'))).toFixed(1)} µs |`);
console.log(`| suggest('sain') | ${(await timeUs(() => geocoder.suggest('sain'))).toFixed(1)} µs |`);
console.log(`| suggest('s') (widest prefix) | ${(await timeUs(() => geocoder.suggest('s'))).toFixed(1)} µs |`);
console.log(`| suggest('69') | ${(await timeUs(() => geocoder.suggest('69'))).toFixed(1)} µs |`);

const failed = loo.medianErrorPercent > 5 || loo.worstErrorPercent > 12;
process.exitCode = failed ? 1 : 0;
