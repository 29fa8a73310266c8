import { readFileSync } from 'node:fs';
import { fromProjectRoot } from '#server/project-root.ts';
import { greatCircleKm } from './road-factor.js';
import type { GeoPoint, Router } from './types.js';

/**
 * Local legs (from an address to the backbone, or a short trip that never reaches it): great
 * circle × this factor. fitRoadFactor over the 10 calibration pairs geocoded offline (the median
 * road/great-circle ratio); `npm run bench:geo` recomputes it and a test keeps the two in step.
 */
export const ROAD_FACTOR = 1.2043;

/**
 * Backbone edges: great circle between consecutive nodes of a road × this factor, fitted on the
 * calibration pairs only (least absolute relative error, see fitEdgeFactor). A test refits it.
 */
export const EDGE_FACTOR = 1.067;

/**
 * The way between two nodes is the fastest, as a router's car profile takes it, not the shortest:
 * a motorway (a ref starting with "A" and a digit) is driven at 130 km/h, any other road at
 * 80 km/h, the Code de la route's limits (R413-2) outside built-up areas. Without this, an
 * ordinary road would beat a motorway that is longer but faster: Paris → Bordeaux went by the N10
 * instead of the A10.
 */
export const MOTORWAY_KMH = 130;
export const ROAD_KMH = 80;
const isMotorway = (ref: string) => /^A\d/.test(ref);

/** A trip whose ends are at most this far apart as the crow flies may go straight, off the backbone. */
export const DIRECT_MAX_KM = 50;

/** How many backbone nodes near each end are tried as the way on and off. */
const ACCESS_NODES = 4;

/** Ends farther than this from every node (Corsica, overseas) are priced straight. */
const ACCESS_MAX_KM = 120;

export const DEFAULT_ROAD_NETWORK_PATH = fromProjectRoot('src', 'server', 'geo', 'road-network.json');

type NetworkFile = {
  format: number;
  roads: { ref: string; towns: string[] }[];
  nodes: Record<string, [number, number, string]>;
};

export type Backbone = {
  nodes: readonly (GeoPoint & { key: string })[];
  /** Great-circle km along the fastest backbone path between nodes i and j: `pathKm[i * n + j]`. */
  pathKm: Float64Array;
  /** Driving hours along that path, at the speeds above: `pathHours[i * n + j]`. */
  pathHours: Float64Array;
  /** The node before j on the fastest path from i (-1 at i itself, or when none): `previous[i * n + j]`. */
  previous: Int32Array;
  /** Node positions on a local plane (km), for the nearest-node search. */
  x: Float64Array;
  y: Float64Array;
};

const DEG = Math.PI / 180;
const KM_PER_DEGREE = 111.195;
const MID_LATITUDE_COS = Math.cos(46.5 * DEG);

/** Builds the graph and its all-pairs fastest paths (Dijkstra on driving time from every node). */
export function buildBackbone(file: NetworkFile): Backbone {
  if (file.format !== 1) throw new Error(`Unsupported road network format ${file.format}`);
  const keys = Object.keys(file.nodes);
  const index = new Map(keys.map((key, i) => [key, i]));
  const nodes = keys.map((key) => {
    const [lat, lon] = file.nodes[key]!;
    return { key, lat, lon };
  });
  const n = nodes.length;
  const adjacency: { to: number; km: number; hours: number }[][] = nodes.map(() => []);
  for (const road of file.roads) {
    for (let k = 1; k < road.towns.length; k++) {
      const a = index.get(road.towns[k - 1]!);
      const b = index.get(road.towns[k]!);
      if (a === undefined || b === undefined)
        throw new Error(`Road ${road.ref}: town without coordinates (run scripts/build-road-network.ts)`);
      const km = greatCircleKm(nodes[a]!, nodes[b]!);
      const hours = km / (isMotorway(road.ref) ? MOTORWAY_KMH : ROAD_KMH);
      adjacency[a]!.push({ to: b, km, hours });
      adjacency[b]!.push({ to: a, km, hours });
    }
  }
  const pathKm = new Float64Array(n * n).fill(Infinity);
  const pathHours = new Float64Array(n * n).fill(Infinity);
  const previous = new Int32Array(n * n).fill(-1);
  const heap = new MinHeap(n * 4);
  for (let source = 0; source < n; source++) {
    const row = source * n;
    pathHours[row + source] = 0;
    pathKm[row + source] = 0;
    heap.clear();
    heap.push(source, 0);
    while (heap.size > 0) {
      const { id, key } = heap.pop();
      if (key > pathHours[row + id]!) continue;
      for (const edge of adjacency[id]!) {
        const next = key + edge.hours;
        if (next < pathHours[row + edge.to]!) {
          pathHours[row + edge.to] = next;
          pathKm[row + edge.to] = pathKm[row + id]! + edge.km;
          previous[row + edge.to] = id;
          heap.push(edge.to, next);
        }
      }
    }
  }
  const x = new Float64Array(nodes.map((p) => p.lon * KM_PER_DEGREE * MID_LATITUDE_COS));
  const y = new Float64Array(nodes.map((p) => p.lat * KM_PER_DEGREE));
  return { nodes, pathKm, pathHours, previous, x, y };
}

