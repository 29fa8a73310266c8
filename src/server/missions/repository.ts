import { inspectionFieldsSchema, type Etape, type InspectionFields } from '#domain/schemas/missions.ts';
import type { Db } from '#server/db/index.ts';
import { countRows } from '#server/db/count.ts';
import type { InspectionPhotosTable, InspectionsTable } from '#server/db/schema.ts';

export type InspectionRow = Omit<InspectionsTable, 'fields' | 'etape'> & { etape: Etape; fields: InspectionFields };
export type PhotoRow = InspectionPhotosTable;

/** The one read of an inspection row: its fields checked by the domain schema. */
function toInspection(row: InspectionsTable): InspectionRow {
  return { ...row, etape: row.etape as Etape, fields: inspectionFieldsSchema.parse(JSON.parse(row.fields)) };
}

export async function findInspection(db: Db, devisId: string, etape: Etape): Promise<InspectionRow | undefined> {
  const row = await db.selectFrom('inspections').selectAll().where('devisId', '=', devisId).where('etape', '=', etape).executeTakeFirst();
  return row ? toInspection(row) : undefined;
}

export async function listInspectionsOf(db: Db, devisIds: readonly string[]): Promise<InspectionRow[]> {
  const rows = await db.selectFrom('inspections').selectAll().where('devisId', 'in', devisIds).execute();
  return rows.map(toInspection);
}

/** Inserts a completed inspection; false when the quote already has one for this step (unique constraint). */
export async function insertInspection(trx: Db, row: Omit<InspectionRow, 'fields'> & { fields: InspectionFields }): Promise<boolean> {
  const inserted = await trx
    .insertInto('inspections')
    .values({ ...row, fields: JSON.stringify(row.fields) })
    .onConflict((oc) => oc.columns(['devisId', 'etape']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findPhoto(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('inspection_photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The photos of a quote, of one step or both, in the order they were received. */
export function listPhotos(db: Db, devisId: string, etape?: Etape): Promise<PhotoRow[]> {
  let query = db.selectFrom('inspection_photos').selectAll().where('devisId', '=', devisId);
  if (etape) query = query.where('etape', '=', etape);
  return query.orderBy('uploadedAt').orderBy('id').execute();
}

export function countPhotos(db: Db, devisId: string, etape: Etape): Promise<number> {
  return countRows(db.selectFrom('inspection_photos').where('devisId', '=', devisId).where('etape', '=', etape));
}

/** Records a received photo; false when its id is taken already (the same photo sent again, or a race). */
export async function insertPhoto(db: Db, row: PhotoRow): Promise<boolean> {
  const inserted = await db
    .insertInto('inspection_photos')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes a photo of an inspection not yet completed; returns it, or undefined. */
export function deleteDraftPhoto(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.deleteFrom('inspection_photos').where('id', '=', id).where('completed', '=', 0).returningAll().executeTakeFirst();
}

/**
 * At completion: the photos the inspection keeps become part of it; the others received for
 * it (taken then removed on the phone while offline) are dropped and returned, so their files
 * can go. Nothing of a completed inspection is touched.
 */
export async function settlePhotos(trx: Db, devisId: string, etape: Etape, keep: readonly string[]): Promise<PhotoRow[]> {
  if (keep.length > 0) {
    await trx
      .updateTable('inspection_photos')
      .set({ completed: 1 })
      .where('devisId', '=', devisId)
      .where('etape', '=', etape)
      .where('id', 'in', keep)
      .execute();
  }
  return trx
    .deleteFrom('inspection_photos')
    .where('devisId', '=', devisId)
    .where('etape', '=', etape)
    .where('completed', '=', 0)
    .returningAll()
    .execute();
}

/** The quotes of the planning: en cours (to carry out) and envoyé (for information). */
export function listPlanningQuotes(db: Db) {
  return db.selectFrom('devis').selectAll().where('statut', 'in', ['en cours', 'envoyé']).orderBy('numeroDevis').execute();
}

export function findFeedToken(db: Db) {
  return db.selectFrom('planning_feed').selectAll().where('id', '=', 'planning').executeTakeFirst();
}

export async function replaceFeedToken(trx: Db, tokenSha256: string, createdAt: string): Promise<void> {
  await trx.deleteFrom('planning_feed').where('id', '=', 'planning').execute();
  await trx.insertInto('planning_feed').values({ id: 'planning', tokenSha256, createdAt }).execute();
}
