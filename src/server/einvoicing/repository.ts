import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/index.ts';
import { countRows } from '#server/db/count.ts';
import type { PaAchatsTable, PaAnnuaireRow, PaFluxRow, PaFluxTable, PaStatutsTable } from '#server/db/schema.ts';
import { updateClaimed } from '#server/outbox/lease-queue.ts';

// ——— Flows we send ———

export type NewFlow = Pick<
  PaFluxTable,
  'kind' | 'factureId' | 'achatId' | 'periode' | 'trackingId' | 'name' | 'flowSyntax' | 'processingRule' | 'payload'
> &
  Partial<Pick<PaFluxTable, 'contentDigest'>>;

export async function insertFlow(db: Db, flow: NewFlow, now: Date): Promise<PaFluxRow> {
  const at = now.toISOString();
  return db
    .insertInto('pa_flux')
    .values({ ...flow, id: randomUUID(), status: 'pending', attempts: 0, nextAttemptAt: at, createdAt: at, updatedAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The latest flow of an invoice (its submission). */
export const findInvoiceFlow = (db: Db, factureId: string) =>
  db
    .selectFrom('pa_flux')
    .selectAll()
    .where('factureId', '=', factureId)
    .where('kind', '=', 'facture')
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();

export const listInvoiceFlows = (db: Db, factureIds: readonly string[]) =>
  db.selectFrom('pa_flux').selectAll().where('factureId', 'in', factureIds).where('kind', '=', 'facture').execute();

/** Invoices whose submission is in one of `statuses` and has no platform status yet (`sent`: awaiting its first). */
export async function invoiceIdsBySendingStatus(db: Db, statuses: PaFluxRow['status'][]): Promise<string[]> {
  const rows = await db
    .selectFrom('pa_flux as f')
    .select('f.factureId')
    .where('f.kind', '=', 'facture')
    .where('f.status', 'in', statuses)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('pa_statuts as s').select('s.id').whereRef('s.factureId', '=', 'f.factureId'))),
    )
    .execute();
  return rows.map((row) => row.factureId!);
}

/** Sent flows whose acknowledgement the platform has not given yet. */
export const listAwaitingAcknowledgement = (db: Db) =>
  db
    .selectFrom('pa_flux')
    .selectAll()
    .where('status', '=', 'sent')
    .where('ackStatus', '=', 'Pending')
    .orderBy('submittedAt')
    .limit(200)
    .execute();

type Claimed = Pick<PaFluxRow, 'id' | 'attempts'>;