class MinHeap {
  private ids: Int32Array;
  private keys: Float64Array;
  size = 0;
  constructor(capacity: number) {
    this.ids = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
  }
  clear(): void {
    this.size = 0;
  }
  push(id: number, key: number): void {
    if (this.size === this.ids.length) {
      const ids = new Int32Array(this.size * 2);
      ids.set(this.ids);
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.ids = ids;
      this.keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.ids[i] = this.ids[parent]!;
      this.keys[i] = this.keys[parent]!;
      i = parent;
    }
    this.ids[i] = id;
    this.keys[i] = key;
  }
  pop(): { id: number; key: number } {
    const top = { id: this.ids[0]!, key: this.keys[0]! };
    const lastId = this.ids[--this.size]!;
    const lastKey = this.keys[this.size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1]! < this.keys[child]!) child++;
      if (this.keys[child]! >= lastKey) break;
      this.ids[i] = this.ids[child]!;
      this.keys[i] = this.keys[child]!;
      i = child;
    }
    this.ids[i] = lastId;
    this.keys[i] = lastKey;
    return top;
  }
}

/** The `count` nodes nearest to `point` within ACCESS_MAX_KM, with their great-circle distance. */
function nearestNodes(backbone: Backbone, point: GeoPoint, count: number): { node: number; km: number }[] {
  const px = point.lon * KM_PER_DEGREE * MID_LATITUDE_COS;
  const py = point.lat * KM_PER_DEGREE;
  // Insertion into two small sorted arrays: no allocation per node.
  const ids = new Int32Array(count).fill(-1);
  const d2s = new Float64Array(count).fill(Infinity);
  for (let i = 0; i < backbone.x.length; i++) {
    const dx = backbone.x[i]! - px;
    const dy = backbone.y[i]! - py;
    const d2 = dx * dx + dy * dy;
    if (d2 >= d2s[count - 1]!) continue;
    let at = count - 1;
    while (at > 0 && d2s[at - 1]! > d2) {
      d2s[at] = d2s[at - 1]!;
      ids[at] = ids[at - 1]!;
      at--;
    }
    d2s[at] = d2;
    ids[at] = i;
  }
  const nearest: { node: number; km: number }[] = [];
  for (const node of ids) {
    if (node < 0) continue;
    const km = greatCircleKm(point, backbone.nodes[node]!);
    if (km <= ACCESS_MAX_KM) nearest.push({ node, km });
  }
  return nearest;
}

export type RouteParts = {
  /** Great-circle km of the way on and off the backbone (× the leg factor in the estimate). */
  legKm: number;
  /** Great-circle km along the backbone (× the edge factor). */
  backboneKm: number;
  /** The backbone nodes it gets on and off at; none when it goes straight. */
  via?: { start: number; end: number };
};

/**
 * The ways a trip can be priced: along the backbone between nodes near each end (every
 * combination of the nearest nodes), or straight when the ends are close. The estimate is the
 * cheapest, for given factors: `legFactor × legKm + edgeFactor × backboneKm`.
 */
