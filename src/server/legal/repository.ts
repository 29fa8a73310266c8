import type { Db } from '#server/db/index.ts';
import type { CgvVersionsTable, RetractationsTable } from '#server/db/schema.ts';

export const findCgvBySha256 = (db: Db, sha256: string) =>
  db.selectFrom('cgv_versions').selectAll().where('sha256', '=', sha256).executeTakeFirst();

export const findCgvVersion = (db: Db, version: number) =>
  db.selectFrom('cgv_versions').selectAll().where('version', '=', version).executeTakeFirst();

/** Adds a text as the next version; the UNIQUE sha256 and the primary key refuse a second writer of the same one. */
export async function insertCgvVersion(trx: Db, row: Omit<CgvVersionsTable, 'version'>): Promise<CgvVersionsTable> {
  const last = await trx
    .selectFrom('cgv_versions')
    .select((eb) => eb.fn.max<number | null>('version').as('last'))
    .executeTakeFirst();
  const version = (Number(last?.last ?? 0) || 0) + 1;
  await trx
    .insertInto('cgv_versions')
    .values({ version, ...row })
    .execute();
  return { version, ...row };
}

export const findRetractation = (db: Db, devisId: string) =>
  db.selectFrom('retractations').selectAll().where('devisId', '=', devisId).executeTakeFirst();

export async function insertRetractation(trx: Db, row: RetractationsTable): Promise<void> {
  await trx.insertInto('retractations').values(row).execute();
}
