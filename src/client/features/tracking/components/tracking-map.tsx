import type { TrackingView } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { FRANCE_OUTLINE } from './france-outline.ts';
import styles from './tracking.module.css';

type LatLon = readonly [number, number];

/**
 * An equirectangular projection centred on France's middle latitude (46.5°): at this scale,
 * the country keeps its shape within a few per cent, and no projection library is needed.
 * One unit of the drawing is a hundredth of a degree of latitude (about 1.1 km).
 */
const SCALE = 100;
const COS_LAT = Math.cos((46.5 * Math.PI) / 180);
export const project = ([lat, lon]: LatLon): [number, number] => [
  Math.round(lon * COS_LAT * SCALE * 10) / 10,
  Math.round(-lat * SCALE * 10) / 10,
];

const MARGIN = 20;
const projected = FRANCE_OUTLINE.map((ring) => ring.map(project));
const xs = projected.flat().map(([x]) => x);
const ys = projected.flat().map(([, y]) => y);
const [minX, minY] = [Math.min(...xs) - MARGIN, Math.min(...ys) - MARGIN];
const VIEW_BOX = `${minX} ${minY} ${Math.max(...xs) + MARGIN - minX} ${Math.max(...ys) + MARGIN - minY}`;
const OUTLINE_PATH = projected.map((ring) => `M${ring.map(([x, y]) => `${x},${y}`).join('L')}Z`).join('');

const pointsOf = (trace: readonly LatLon[]) =>
  trace
    .map(project)
    .map(([x, y]) => `${x},${y}`)
    .join(' ');

/**
 * The small map of a mission, drawn in SVG from data shipped with the app (no tile service):
 * metropolitan France's outline, the route as the offline router knows it, its two ends and
 * the vehicle's last position.
 */
export function TrackingMap({ view }: { view: TrackingView }) {
  const start = view.trace[0];
  const end = view.trace.at(-1);
  const here = view.position ? project(view.position) : null;
  return (
    <svg className={styles.map} viewBox={VIEW_BOX} role="img" aria-label={k.mapLabel(view.ville)} data-testid="carte-suivi">
      <path className={styles.country} d={OUTLINE_PATH} />
      {view.trace.length > 1 ? <polyline className={styles.route} points={pointsOf(view.trace)} /> : null}
      {start ? <circle className={styles.end} cx={project(start)[0]} cy={project(start)[1]} r={9} /> : null}
      {end ? <circle className={styles.end} cx={project(end)[0]} cy={project(end)[1]} r={9} /> : null}
      {here ? (
        <g data-testid="position-vehicule">
          <circle className={styles.halo} cx={here[0]} cy={here[1]} r={26} />
          <circle className={styles.vehicle} cx={here[0]} cy={here[1]} r={13} />
        </g>
      ) : null}
    </svg>
  );
}
