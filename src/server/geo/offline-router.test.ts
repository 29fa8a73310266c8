import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type BackboneSample, fitEdgeFactor, leaveOneOutBackbone } from './backbone-fit.js';
import { createOfflineGeocoder } from './offline-geocoder.js';
import { measuredCommuneCodes } from './gazetteer.js';
import {
  DEFAULT_ROAD_NETWORK_PATH,
  DIRECT_MAX_KM,
  EDGE_FACTOR,
  MOTORWAY_KMH,
  ROAD_FACTOR,
  ROAD_KMH,
  createOfflineRouter,
  loadBackbone,
  routeOptions,
} from './offline-router.js';
import { ROAD_CALIBRATION } from './road-calibration.js';
import { type CalibrationSample, fitRoadFactor, greatCircleKm } from './road-factor.js';

const geocoder = createOfflineGeocoder();

async function calibrationSamples(): Promise<(CalibrationSample & BackboneSample & { pair: string })[]> {
  return Promise.all(
    ROAD_CALIBRATION.map(async ({ depart, arrivee, routeKm }) => {
      const from = await geocoder.geocode(depart);
      const to = await geocoder.geocode(arrivee);
      if (!from || !to) throw new Error(`${depart} or ${arrivee} did not geocode`);
      return {
        pair: `${depart}–${arrivee}`,
        greatCircleKm: greatCircleKm(from, to),
        roadKm: routeKm,
        options: routeOptions(loadBackbone(), from, to),
      };
    }),
  );
}

