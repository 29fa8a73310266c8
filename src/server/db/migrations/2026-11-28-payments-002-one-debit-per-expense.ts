/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import { sql, type Kysely } from 'kysely';

/**
 * One bank debit per expense (decision 0075, addendum): a partial unique index on
 * `releve_operations.depenseId`, so that two debits linked to one expense at the same instant
 * (two tabs, PostgreSQL's read committed) cannot both be written; the service's check stays the
 * first answer, this index the backstop. A database that already holds such a pair keeps the
 * first link made (the earliest `updatedAt`, then the smallest id); the later debits are
 * freed, to be recorded again on /admin/banque, where they show as debits to handle.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update releve_operations set "depenseId" = null, "updatedAt" = ${new Date().toISOString()}
    where "depenseId" is not null and exists (
      select 1 from releve_operations earlier
      where earlier."depenseId" = releve_operations."depenseId"
        and (earlier."updatedAt" < releve_operations."updatedAt"
          or (earlier."updatedAt" = releve_operations."updatedAt" and earlier.id < releve_operations.id))
    )`.execute(db);
  await db.schema
    .createIndex('releve_operations_depense_unique')
    .on('releve_operations')
    .column('depenseId')
    .unique()
    .where(sql.ref('depenseId'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('releve_operations_depense_unique').execute();
}
