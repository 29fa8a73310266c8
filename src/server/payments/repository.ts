import { randomUUID } from 'node:crypto';
import type { ReminderStep } from '#domain/payments.ts';
import type { CsvMapping } from '#domain/schemas/payments.ts';
import { csvMappingSchema } from '#domain/schemas/payments.ts';
import { sql } from 'kysely';
import type { Db } from '#server/db/index.ts';
import type {
  PaiementEvenementsTable,
  PaiementSessionRow,
  PaiementSessionsTable,
  ReleveOperationRow,
  ReleveOperationStatut,
  ReleveOperationsTable,
  RelevesTable,
  RemboursementCarteRow,
  RemboursementsCarteTable,
} from '#server/db/schema.ts';

/** All the SQL of payments/: online payment attempts, provider events, statements, reminders. */

// ——— Online payment attempts ———

export async function insertPaymentSession(
  trx: Db,
  session: Pick<PaiementSessionsTable, 'factureId' | 'fournisseur' | 'montantCentimes' | 'devise'>,
): Promise<PaiementSessionRow> {
  const now = new Date().toISOString();
  return trx
    .insertInto('paiement_sessions')
    .values({
      ...session,
      id: randomUUID(),
      statut: 'création',
      sessionId: null,
      url: null,
      expireLe: null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePaymentSession(
  db: Db,
  id: string,
  changes: Partial<Pick<PaiementSessionsTable, 'sessionId' | 'url' | 'statut' | 'expireLe'>>,
) {
  return db
    .updateTable('paiement_sessions')
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A page still open for this invoice and this amount (reused rather than opening another). */
export function findOpenPaymentSession(db: Db, factureId: string, montantCentimes: number, notExpiringBefore: string) {
  return db
    .selectFrom('paiement_sessions')
    .selectAll()
    .where('factureId', '=', factureId)
    .where('montantCentimes', '=', montantCentimes)
    .where('statut', '=', 'ouverte')
    .where('expireLe', '>', notExpiringBefore)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

export function findPaymentSessionByProviderId(db: Db, sessionId: string) {
  return db.selectFrom('paiement_sessions').selectAll().where('sessionId', '=', sessionId).executeTakeFirst();
}

/** The latest attempt of an invoice (the return page shows it). */
export function findLatestPaymentSession(db: Db, factureId: string) {
  return db.selectFrom('paiement_sessions').selectAll().where('factureId', '=', factureId).orderBy('createdAt', 'desc').executeTakeFirst();
}

// ——— Provider events ———

/** Records an event's id; false when it was recorded before (a replay: applied once already). */
export async function claimProviderEvent(trx: Db, event: Omit<PaiementEvenementsTable, 'resultat' | 'detail'>): Promise<boolean> {
  const row = await trx
    .insertInto('paiement_evenements')
    .values({ ...event, resultat: 'ignoré', detail: null })
    .onConflict((oc) => oc.columns(['fournisseur', 'id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function recordEventOutcome(
  trx: Db,
  key: Pick<PaiementEvenementsTable, 'fournisseur' | 'id'>,
  outcome: Pick<PaiementEvenementsTable, 'resultat' | 'detail'>,
) {
  return trx.updateTable('paiement_evenements').set(outcome).where('fournisseur', '=', key.fournisseur).where('id', '=', key.id).execute();
}

export function listRefusedEvents(db: Db, limit: number) {
  return db.selectFrom('paiement_evenements').selectAll().where('resultat', '=', 'refusé').orderBy('recuLe', 'desc').limit(limit).execute();
}

// ——— Refunds on a card (decision 0089) ———

/** What the provider last said of the refunds of these payments (a withdrawal's negative payment, or the card payment money received in excess goes back on), by payment id. */
export async function listCardRefunds(db: Db, paiementIds: readonly string[]): Promise<Map<string, RemboursementCarteRow>> {
  if (paiementIds.length === 0) return new Map();
  const rows = await db.selectFrom('remboursements_carte').selectAll().where('paiementId', 'in', paiementIds).execute();
  return new Map(rows.map((row) => [row.paiementId, row]));
}

export function findCardRefundByProviderId(db: Db, fournisseur: RemboursementsCarteTable['fournisseur'], remboursementId: string) {
  return db
    .selectFrom('remboursements_carte')
    .selectAll()
    .where('fournisseur', '=', fournisseur)
    .where('remboursementId', '=', remboursementId)
    .executeTakeFirst();
}

/**
 * Records what the provider said of the refund of a payment: a new row, or the one there
 * updated (a new refund after a failed one, with its own amount; a later state of the same one).
 */
export async function saveCardRefund(
  trx: Db,
  refund: Pick<RemboursementsCarteTable, 'paiementId' | 'fournisseur' | 'remboursementId' | 'statut' | 'montantCentimes'>,
): Promise<void> {
  const now = new Date().toISOString();
  await trx
    .insertInto('remboursements_carte')
    .values({ ...refund, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column('paiementId').doUpdateSet({
        remboursementId: refund.remboursementId,
        statut: refund.statut,
        montantCentimes: refund.montantCentimes,
        updatedAt: now,
      }),
    )
    .execute();
}

// ——— Bank statements ———

export function insertStatement(trx: Db, statement: Omit<RelevesTable, 'id'>) {
  return trx
    .insertInto('releves')
    .values({ ...statement, id: randomUUID() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateStatementCounts(trx: Db, id: string, counts: Pick<RelevesTable, 'nbOperations' | 'nbNouvelles'>) {
  return trx.updateTable('releves').set(counts).where('id', '=', id).execute();
}

/** Inserts a statement line unless one with its key exists (the same statement imported again): the new row, or undefined. */
export function insertOperationOnce(trx: Db, operation: Omit<ReleveOperationsTable, 'id' | 'createdAt' | 'updatedAt'>) {
  const now = new Date().toISOString();
  return trx
    .insertInto('releve_operations')
    .values({ ...operation, id: randomUUID(), createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('cle').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findOperation(db: Db, id: string): Promise<ReleveOperationRow | undefined> {
  return db.selectFrom('releve_operations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a line on, only from the states given (compare-and-set): undefined when it had moved meanwhile. */
export function updateOperation(
  trx: Db,
  id: string,
  from: readonly ReleveOperationStatut[],
  changes: Partial<Pick<ReleveOperationsTable, 'statut' | 'factureId' | 'paiementId' | 'depenseId'>>,
) {
  return trx
    .updateTable('releve_operations')
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('statut', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/** Which of these expenses a statement line names already. */
export async function listExpensesOfOperations(db: Db, depenseIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('releve_operations').select('depenseId').where('depenseId', 'in', depenseIds).execute();
  return rows.map((row) => row.depenseId!);
}

/** Which of these payments a statement line was matched with already (a refund's debit), with that line's day. */
export async function listMatchedPayments(db: Db, paiementIds: readonly string[]): Promise<Map<string, string>> {
  if (paiementIds.length === 0) return new Map();
  const rows = await db.selectFrom('releve_operations').select(['paiementId', 'date']).where('paiementId', 'in', paiementIds).execute();
  return new Map(rows.map((row) => [row.paiementId!, row.date]));
}

/** The statement lines that name an expense forget it (the expense is deleted). */
export function clearOperationsExpense(trx: Db, depenseId: string) {
  return trx
    .updateTable('releve_operations')
    .set({ depenseId: null, updatedAt: new Date().toISOString() })
    .where('depenseId', '=', depenseId)
    .execute();
}

export function listOperations(
  db: Db,
  statuts: readonly ReleveOperationStatut[],
  { limit, withoutExpense = false }: { limit: number; withoutExpense?: boolean },
) {
  let query = db.selectFrom('releve_operations').selectAll().where('statut', 'in', statuts);
  if (withoutExpense) query = query.where('depenseId', 'is', null);
  return query.orderBy('date', 'desc').orderBy('createdAt', 'desc').limit(limit).execute();
}

/** The credits waiting for the administrator (« À faire »), latest first, each with the counts of all of them. */
export function listCreditsToHandle(db: Db, limit: number) {
  return db
    .selectFrom('releve_operations')
    .select([
      'id',
      'date',
      'montantCentimes',
      'contrepartie',
      'statut',
      sql<number>`count(*) over ()`.as('total'),
      sql<number>`sum(case when "statut" = ${'proposée'} then 1 else 0 end) over ()`.as('proposees'),
    ])
    .where('statut', 'in', ['proposée', 'à traiter'])
    .orderBy('date', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
}

export function listStatements(db: Db, limit: number) {
  return db.selectFrom('releves').selectAll().orderBy('importeLe', 'desc').limit(limit).execute();
}

export async function findCsvMapping(db: Db): Promise<CsvMapping | null> {
  const row = await db.selectFrom('banque_correspondances').select('correspondance').where('id', '=', 'csv').executeTakeFirst();
  if (!row) return null;
  return csvMappingSchema.parse(JSON.parse(row.correspondance));
}

export async function saveCsvMapping(db: Db, mapping: CsvMapping): Promise<void> {
  const values = { id: 'csv', correspondance: JSON.stringify(mapping), updatedAt: new Date().toISOString() };
  await db
    .insertInto('banque_correspondances')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet({ correspondance: values.correspondance, updatedAt: values.updatedAt }))
    .execute();
}

// ——— Reminders ———

/** Records that a step was sent; false when it was already (another instance, or an earlier run). */
export async function claimReminder(trx: Db, factureId: string, step: ReminderStep, at: Date): Promise<boolean> {
  const row = await trx
    .insertInto('relances')
    .values({ factureId, etape: step, envoyeeLe: at.toISOString(), outboxId: null })
    .onConflict((oc) => oc.columns(['factureId', 'etape']).doNothing())
    .returning('factureId')
    .executeTakeFirst();
  return row !== undefined;
}

export function setReminderMail(trx: Db, factureId: string, step: ReminderStep, outboxId: string | null) {
  return trx.updateTable('relances').set({ outboxId }).where('factureId', '=', factureId).where('etape', '=', step).execute();
}

export function listRemindersSent(db: Db, factureIds: readonly string[]) {
  return db.selectFrom('relances').selectAll().where('factureId', 'in', factureIds).orderBy('envoyeeLe').execute();
}

export function listStoppedReminders(db: Db, factureIds: readonly string[]) {
  return db.selectFrom('relance_arrets').select('factureId').where('factureId', 'in', factureIds).execute();
}

export async function setRemindersStopped(db: Db, factureId: string, stopped: boolean, byUserId: string): Promise<void> {
  if (!stopped) {
    await db.deleteFrom('relance_arrets').where('factureId', '=', factureId).execute();
    return;
  }
  await db
    .insertInto('relance_arrets')
    .values({ factureId, byUserId, arreteeLe: new Date().toISOString() })
    .onConflict((oc) => oc.column('factureId').doNothing())
    .execute();
}
