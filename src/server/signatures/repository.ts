import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/index.ts';
import type { SignaturesTable } from '#server/db/schema.ts';

export async function insertSignatureEvidence(trx: Db, evidence: Omit<SignaturesTable, 'id'>): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('signatures')
    .values({ ...evidence, id })
    .execute();
  return id;
}

/** Only when the signature it proves is taken back in the same transaction (the signed PDF could not be stored). */
export async function deleteSignatureEvidence(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('signatures').where('id', '=', id).execute();
}

/** The latest online signature of a quote, if any. */
export function findSignatureOf(db: Db, devisId: string) {
  return db.selectFrom('signatures').selectAll().where('devisId', '=', devisId).orderBy('signedAt', 'desc').limit(1).executeTakeFirst();
}