describe('greatCircleKm', () => {
  it('measures known distances', () => {
    // Notre-Dame de Paris to Fourvière, Lyon: 392 km as the crow flies.
    expect(greatCircleKm({ lat: 48.853, lon: 2.3499 }, { lat: 45.7623, lon: 4.8227 })).toBeCloseTo(392, -1);
    // A quarter of a meridian is 10 008 km.
    expect(greatCircleKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo(10_008, -1);
    expect(greatCircleKm({ lat: 45, lon: 5 }, { lat: 45, lon: 5 })).toBe(0);
  });
});

describe('fitRoadFactor', () => {
  it('takes the median ratio, unmoved by one outlier', () => {
    const samples = [
      { greatCircleKm: 100, roadKm: 120 },
      { greatCircleKm: 100, roadKm: 125 },
      { greatCircleKm: 100, roadKm: 300 },
    ];
    expect(fitRoadFactor(samples)).toBeCloseTo(1.25, 10);
    expect(fitRoadFactor(samples.slice(0, 2))).toBeCloseTo(1.225, 10);
  });
});

describe('offline router on the calibration pairs', () => {
  it('uses the factors fitted on all calibration pairs geocoded offline', async () => {
    const samples = await calibrationSamples();
    expect(fitRoadFactor(samples)).toBeCloseTo(ROAD_FACTOR, 4);
    expect(fitEdgeFactor(samples, ROAD_FACTOR)).toBeCloseTo(EDGE_FACTOR, 3);
  });

  it('meets the accuracy targets in leave-one-out (each pair predicted by factors fitted without it)', async () => {
    const result = leaveOneOutBackbone(await calibrationSamples());
    expect(result.predictions).toHaveLength(10);
    expect(result.medianErrorPercent).toBeLessThanOrEqual(5);
    expect(result.worstErrorPercent).toBeLessThanOrEqual(12);
  });
});

describe('offline router over the motorway backbone', () => {
  const router = createOfflineRouter();

  it('reads a network whose every town has coordinates and whose every node is reachable', () => {
    const backbone = loadBackbone();
    const n = backbone.nodes.length;
    expect(n).toBeGreaterThan(300);
    const paris = backbone.nodes.findIndex((node) => node.key === 'Paris');
    for (let j = 0; j < n; j++) expect(Number.isFinite(backbone.pathKm[paris * n + j]!), backbone.nodes[j]!.key).toBe(true);
  });

  it('puts no town where the gazetteer only estimates its position (it would add a zigzag the road does not have)', () => {
    const measured = measuredCommuneCodes();
    const network = JSON.parse(readFileSync(DEFAULT_ROAD_NETWORK_PATH, 'utf8')) as { nodes: Record<string, [number, number, string]> };
    const estimated = Object.entries(network.nodes).filter(([, [, , insee]]) => !measured.has(insee));
    expect(estimated.map(([town]) => town)).toEqual([]);
  });

  it('meets the targets on the sourced evaluation set it was never fitted on', async () => {
    const csv = readFileSync(fileURLToPath(new URL('../../../bench/road-distances-evaluation.csv', import.meta.url)), 'utf8');
    const errors: number[] = [];
    for (const line of csv.trim().split('\n').slice(1)) {
      const [depart, arrivee, km] = line.split('",').map((cell) => cell.replace(/^"/, '')) as [string, string, string];
      const from = (await geocoder.geocode(depart))!;
      const to = (await geocoder.geocode(arrivee))!;
      const roadKm = Number(km.split(',')[0]);
      errors.push(Math.abs((await router.distanceKm(from, to)) - roadKm) / roadKm);
    }
    errors.sort((a, b) => a - b);
    expect(errors.length).toBeGreaterThanOrEqual(40);
    expect((errors[(errors.length >>> 1) - 1]! + errors[errors.length >>> 1]!) / 2).toBeLessThanOrEqual(0.04);
    expect(errors[Math.ceil(errors.length * 0.9) - 1]).toBeLessThanOrEqual(0.08);
    expect(errors[errors.length - 1]).toBeLessThanOrEqual(0.12);
  });

  it('follows the motorways round the Alps where the crow flies over them', async () => {
    // Annecy to Briançon: 150 km as the crow flies over the massifs; the roads go round.
    const annecy = { lat: 45.8992, lon: 6.1294 };
    const briancon = { lat: 44.8986, lon: 6.6356 };
    expect(await router.distanceKm(annecy, briancon)).toBeGreaterThan(greatCircleKm(annecy, briancon) * ROAD_FACTOR * 1.25);
  });

  it('joins the A62 and the A89 to the Bordeaux ring road instead of going round by Bayonne', async () => {
    // Before the ring road (A630/N230, N89) was in the network, both ran into dead ends at
    // Bordeaux: Toulouse → Saintes came out at twice the crow's flight, Toulouse → Libourne 1.75×.
    const toulouse = { lat: 43.6045, lon: 1.4442 };
    const saintes = { lat: 45.7464, lon: -0.6333 };
    const libourne = { lat: 44.9153, lon: -0.2439 };
    expect(await router.distanceKm(toulouse, saintes)).toBeLessThan(greatCircleKm(toulouse, saintes) * 1.5);
    expect(await router.distanceKm(toulouse, libourne)).toBeLessThan(greatCircleKm(toulouse, libourne) * 1.5);
  });

  it('joins two prefectures by the trunk road between them instead of the motorways round', async () => {
    // Before the N141 and the N147 were in the network, Angoulême → Limoges came out at 4.6 times
    // the crow's flight (by Poitiers and the A20), Poitiers → Limoges at 3.7 times.
    const angouleme = { lat: 45.6484, lon: 0.1562 };
    const poitiers = { lat: 46.5802, lon: 0.3404 };
    const limoges = { lat: 45.8315, lon: 1.2578 };
    expect(await router.distanceKm(angouleme, limoges)).toBeLessThan(greatCircleKm(angouleme, limoges) * 1.4);
    expect(await router.distanceKm(poitiers, limoges)).toBeLessThan(greatCircleKm(poitiers, limoges) * 1.4);
  });

  it('takes the fastest way, as a router does: a longer motorway beats a shorter ordinary road', () => {
    // A square: the ordinary road goes straight (100 km at 80 km/h, 75 min), the motorway round by
    // a corner (130 km at 130 km/h, 60 min). Built on a network of its own.
    const file = join(mkdtempSync(join(tmpdir(), 'backbone-')), 'network.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 1,
        roads: [
          { ref: 'N1', towns: ['West', 'East'] },
          { ref: 'A1', towns: ['West', 'Corner', 'East'] },
        ],
        nodes: { West: [45, 1, '00001'], East: [45, 2.2716, '00002'], Corner: [45.3733, 1.6358, '00003'] },
      }),
    );
    const backbone = loadBackbone(file);
    const [west, east] = [backbone.nodes[0]!, backbone.nodes[1]!];
    const straight = greatCircleKm(west, east);
    const round = greatCircleKm(west, backbone.nodes[2]!) + greatCircleKm(backbone.nodes[2]!, east);
    expect(round / MOTORWAY_KMH).toBeLessThan(straight / ROAD_KMH);
    expect(backbone.pathKm[1]).toBeCloseTo(round, 6);
  });

  it('goes straight on a short trip and where no road of the backbone reaches (Corsica)', async () => {
    const lyon = { lat: 45.7578, lon: 4.832 };
    const vienne = { lat: 45.5242, lon: 4.8781 };
    expect(greatCircleKm(lyon, vienne)).toBeLessThan(DIRECT_MAX_KM);
    expect(await router.distanceKm(lyon, vienne)).toBeLessThanOrEqual(greatCircleKm(lyon, vienne) * ROAD_FACTOR + 1e-9);
    const ajaccio = { lat: 41.9192, lon: 8.7386 };
    const bastia = { lat: 42.7028, lon: 9.4503 };
    expect(await router.distanceKm(ajaccio, bastia)).toBeCloseTo(greatCircleKm(ajaccio, bastia) * ROAD_FACTOR, 9);
  });

  it('is symmetric and zero for the same point', async () => {
    const a = { lat: 43.6045, lon: 1.4442 };
    const b = { lat: 48.3904, lon: -4.4861 };
    expect(await router.distanceKm(a, b)).toBeCloseTo(await router.distanceKm(b, a), 9);
    expect(await router.distanceKm(a, a)).toBe(0);
  });
});
