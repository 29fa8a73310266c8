import type { Etape } from '#domain/schemas/missions.ts';
import type { Db } from '#server/db/index.ts';
import { listInspectionsOf } from './repository.ts';

/**
 * What the costs of missions take of their inspections: the odometer and the time at pickup and
 * at delivery (null while that inspection is not done).
 */
export async function odometersOf(db: Db, devisIds: readonly string[]) {
  const inspections = await listInspectionsOf(db, devisIds);
  const of = (devisId: string, etape: Etape) => {
    const found = inspections.find((inspection) => inspection.devisId === devisId && inspection.etape === etape);
    return found ? { km: found.fields.kilometrage, at: found.fields.dateHeure } : null;
  };
  return new Map(devisIds.map((id) => [id, { pickup: of(id, 'prise-en-charge'), delivery: of(id, 'livraison') }]));
}
