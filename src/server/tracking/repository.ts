import type { Db } from '#server/db/index.ts';
import { countRows } from '#server/db/count.ts';
import type { TrackingLinksTable, TrackingPositionsTable } from '#server/db/schema.ts';

export type TrackingLinkRow = TrackingLinksTable;
export type PositionRow = TrackingPositionsTable;

/** The link of a mission picked up; false when it has one already (the pickup recorded twice). */
export async function insertLink(db: Db, link: Pick<TrackingLinkRow, 'devisId' | 'tokenSha256' | 'startedAt'>): Promise<boolean> {
  const inserted = await db
    .insertInto('tracking_links')
    .values({ ...link, endedAt: null, approachNotifiedAt: null })
    .onConflict((oc) => oc.column('devisId').doNothing())
    .returning('devisId')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findLinkOf(db: Db, devisId: string) {
  return db.selectFrom('tracking_links').selectAll().where('devisId', '=', devisId).executeTakeFirst();
}

export function findLinkByToken(db: Db, tokenSha256: string) {
  return db.selectFrom('tracking_links').selectAll().where('tokenSha256', '=', tokenSha256).executeTakeFirst();
}

/** Ends the tracking of a mission (delivered, or finished otherwise); a second call changes nothing. */
export async function endLink(db: Db, devisId: string, at: string): Promise<void> {
  await db.updateTable('tracking_links').set({ endedAt: at }).where('devisId', '=', devisId).where('endedAt', 'is', null).execute();
}

/** Marks the « about 30 minutes » news queued; true for the one caller that marked it. */
export async function markApproachNotified(db: Db, devisId: string, at: string): Promise<boolean> {
  const row = await db
    .updateTable('tracking_links')
    .set({ approachNotifiedAt: at })
    .where('devisId', '=', devisId)
    .where('approachNotifiedAt', 'is', null)
    .returning('devisId')
    .executeTakeFirst();
  return row !== undefined;
}

/** The links still open (the retention task ends those whose mission ended without a delivery). */
export function listOpenLinks(db: Db) {
  return db.selectFrom('tracking_links').select(['devisId']).where('endedAt', 'is', null).execute();
}

export function findPositions(db: Db, ids: readonly string[]) {
  return db.selectFrom('tracking_positions').select(['id', 'devisId']).where('id', 'in', ids).execute();
}

/** Inserts the positions not stored yet (by id); returns how many were new. */
export async function insertPositions(db: Db, rows: readonly PositionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('tracking_positions')
    .values([...rows])
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The last position the phone read (by its time, not by arrival: offline ones come late). */
export function findLastPosition(db: Db, devisId: string) {
  return db
    .selectFrom('tracking_positions')
    .selectAll()
    .where('devisId', '=', devisId)
    .orderBy('takenAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every position of some missions, in the order they were read (the customer's data export). */
export function listPositionsOf(db: Db, devisIds: readonly string[]) {
  return db
    .selectFrom('tracking_positions')
    .selectAll()
    .where('devisId', 'in', devisIds)
    .orderBy('devisId')
    .orderBy('takenAt')
    .orderBy('id')
    .execute();
}

/** Deletes the positions, and the links, of the missions whose tracking ended before `before`. */
export async function deleteEndedBefore(db: Db, before: string): Promise<{ positions: number; links: number }> {
  const ended = db.selectFrom('tracking_links').select('devisId').where('endedAt', '<', before);
  const positions = await db.deleteFrom('tracking_positions').where('devisId', 'in', ended).executeTakeFirst();
  const links = await db.deleteFrom('tracking_links').where('endedAt', '<', before).executeTakeFirst();
  return { positions: Number(positions.numDeletedRows), links: Number(links.numDeletedRows) };
}

export function countPositions(db: Db, devisId: string): Promise<number> {
  return countRows(db.selectFrom('tracking_positions').where('devisId', '=', devisId));
}
