// Accuracy and cost of the offline geo chain (gazetteer geocoder + backbone router), against the
// previous model (great circle × one factor) measured in the same run.
// Run: npm run bench:geo [-- path/to/road-distances-calibration.csv]
// Prints markdown for BENCHMARKS.md; exits non-zero when a target is missed.
//
// Two sets, never mixed: the calibration pairs (shared/data) are the only data anything is fitted
// on, and are reported leave-one-out; the evaluation pairs (bench/road-distances-evaluation.csv,
// published motorway lengths and routed distances, each with its source) are only ever predicted.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fitEdgeFactor, leaveOneOutBackbone } from '#server/geo/backbone-fit.js';
import { DEFAULT_GAZETTEER_PATH, loadGazetteer } from '#server/geo/gazetteer.js';
import { createOfflineGeocoder } from '#server/geo/offline-geocoder.js';
import { EDGE_FACTOR, ROAD_FACTOR, estimateKm, loadBackbone, routeOptions } from '#server/geo/offline-router.js';
import { ROAD_CALIBRATION } from '#server/geo/road-calibration.js';
import { fitRoadFactor, greatCircleKm, leaveOneOut } from '#server/geo/road-factor.js';
import { MAX_DISTANCE_KM } from '#domain/pricing.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const csvPath = process.argv[2] ?? join(repoRoot, '..', 'shared', 'data', 'road-distances-calibration.csv');
const evaluationPath = join(repoRoot, 'bench', 'road-distances-evaluation.csv');

type Pair = { depart: string; arrivee: string; routeKm: number; source?: string };

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

function readPairs(path: string, header: string): Pair[] {
  const [first, ...lines] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  if (first?.trim() !== header) throw new Error(`unexpected CSV header in ${path}: ${first}`);
  return lines.map((line) => {
    const [depart, arrivee, km, source] = parseCsvLine(line);
    return { depart: depart!, arrivee: arrivee!, routeKm: Number(km), ...(source ? { source } : {}) };
  });
}