export function routeOptions(backbone: Backbone, from: GeoPoint, to: GeoPoint): RouteParts[] {
  const direct = greatCircleKm(from, to);
  const options: RouteParts[] = [];
  if (direct <= DIRECT_MAX_KM) options.push({ legKm: direct, backboneKm: 0 });
  const starts = nearestNodes(backbone, from, ACCESS_NODES);
  const ends = nearestNodes(backbone, to, ACCESS_NODES);
  const n = backbone.nodes.length;
  for (const start of starts) {
    for (const end of ends) {
      const along = backbone.pathKm[start.node * n + end.node]!;
      if (Number.isFinite(along)) options.push({ legKm: start.km + end.km, backboneKm: along, via: { start: start.node, end: end.node } });
    }
  }
  // Off the network at one end (an island): straight, as before the backbone.
  if (options.length === 0) options.push({ legKm: direct, backboneKm: 0 });
  return options;
}

export function estimateKm(options: readonly RouteParts[], legFactor: number, edgeFactor: number): number {
  let best = Infinity;
  for (const option of options) best = Math.min(best, legFactor * option.legKm + edgeFactor * option.backboneKm);
  return best;
}

/** A trip as the offline router sees it: its length, its driving time and the points it passes. */
export type RouteTrace = { km: number; hours: number; points: GeoPoint[] };

/**
 * The cheapest way of `routeOptions` traced: km as `estimateKm` counts them, hours with the
 * local legs at ROAD_KMH and the backbone at its roads' speeds (× the edge factor, like its
 * km), and the points: the start, the backbone nodes passed, the end.
 */
export function traceRoute(
  backbone: Backbone,
  from: GeoPoint,
  to: GeoPoint,
  legFactor = ROAD_FACTOR,
  edgeFactor = EDGE_FACTOR,
): RouteTrace {
  let best: RouteParts | null = null;
  let bestKm = Infinity;
  for (const option of routeOptions(backbone, from, to)) {
    const km = legFactor * option.legKm + edgeFactor * option.backboneKm;
    if (km < bestKm) [best, bestKm] = [option, km];
  }
  const legHours = (legFactor * (best?.legKm ?? 0)) / ROAD_KMH;
  if (!best?.via) return { km: bestKm, hours: legHours, points: [from, to] };
  const n = backbone.nodes.length;
  const { start, end } = best.via;
  const nodes: number[] = [];
  for (let at = end; at !== -1; at = at === start ? -1 : backbone.previous[start * n + at]!) nodes.unshift(at);
  const points = [from, ...nodes.map((node) => ({ lat: backbone.nodes[node]!.lat, lon: backbone.nodes[node]!.lon })), to];
  return { km: bestKm, hours: legHours + edgeFactor * backbone.pathHours[start * n + end]!, points };
}

const loaded = new Map<string, Backbone>();

export function loadBackbone(path: string = DEFAULT_ROAD_NETWORK_PATH): Backbone {
  const cached = loaded.get(path);
  if (cached) return cached;
  const backbone = buildBackbone(JSON.parse(readFileSync(path, 'utf8')) as NetworkFile);
  loaded.set(path, backbone);
  return backbone;
}

/** Loads the backbone now rather than on the first trip. */
export function warmOfflineRouter(): void {
  loadBackbone();
}

/**
 * The offline estimate: the shortest way over the motorway and trunk-road backbone between nodes
 * near each end, plus the local legs; mountains and seas are crossed only where a road does.
 */
export function createOfflineRouter(options: { roadFactor?: number; edgeFactor?: number; networkPath?: string } = {}): Router {
  const legFactor = options.roadFactor ?? ROAD_FACTOR;
  const edgeFactor = options.edgeFactor ?? EDGE_FACTOR;
  return {
    distanceKm: async (from, to) => {
      if (from.lat === to.lat && from.lon === to.lon) return 0;
      return estimateKm(routeOptions(loadBackbone(options.networkPath), from, to), legFactor, edgeFactor);
    },
  };
}
