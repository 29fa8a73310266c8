import type { FastifyBaseLogger } from 'fastify';
import { parsePrixFinal, type AdminListResponse, type DevisSummary, type ConfirmBody, type StatutFilter } from '#domain/schemas/admin.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply, nextStatut, TRANSITIONS, type QuoteAction, type Statut } from '#domain/statuses.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { AppError, conflict, notFound, unprocessable } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { renderQuotePdf } from '#server/pdf/quote-pdf.ts';
import { rowToDevis } from '#server/quotes/devis-mapper.ts';
import { deleteQuote, findQuoteById, listHistory, transitionQuote, undoTransition, type QuoteChanges } from '#server/quotes/repository.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { assertPdf } from '#server/files/pdf-check.ts';
import { quoteForSignatureMail } from './quote-mail.ts';
import { listArchivedQuotes, listGroups, listQuotesOfGroups, refreshSearchIndex } from './repository.ts';

export type AdminDeps = {
  database: DatabaseHandle;
  mailer: Mailer;
  fileStore: FileStore;
  config: Config;
  log: FastifyBaseLogger;
};
type Admin = { id: string };

/** Quotes a group shows in the list; the rest come with `groupe`. */
const DEVIS_PER_GROUP = 50;
const GROUP_MAX = 1000;

export const signedFileKey = (id: string) => `devis-signes/${id}.pdf`;

export async function listAdminQuotes(
  deps: AdminDeps,
  query: { q: string; statut: StatutFilter; page: number; groupsPerPage: number; groupe?: string },
): Promise<AdminListResponse> {
  const filter = { q: query.q, statut: query.statut };
  if (filter.q.trim() !== '') await refreshSearchIndex(deps.database);
  const { db } = deps.database;

  if (query.groupe !== undefined) {
    const devis = (await listQuotesOfGroups(db, filter, [query.groupe], GROUP_MAX)).map(({ groupe: _groupe, ...summary }) => summary);
    return {
      groups: devis.length ? [{ email: query.groupe, count: devis.length, derniereActivite: devis[0]!.updatedAt, devis }] : [],
      page: 1,
      groupsPerPage: 1,
      totalGroups: devis.length ? 1 : 0,
      totalDevis: devis.length,
      devisPerGroup: GROUP_MAX,
    };
  }

  const { groups, totalGroups, totalDevis } = await listGroups(db, filter, {
    limit: query.groupsPerPage,
    offset: (query.page - 1) * query.groupsPerPage,
  });
  const rows = await listQuotesOfGroups(
    db,
    filter,
    groups.map((group) => group.email),
    DEVIS_PER_GROUP,
  );
  const byGroup = new Map<string, DevisSummary[]>();
  for (const { groupe, ...summary } of rows) {
    const list = byGroup.get(groupe) ?? [];
    list.push(summary);
    byGroup.set(groupe, list);
  }
  return {
    groups: groups.map((group) => ({ ...group, devis: byGroup.get(group.email) ?? [] })),
    page: query.page,
    groupsPerPage: query.groupsPerPage,
    totalGroups,
    totalDevis,
    devisPerGroup: DEVIS_PER_GROUP,
  };
}

async function requireQuote(deps: AdminDeps, id: string): Promise<DevisRow> {
  const row = await findQuoteById(deps.database.db, id);
  if (!row) throw notFound(texts.quoteNotFound);
  return row;
}

export async function getAdminQuote(deps: AdminDeps, id: string): Promise<Devis> {
  const row = await requireQuote(deps, id);
  return { ...rowToDevis(row), historique: await listHistory(deps.database.db, id) };
}

export function listArchives(deps: AdminDeps): Promise<DevisSummary[]> {
  return listArchivedQuotes(deps.database.db);
}

/** Applies one admin action of the transition table, or answers 409 when the status forbids it. */
async function applyAction(deps: AdminDeps, admin: Admin, id: string, action: QuoteAction, changes?: QuoteChanges): Promise<DevisRow> {
  const row = await requireQuote(deps, id);
  const from = row.statut;
  const to = nextStatut('admin', action, from);
  if (!to) throw conflict();
  const updated = await transitionQuote(deps.database, { id, expected: from, to, changes, by: { userId: admin.id, role: 'admin' } });
  if (!updated) throw conflict();
  return updated;
}

export const confirmSigned = (deps: AdminDeps, admin: Admin, id: string) => applyAction(deps, admin, id, 'confirmSigned').then(rowToDevis);
export const finishMission = (deps: AdminDeps, admin: Admin, id: string) => applyAction(deps, admin, id, 'finish').then(rowToDevis);
export const archiveQuote = (deps: AdminDeps, admin: Admin, id: string) =>
  applyAction(deps, admin, id, 'archive', { archive: 1 }).then(rowToDevis);
