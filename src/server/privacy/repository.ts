import { sql } from 'kysely';
import type { RetentionPeriods } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { toJsonColumns } from '#server/db/json-columns.ts';

/** The account's own row (better-auth's `user`), as the export shows it: never a secret. */
export function findAccount(db: Db, userId: string) {
  return db.selectFrom('user').select(['id', 'email', 'name', 'emailVerified', 'createdAt']).where('id', '=', userId).executeTakeFirst();
}

/**
 * A customer's quotes: those of his account, and those kept under his (verified) e-mail
 * without an account yet (imported ones, that become his at sign-in).
 */
export function listQuotesOf(db: Db, user: { id: string; email: string }): Promise<DevisRow[]> {
  return db
    .selectFrom('devis')
    .selectAll()
    .where((eb) => eb.or([eb('uid', '=', user.id), eb.and([eb('uid', 'is', null), eb('email', '=', user.email)])]))
    .orderBy('numeroDevis')
    .execute();
}

export function listHistoriesOf(db: Db, devisIds: readonly string[]) {
  return db
    .selectFrom('devis_historique')
    .select(['devisId', 'fromStatut', 'toStatut', 'byRole', 'at', 'event', 'byName'])
    .where('devisId', 'in', devisIds)
    .orderBy('id')
    .execute();
}

/** A session as the export shows it: never its token. */
export type SessionExport = { createdAt: string; updatedAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null };

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export async function listSessionsOf(db: Db, userId: string): Promise<SessionExport[]> {
  const { rows } = await sql<SessionExport>`select ${sql.ref('createdAt')}, ${sql.ref('updatedAt')}, ${sql.ref('expiresAt')}, ${sql.ref(
    'ipAddress',
  )}, ${sql.ref('userAgent')} from ${sql.table('session')} where ${sql.ref('userId')} = ${userId} order by ${sql.ref('createdAt')}`.execute(
    db,
  );
  return rows.map((row) => ({ ...row, createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt), expiresAt: isoOf(row.expiresAt) }));
}

/** Whether the account signs in with a second factor (better-auth's `user.twoFactorEnabled`). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const { rows } = await sql<{ on: unknown }>`select ${sql.ref('twoFactorEnabled')} as ${sql.ref('on')} from ${sql.table(
    'user',
  )} where ${sql.ref('id')} = ${userId}`.execute(db);
  return Boolean(rows[0]?.on);
}

/** The audit journal's entries about the account or made by it, oldest first. */
export function listJournalOf(db: Db, user: { id: string; email: string }) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'kind', 'numeroDevis', 'ip', 'actorId'])
    .where((eb) =>
      eb.or([eb('compteId', '=', user.id), eb('actorId', '=', user.id), eb(eb.fn('lower', ['actorEmail']), '=', user.email.toLowerCase())]),
    )
    .orderBy('id')
    .execute();
}

/** Issued invoices and credit notes addressed to him (drafts are the business's work in progress). */
export function listIssuedDocumentsOf(db: Db, userId: string, devisIds: readonly string[]) {
  return db
    .selectFrom('factures')
    .selectAll()
    .where('statut', '=', 'émise')
    .where((eb) => eb.or([eb('uid', '=', userId), eb('devisId', 'in', devisIds)]))
    .orderBy('emiseLe')
    .execute();
}

export function listInvoiceLines(db: Db, factureIds: readonly string[]) {
  return db.selectFrom('facture_lignes').selectAll().where('factureId', 'in', factureIds).orderBy('position').execute();
}

export function listSignaturesOf(db: Db, userId: string) {
  return db.selectFrom('signatures').selectAll().where('userId', '=', userId).orderBy('signedAt').execute();
}

export function listInspectionsOf(db: Db, devisIds: readonly string[]) {
  return db.selectFrom('inspections').select(['devisId', 'numeroDevis', 'etape', 'completedAt']).where('devisId', 'in', devisIds).execute();
}

export function listPhotosOf(db: Db, devisIds: readonly string[]) {
  return db
    .selectFrom('inspection_photos')
    .select(['devisId', 'etape', 'emplacement', 'takenAt', 'uploadedAt'])
    .where('devisId', 'in', devisIds)
    .where('completed', '=', 1)
    .orderBy('uploadedAt')
    .execute();
}

export function listMailsTo(db: Db, email: string) {
  return db
    .selectFrom('outbox')
    .select(['kind', 'subject', 'status', 'createdAt', 'sentAt', 'devisId'])
    .where('recipient', '=', email)
    .orderBy('createdAt')
    .execute();
}

export async function findStatusUpdatesChoice(db: Db, uid: string): Promise<boolean | null> {
  const row = await db.selectFrom('notification_preferences').select('statusUpdates').where('uid', '=', uid).executeTakeFirst();
  return row ? Boolean(row.statusUpdates) : null;
}

/** Quote ids that an invoice or credit note (draft or issued) refers to. */
export async function quotesWithInvoices(db: Db, devisIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('factures').select('devisId').distinct().where('devisId', 'in', devisIds).execute();
  return new Set(rows.map((row) => row.devisId));
}