function readCalibration(): { source: string; pairs: Pair[] } {
  if (!existsSync(csvPath)) return { source: 'src/server/geo/road-calibration.ts (CSV not found)', pairs: [...ROAD_CALIBRATION] };
  return { source: csvPath, pairs: readPairs(csvPath, 'depart,arrivee,route_km') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >>> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const pct = (value: number) => `${value.toFixed(1)} %`;

// --- load cost: the gazetteer (as before) and the backbone (new) ------------------------------
globalThis.gc?.();
let heapBefore = process.memoryUsage().heapUsed;
let started = performance.now();
loadGazetteer();
const gazetteerMs = performance.now() - started;
globalThis.gc?.();
const gazetteerHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
heapBefore = process.memoryUsage().heapUsed;
started = performance.now();
const backbone = loadBackbone();
const backboneMs = performance.now() - started;
globalThis.gc?.();
const backboneHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6 + backbone.pathKm.byteLength / 1e6;

const geocoder = createOfflineGeocoder();

async function resolve(pairs: Pair[]) {
  return Promise.all(
    pairs.map(async (pair) => {
      const from = await geocoder.geocode(pair.depart);
      const to = await geocoder.geocode(pair.arrivee);
      if (!from || !to) throw new Error(`could not geocode ${pair.depart} or ${pair.arrivee}`);
      return {
        ...pair,
        from: from.label,
        to: to.label,
        greatCircleKm: greatCircleKm(from, to),
        roadKm: pair.routeKm,
        options: routeOptions(backbone, from, to),
      };
    }),
  );
}

// --- calibration, leave-one-out ----------------------------------------------------------------
const { source, pairs } = readCalibration();
const calibration = await resolve(pairs);
const looOld = leaveOneOut(calibration);
const looNew = leaveOneOutBackbone(calibration);
const legFactor = fitRoadFactor(calibration);
const edgeFactor = fitEdgeFactor(calibration, legFactor);

console.log(`Calibration: \`${source}\` (${calibration.length} pairs; the only data anything is fitted on)\n`);
console.log('| Pair | Road (km) | Great circle × factor, LOO (km) | Error | Backbone, LOO (km) | Error |');
console.log('|---|---:|---:|---:|---:|---:|');
calibration.forEach((s, i) => {
  const o = looOld.predictions[i]!;
  const n = looNew.predictions[i]!;
  console.log(
    `| ${s.depart} → ${s.arrivee} | ${s.roadKm} | ${o.predictedKm.toFixed(1)} | ${pct(o.errorPercent)} | ${n.predictedKm.toFixed(1)} | ${pct(n.errorPercent)} |`,
  );
});
console.log('');
console.log('| Leave-one-out | Great circle × factor | Backbone |');
console.log('|---|---:|---:|');
console.log(`| Median absolute error | ${pct(looOld.medianErrorPercent)} | ${pct(looNew.medianErrorPercent)} |`);
console.log(`| Worst absolute error | ${pct(looOld.worstErrorPercent)} | ${pct(looNew.worstErrorPercent)} |`);
console.log(
  `\nFitted on all ${calibration.length} pairs: leg factor ${legFactor.toFixed(4)} (ROAD_FACTOR = ${ROAD_FACTOR}), edge factor ${edgeFactor.toFixed(3)} (EDGE_FACTOR = ${EDGE_FACTOR}).`,
);
const stale = Math.abs(legFactor - ROAD_FACTOR) > 5e-5 || Math.abs(edgeFactor - EDGE_FACTOR) > 5e-4;
if (stale) console.log(`\n**The constants are stale: set ROAD_FACTOR = ${legFactor.toFixed(4)}, EDGE_FACTOR = ${edgeFactor.toFixed(3)}.**`);

// --- evaluation set: predicted with the shipped constants, never fitted on ---------------------
const evaluation = await resolve(readPairs(evaluationPath, 'depart,arrivee,route_km,source'));
const rows = evaluation.map((s) => {
  const oldKm = s.greatCircleKm * ROAD_FACTOR;
  const newKm = estimateKm(s.options, ROAD_FACTOR, EDGE_FACTOR);
  return {
    ...s,
    oldKm,
    newKm,
    oldError: (Math.abs(oldKm - s.roadKm) / s.roadKm) * 100,
    newError: (Math.abs(newKm - s.roadKm) / s.roadKm) * 100,
    newSigned: ((newKm - s.roadKm) / s.roadKm) * 100,
  };
});
console.log(
  `\nEvaluation: \`bench/road-distances-evaluation.csv\` (${rows.length} real road distances, source of each in the file; never fitted on)\n`,
);
console.log('| Pair | Road (km) | Great circle × factor (km) | Error | Backbone (km) | Error |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.depart} → ${r.arrivee} | ${r.roadKm} | ${r.oldKm.toFixed(1)} | ${pct(r.oldError)} | ${r.newKm.toFixed(1)} | ${r.newSigned >= 0 ? '+' : '−'}${pct(Math.abs(r.newSigned))} |`,
  );
}
const summary = (errors: number[]) => ({ median: median(errors), p90: percentile(errors, 90), worst: Math.max(...errors) });
const oldSummary = summary(rows.map((r) => r.oldError));
const newSummary = summary(rows.map((r) => r.newError));
const worstShort = Math.min(...rows.map((r) => r.newSigned));
console.log('');
console.log('| Evaluation set | Great circle × factor | Backbone | Target |');
console.log('|---|---:|---:|---:|');
console.log(`| Median absolute error | ${pct(oldSummary.median)} | ${pct(newSummary.median)} | ≤ 4 % |`);
console.log(`| 90th percentile | ${pct(oldSummary.p90)} | ${pct(newSummary.p90)} | ≤ 8 % |`);
console.log(`| Worst | ${pct(oldSummary.worst)} | ${pct(newSummary.worst)} | ≤ 12 % |`);
console.log(`| Most short (backbone) | | ${pct(Math.abs(worstShort))} short | < 25 % |`);

// The 1 200 km limit: for real distances within 5 % of it, is the trip refused or priced as
// real routing would decide?
const nearLimit = rows.filter((r) => Math.abs(r.roadKm - MAX_DISTANCE_KM) <= 0.05 * MAX_DISTANCE_KM);
const limitAgreement = nearLimit.filter((r) => r.roadKm <= MAX_DISTANCE_KM === Math.round(r.newKm) <= MAX_DISTANCE_KM).length;
console.log(
  nearLimit.length === 0
    ? `\nNo evaluation pair has a real distance within 5 % of ${MAX_DISTANCE_KM} km, so the limit decision is not measured here.`
    : `\n${MAX_DISTANCE_KM} km limit: ${limitAgreement} of ${nearLimit.length} pairs within 5 % of it decided as real routing would.`,
);
const decision = (km: number) => (km <= MAX_DISTANCE_KM ? 'quoted' : 'refused');
for (const r of nearLimit) {
  console.log(
    `- ${r.depart} → ${r.arrivee}: real ${r.roadKm} km (${decision(r.roadKm)}), offline ${Math.round(r.newKm)} km (${decision(Math.round(r.newKm))})`,
  );
}

// --- coordinates derivation (unchanged) ----------------------------------------------------------
type Row = [string, string, string, string | null, string, number, number, number, string];
const gazetteerRows = (JSON.parse(readFileSync(DEFAULT_GAZETTEER_PATH, 'utf8')) as { communes: Row[] }).communes;
// For each commune GeoNames places, pretend it were missing and derive it from the other
// GeoNames-placed communes of its postcode, as the build script does.
const placed = gazetteerRows.filter((r) => r[2] === 'C' && r[8] === 'geonames');
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
for (const row of gazetteerRows) sourceCounts.set(row[8], (sourceCounts.get(row[8]) ?? 0) + 1);
console.log('\n| Coordinates source | Entries |');
console.log('|---|---:|');
for (const [name, count] of [...sourceCounts].sort((a, b) => b[1] - a[1])) console.log(`| ${name} | ${count} |`);
console.log(
  `\nPostcode-mean derivation checked on ${derivationErrors.length} GeoNames-placed communes: ` +
    `median ${median(derivationErrors).toFixed(1)} km, 90th percentile ${percentile(derivationErrors, 90).toFixed(1)} km off.`,
);

// --- coverage: trips the backbone sends the long way round -----------------------------------------
// No real distances here, so no target: between the prefectures of mainland départements (40 to
// 400 km apart as the crow flies), a road trip rarely runs over 1.6 times the crow's flight except
// across sea or mountains, so an estimate above that points at a road missing from the network.
{
  const departements = JSON.parse(
    readFileSync(join(repoRoot, 'node_modules', '@etalab', 'decoupage-administratif', 'data', 'departements.json'), 'utf8'),
  ) as { code: string; chefLieu: string }[];
  const communes = new Map(
    gazetteerRows.filter((row) => row[2] === 'C').map((row) => [row[0], { name: row[1], lat: row[6], lon: row[7] }]),
  );
  const prefectures = departements
    .filter((d) => d.code < '97' && d.code !== '2A' && d.code !== '2B')
    .flatMap((d) => communes.get(d.chefLieu) ?? []);
  const ratios: { label: string; crow: number; km: number; ratio: number }[] = [];
  for (let i = 0; i < prefectures.length; i++) {
    for (let j = i + 1; j < prefectures.length; j++) {
      const a = prefectures[i]!;
      const b = prefectures[j]!;
      const crow = greatCircleKm(a, b);
      if (crow < 40 || crow > 400) continue;
      const km = estimateKm(routeOptions(backbone, a, b), ROAD_FACTOR, EDGE_FACTOR);
      ratios.push({ label: `${a.name} → ${b.name}`, crow, km, ratio: km / crow });
    }
  }
  ratios.sort((x, y) => y.ratio - x.ratio);
  const over = ratios.filter((r) => r.ratio > 1.6);
  console.log(
    `\nCoverage: ${over.length} of ${ratios.length} pairs of prefectures (40–400 km apart) estimated over 1.6 × the crow's flight (median ratio ${median(ratios.map((r) => r.ratio)).toFixed(2)}). The ten largest:`,
  );
  for (const r of ratios.slice(0, 10))
    console.log(`- ${r.label}: ${r.crow.toFixed(0)} km as the crow flies, ${r.km.toFixed(0)} km estimated (× ${r.ratio.toFixed(2)})`);
}

// --- cost ----------------------------------------------------------------------------------------
async function timeUs(run: () => Promise<unknown>, times = 2000): Promise<number> {
  await run();
  const t0 = performance.now();
  for (let i = 0; i < times; i++) await run();
  return ((performance.now() - t0) / times) * 1000;
}
const paris = (await geocoder.geocode('Paris'))!;
const nice = (await geocoder.geocode('Nice 06000'))!;
console.log('\n| Offline operation | Cost |');
console.log('|---|---:|');
console.log(`| Load and index the gazetteer (${gazetteerRows.length} entries) | ${gazetteerMs.toFixed(0)} ms |`);
console.log(`| Heap held by the gazetteer index | ${gazetteerHeapMb.toFixed(1)} MB${globalThis.gc ? '' : ' (run with --expose-gc)'} |`);
console.log(`| Load the backbone and its all-pairs paths (${backbone.nodes.length} nodes) | ${backboneMs.toFixed(0)} ms |`);
console.log(`| Memory held by the backbone | ${backboneHeapMb.toFixed(1)} MB |`);
console.log(
  `| route Paris → Nice (options and estimate) | ${(await timeUs(async () => estimateKm(routeOptions(backbone, paris, nice), ROAD_FACTOR, EDGE_FACTOR))).toFixed(1)} µs |`,
);
console.log(
  `| geocode('12 rue de la République, 69002 Lyon') | ${(await timeUs(() => geocoder.geocode('12 rue de la République, 69002 Lyon'))).toFixed(1)} µs |`,
);
console.log(`| geocode('St Etienne') | ${(await timeUs(() => geocoder.geocode('St Etienne'))).toFixed(1)} µs |`);
console.log(`| suggest('sain') | ${(await timeUs(() => geocoder.suggest('sain'))).toFixed(1)} µs |`);
console.log(`| suggest('s') (widest prefix) | ${(await timeUs(() => geocoder.suggest('s'))).toFixed(1)} µs |`);
console.log(`| suggest('69') | ${(await timeUs(() => geocoder.suggest('69'))).toFixed(1)} µs |`);

const failed =
  stale ||
  looNew.medianErrorPercent > 5 ||
  looNew.worstErrorPercent > 12 ||
  newSummary.median > 4 ||
  newSummary.p90 > 8 ||
  newSummary.worst > 12 ||
  limitAgreement < nearLimit.length;
process.exitCode = failed ? 1 : 0;