export const restoreQuote = (deps: AdminDeps, admin: Admin, id: string) =>
  applyAction(deps, admin, id, 'restore', { archive: 0 }).then(rowToDevis);

/** Deletes the quote in any status the table allows, then its signed PDF (a leftover file is harmless, a dangling link is not). */
export async function removeQuote(deps: AdminDeps, id: string): Promise<void> {
  const deleted = await deleteQuote(deps.database, { id, expected: TRANSITIONS.admin.delete?.from ?? [] });
  if (!deleted) throw notFound(texts.quoteNotFound);
  try {
    await deps.fileStore.delete(signedFileKey(id));
  } catch (error) {
    deps.log.warn({ err: error, devisId: id }, 'signed PDF of a deleted quote could not be removed');
  }
}

/**
 * Stores the final price and clauses, sets confirmé, then (outside any transaction) renders
 * the PDF and e-mails it; once the mailer accepted it the quote becomes envoyé. When sending
 * fails the quote stays confirmé and can be confirmed again.
 */
export async function confirmQuote(deps: AdminDeps, admin: Admin, id: string, body: ConfirmBody): Promise<Devis> {
  const prix = parsePrixFinal(body.prixFinal);
  if (!prix.ok) throw unprocessable(prix.message);
  const row = await requireQuote(deps, id);
  const from = row.statut;
  if (!canApply('admin', 'confirm', from)) throw conflict();
  const to = clientEmailOf(row);
  if (!to) throw unprocessable(texts.clientEmailMissing);

  const confirmed = await transitionQuote(deps.database, {
    id,
    expected: from,
    to: 'confirmé',
    changes: { prixCentimes: prix.centimes, clauses: { km: body.clauses.km, longDistance: body.clauses.longDistance } },
    by: { userId: admin.id, role: 'admin' },
  });
  if (!confirmed) throw conflict();
  const devis = rowToDevis(confirmed);

  try {
    const pdf = await renderQuotePdf(devis, { business: deps.config.business, contact: deps.config.contact });
    await deps.mailer.send({
      to,
      ...quoteForSignatureMail(devis, deps.config),
      attachments: [{ filename: `devis-${devis.numeroDevis}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    deps.log.warn({ err: error, devisId: id }, 'confirmed quote could not be sent; its status stays as it is');
    throw new AppError('unavailable', texts.confirmFailure, { statusCode: 502, cause: error });
  }

  const sent = await transitionQuote(deps.database, {
    id,
    expected: 'confirmé',
    to: 'envoyé' satisfies Statut,
    by: { userId: admin.id, role: 'admin' },
  });
  return rowToDevis(sent ?? (await requireQuote(deps, id)));
}

function clientEmailOf(row: DevisRow): string | null {
  return row.clientDetails?.email.trim() || row.email?.trim() || null;
}

/**
 * Moves the quote to en cours, then stores the checked signed PDF as devis-signes/{id}.pdf.
 *
 * The spec fixes the key, so a file written before the decision would replace the previous
 * signed PDF even when the upload is then refused. The compare-and-set on the status comes
 * first, and only an accepted upload writes the file: a 409 leaves the stored PDF untouched.
 * Both stores replace a key whole (temporary file then rename; S3 PutObject), so a failed
 * write leaves the previous file as it was; the transition is then taken back, unless the
 * quote changed since, and the administrator gets a 503 and can upload again. Until the
 * write lands, a download serves the previous file (or none on a first upload). Two
 * re-uploads at the same moment are both accepted and recorded; the file is the last written.
 */
export async function uploadSignedQuote(deps: AdminDeps, admin: Admin, id: string, content: Buffer): Promise<Devis> {
  const row = await requireQuote(deps, id);
  const from = row.statut;
  const to = nextStatut('admin', 'uploadSigned', from);
  if (!to) throw conflict();
  await assertPdf(content);
  const key = signedFileKey(id);
  const updated = await transitionQuote(deps.database, {
    id,
    expected: from,
    to,
    changes: { signedFileKey: key },
    by: { userId: admin.id, role: 'admin' },
    recordSameStatus: true,
  });
  if (!updated) throw conflict();
  try {
    await deps.fileStore.put(key, content, 'application/pdf');
  } catch (error) {
    const undone = await undoTransition(deps.database, {
      done: updated,
      restore: { statut: row.statut, signedFileKey: row.signedFileKey },
    }).catch((undoError: unknown) => {
      deps.log.error({ err: undoError, devisId: id }, 'upload of a signed PDF could not be taken back');
      return false;
    });
    deps.log.warn({ err: error, devisId: id, undone }, 'signed PDF could not be stored');
    throw new AppError('unavailable', adminTexts.uploadStoreFailure, { cause: error });
  }
  return rowToDevis(updated);
}