/** The platform has the flow: its id and acknowledgement, while this worker's claim holds. */
export async function markFlowSent(db: Db, claimed: Claimed, sent: { flowId: string; submittedAt: string; ackStatus: string }, now: Date) {
  const row = await updateClaimed(db, 'pa_flux', claimed)
    .set({ ...sent, status: 'sent', leaseUntil: null, lastError: null, updatedAt: now.toISOString() } as never)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Refused for good (by our checks: `invalid`; by the platform's answer: `failed`), with the reason. */
export async function markFlowRefused(db: Db, claimed: Claimed, status: 'invalid' | 'failed', reason: string, now: Date) {
  await updateClaimed(db, 'pa_flux', claimed)
    .set({ status, lastError: reason, leaseUntil: null, updatedAt: now.toISOString() } as never)
    .execute();
}

export async function recordAcknowledgement(db: Db, id: string, ack: { ackStatus: string; ackReason: string | null }, now: Date) {
  await db
    .updateTable('pa_flux')
    .set({ ...ack, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Sends a flow that failed, or was refused by our checks, again now (the administrator's retry). */
export async function retryFlow(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('pa_flux')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now.toISOString(), lastError: null, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'invalid'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const listReportingFlowsOf = (db: Db, periodes: readonly string[]) =>
  periodes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('pa_flux')
        .selectAll()
        .where('kind', '=', 'e-reporting')
        .where('periode', 'in', periodes)
        .orderBy('createdAt')
        .execute();

// ——— Lifecycle statuses ———

export type NewStatus = Pick<PaStatutsTable, 'factureId' | 'achatId' | 'code' | 'reasonCode' | 'reason' | 'source' | 'flowId' | 'at'>;

/**
 * Records a status once per flow and code (a flow read twice adds nothing), and a platform's status
 * once per invoice (its acknowledgement and its message both say « Déposée »); true when it is new.
 */
export async function insertStatus(db: Db, status: NewStatus, now: Date): Promise<boolean> {
  if (status.source === 'plateforme' && status.factureId) {
    const known = await db
      .selectFrom('pa_statuts')
      .select('id')
      .where('factureId', '=', status.factureId)
      .where('code', '=', status.code)
      .where('source', '=', 'plateforme')
      .executeTakeFirst();
    if (known) return false;
  }
  const row = await db
    .insertInto('pa_statuts')
    .values({ ...status, id: randomUUID(), createdAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['flowId', 'code']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const listStatusesOf = (db: Db, column: 'factureId' | 'achatId', ids: readonly string[]) =>
  db.selectFrom('pa_statuts').selectAll().where(column, 'in', ids).orderBy('createdAt').orderBy('at').orderBy('id').execute();

/** Invoices whose latest status is `code` (the filter of /admin/factures). */
export async function invoiceIdsWithLatestStatus(db: Db, code: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pa_statuts as s')
    .select('s.factureId')
    .where('s.factureId', 'is not', null)
    .where('s.code', '=', code)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('pa_statuts as later')
            .select('later.id')
            .whereRef('later.factureId', '=', 's.factureId')
            .where((eb) =>
              eb.or([
                eb('later.createdAt', '>', eb.ref('s.createdAt')),
                eb.and([eb('later.createdAt', '=', eb.ref('s.createdAt')), eb('later.id', '>', eb.ref('s.id'))]),
              ]),
            ),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.factureId!);
}

// ——— Supplier invoices ———

export type NewPurchase = Omit<PaAchatsTable, 'id' | 'statut' | 'motifRefus' | 'depenseId' | 'devisId' | 'updatedAt'>;

/** Records a received invoice once per flow; the existing one when it was already read. */
export async function insertPurchase(db: Db, purchase: NewPurchase): Promise<{ id: string; isNew: boolean }> {
  const row = await db
    .insertInto('pa_achats')
    .values({
      ...purchase,
      id: randomUUID(),
      statut: 'reçue',
      motifRefus: null,
      depenseId: null,
      devisId: null,
      updatedAt: purchase.recuLe,
    })
    .onConflict((oc) => oc.column('flowId').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { id: row.id, isNew: true };
  const existing = await db.selectFrom('pa_achats').select('id').where('flowId', '=', purchase.flowId).executeTakeFirstOrThrow();
  return { id: existing.id, isNew: false };
}

export const purchaseExists = async (db: Db, flowId: string) =>
  (await db.selectFrom('pa_achats').select('id').where('flowId', '=', flowId).executeTakeFirst()) !== undefined;

export const listPurchases = (db: Db, { limit, offset }: { limit: number; offset: number }) =>
  db.selectFrom('pa_achats').selectAll().orderBy('recuLe', 'desc').orderBy('id').limit(limit).offset(offset).execute();

export const countPurchases = (db: Db) => countRows(db.selectFrom('pa_achats'));

/** The received invoices still to approve or refuse, oldest first, with how many there are in all (`total`). */
export const listPurchasesToDecide = (db: Db, limit: number) =>
  db
    .selectFrom('pa_achats')
    .select(['id', 'fournisseurNom', 'numero', 'totalTtcCentimes', 'recuLe', sql<number>`count(*) over ()`.as('total')])
    .where('statut', '=', 'reçue')
    .orderBy('recuLe')
    .orderBy('id')
    .limit(limit)
    .execute();

export const findPurchase = (db: Db, id: string) => db.selectFrom('pa_achats').selectAll().where('id', '=', id).executeTakeFirst();

/** The decision on a received invoice, once: false when it was already decided. */
export async function decidePurchase(
  db: Db,
  id: string,
  decision: { statut: 'approuvée' | 'refusée'; motifRefus: string | null; depenseId: string | null; devisId: string | null },
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('pa_achats')
    .set({ ...decision, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .where('statut', '=', 'reçue')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The approved purchases that became this expense forget it (the expense is deleted). */
export const clearPurchasesExpense = (trx: Db, depenseId: string) =>
  trx.updateTable('pa_achats').set({ depenseId: null }).where('depenseId', '=', depenseId).execute();

// ——— Directory ———

export const findDirectoryEntry = (db: Db, siren: string) =>
  db.selectFrom('pa_annuaire').selectAll().where('siren', '=', siren).executeTakeFirst();

export async function saveDirectoryEntry(db: Db, entry: PaAnnuaireRow): Promise<void> {
  await db
    .insertInto('pa_annuaire')
    .values(entry)
    .onConflict((oc) =>
      oc.column('siren').doUpdateSet({
        receives: entry.receives,
        addressingIdentifier: entry.addressingIdentifier,
        platformType: entry.platformType,
        checkedAt: entry.checkedAt,
      }),
    )
    .execute();
}

// ——— Where the polling left off ———

export const readCursor = async (db: Db, key: string) =>
  (await db.selectFrom('pa_sync').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;

export async function saveCursor(db: Db, key: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('pa_sync')
    .values({ key, value, updatedAt: now.toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now.toISOString() }))
    .execute();
}
