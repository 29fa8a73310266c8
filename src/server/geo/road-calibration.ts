// Copy of shared/data/road-distances-calibration.csv (real road km between city centres), kept in
// the code so the offline router's factor and its tests do not depend on a file outside the repo.
export const ROAD_CALIBRATION: readonly { depart: string; arrivee: string; routeKm: number }[] = [
  { depart: 'Paris', arrivee: 'Lyon', routeKm: 465 },
  { depart: 'Paris', arrivee: 'Bordeaux', routeKm: 585 },
  { depart: 'Lyon', arrivee: 'Marseille', routeKm: 315 },
  { depart: 'Nantes', arrivee: 'Rennes', routeKm: 110 },
  { depart: 'Toulouse', arrivee: 'Montpellier', routeKm: 245 },
  { depart: 'Lille', arrivee: 'Strasbourg', routeKm: 525 },
  { depart: 'Paris', arrivee: 'Rouen', routeKm: 135 },
  { depart: 'Marseille', arrivee: 'Nice', routeKm: 200 },
  { depart: 'Bordeaux', arrivee: 'Nantes', routeKm: 345 },
  { depart: 'Dijon', arrivee: 'Paris', routeKm: 315 },
];