/** Quote ids that carry contractual evidence: an online signature, an inspection report. */
export async function quotesWithEvidence(db: Db, devisIds: readonly string[]): Promise<Set<string>> {
  const [signed, inspected] = await Promise.all([
    db.selectFrom('signatures').select('devisId').where('devisId', 'in', devisIds).execute(),
    db.selectFrom('inspections').select('devisId').where('devisId', 'in', devisIds).execute(),
  ]);
  return new Set([...signed, ...inspected].map((row) => row.devisId));
}

export type AnonymisedQuote = Pick<
  DevisRow,
  'adresseDepart' | 'adresseArrivee' | 'clientDetails' | 'priseInfo' | 'livraisonInfo' | 'infosVehicule' | 'sentPdfKey' | 'sentPdfSha256'
>;

/** Writes a quote's anonymised fields; what names a person and is not listed here is cleared. */
export async function anonymiseQuote(trx: Db, id: string, values: AnonymisedQuote, now: string): Promise<void> {
  await trx
    .updateTable('devis')
    .set({
      ...toJsonColumns({
        clientDetails: values.clientDetails,
        priseInfo: values.priseInfo,
        livraisonInfo: values.livraisonInfo,
        infosVehicule: values.infosVehicule,
        contactDepart: null,
        contactArrivee: null,
      }),
      adresseDepart: values.adresseDepart,
      adresseArrivee: values.adresseArrivee,
      sentPdfKey: values.sentPdfKey,
      sentPdfSha256: values.sentPdfSha256,
      uid: null,
      email: null,
      commentaire: null,
      updatedAt: now,
      version: sql<number>`${sql.ref('version')} + 1`,
    })
    .where('id', '=', id)
    .execute();
}

/** The quotes' history without the names it recorded, and without the customer's id; their search text goes (rebuilt on the next search). */
export async function anonymiseHistoryAndSearch(trx: Db, devisIds: readonly string[], userId: string): Promise<void> {
  await trx.updateTable('devis_historique').set({ byName: null }).where('devisId', 'in', devisIds).execute();
  await trx.deleteFrom('devis_search').where('devisId', 'in', devisIds).execute();
  await trx.updateTable('devis_historique').set({ byUserId: null }).where('byUserId', '=', userId).execute();
}

/**
 * Removes the account and everything hung on it: sessions, better-auth accounts (password
 * hash), pending verification and reset links, profile, notification choice, and the e-mails
 * to his address still in the outbox (except one being sent right now, that the worker holds;
 * it goes with the retention of sent e-mails).
 */
export async function deleteAccountRows(trx: Db, user: { id: string; email: string }): Promise<void> {
  await sql`delete from ${sql.table('session')} where ${sql.ref('userId')} = ${user.id}`.execute(trx);
  await sql`delete from ${sql.table('verification')} where ${sql.ref('value')} = ${user.id} or ${sql.ref('identifier')} = ${user.email}`.execute(
    trx,
  );
  await sql`delete from ${sql.table('twoFactor')} where ${sql.ref('userId')} = ${user.id}`.execute(trx);
  await trx.deleteFrom('totp_last_step').where('userId', '=', user.id).execute();
  await trx.deleteFrom('account').where('userId', '=', user.id).execute();
  await trx.deleteFrom('notification_preferences').where('uid', '=', user.id).execute();
  await trx.deleteFrom('utilisateurs').where('uid', '=', user.id).execute();
  await trx.deleteFrom('outbox').where('recipient', '=', user.email).where('status', '<>', 'sending').execute();
  await trx.deleteFrom('user').where('id', '=', user.id).execute();
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const ms = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/**
 * The retention's deletes by age (privacy/retention.ts): sent or cancelled e-mails, expired
 * sessions and links, and the counters whose window ended. Returns how many rows of each went.
 */
export async function deleteExpiredRows(db: Db, periods: RetentionPeriods, now: Date) {
  const at = now.getTime();
  const iso = (ageMs: number) => new Date(at - ageMs).toISOString();

  const sentMails = await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sentAt', '<', iso(periods.sentMailDays * DAY_MS))]),
        eb.and([eb('status', '=', 'cancelled'), eb('createdAt', '<', iso(periods.sentMailDays * DAY_MS))]),
      ]),
    )
    .executeTakeFirst();

  // better-auth's own tables: dates are ISO text on SQLite and timestamptz on PostgreSQL; an
  // ISO parameter compares right on both.
  const sessions =
    await sql`delete from ${sql.table('session')} where ${sql.ref('expiresAt')} < ${iso(periods.expiredSessionDays * DAY_MS)}`.execute(db);
  const verifications = await sql`delete from ${sql.table('verification')} where ${sql.ref('expiresAt')} < ${iso(
    periods.verificationDays * DAY_MS,
  )}`.execute(db);
  const throttles = await db
    .deleteFrom('auth_throttle')
    .where('windowStart', '<', at - periods.throttleHours * HOUR_MS)
    .executeTakeFirst();
  const rateLimits =
    await sql`delete from ${sql.table('rateLimit')} where ${sql.ref('lastRequest')} < ${at - periods.throttleHours * HOUR_MS}`.execute(db);

  return {
    sentMails: ms(sentMails.numDeletedRows),
    sessions: ms(sessions.numAffectedRows),
    verifications: ms(verifications.numAffectedRows),
    throttles: ms(throttles.numDeletedRows),
    rateLimits: ms(rateLimits.numAffectedRows),
  };
}
