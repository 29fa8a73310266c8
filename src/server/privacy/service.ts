import { parisToday } from '#domain/format.ts';
import { wantsTrackingSms } from '#server/notifications/service.ts';
import { positionsForExport } from '#server/tracking/service.ts';
import { privacyTexts as p, type BlockingQuote } from '#domain/texts/privacy.ts';
import type { AccountActionDeps } from '#server/accounts/action-deps.ts';
import type { Viewer } from '#server/viewer.ts';
import { findUtilisateur, isAccountPassword } from '#server/accounts/service.ts';
import { hitThrottle } from '#server/accounts/throttle.ts';
import { recordAudit } from '#server/audit/service.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { AppError, forbidden } from '#server/errors.ts';
import { accountDeletedMail } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import { rowToDevis } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import {
  anonymiseHistoryAndSearch,
  anonymiseQuote,
  deleteAccountRows,
  findAccount,
  hasTwoFactor,
  listJournalOf,
  findStatusUpdatesChoice,
  listHistoriesOf,
  listInspectionsOf,
  listInvoiceLines,
  listIssuedDocumentsOf,
  listMailsTo,
  listPhotosOf,
  listQuotesOf,
  listSessionsOf,
  listSignaturesOf,
  quotesWithEvidence,
  quotesWithInvoices,
  type AnonymisedQuote,
} from './repository.ts';

export type PrivacyDeps = AccountActionDeps & { fileStore: FileStore };

/** Statuses that keep an account open: a quote waiting for his signature, a mission under way. */
const BLOCKING_STATUTS = ['envoyé', 'en cours'] as const;
const isBlocking = (row: DevisRow): row is DevisRow & { statut: BlockingQuote['statut'] } =>
  (BLOCKING_STATUTS as readonly string[]).includes(row.statut);

/** Wrong passwords one account may send to the deletion before it is refused for a while. */
const DELETE_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 };

const k = p.documentKinds;

/**
 * Everything held about the account (RGPD articles 15 and 20), as one JSON document: the
 * account, the profile, the quotes with their history, the list of documents (not their
 * bytes), the issued invoices and credit notes addressed to him, the signatures he made, the
 * sessions (without their tokens) and the e-mails sent to him (subject and dates, not their
 * bodies: he holds them). Never a secret: no password hash, no token, no other account's row.
 */
export async function exportAccountData(deps: PrivacyDeps, viewer: Viewer, now = new Date()) {
  const db = deps.database.db;
  const user = await findAccount(db, viewer.id);
  if (!user) throw new AppError('unauthenticated');
  const quotes = await listQuotesOf(db, user);
  const ids = quotes.map((quote) => quote.id);
  const [histories, profile, statusUpdates, sessions, invoices, signatures, inspections, photos, mails, journal, twoFactor] =
    await Promise.all([
      listHistoriesOf(db, ids),
      findUtilisateur(db, user.id),
      findStatusUpdatesChoice(db, user.id),
      listSessionsOf(db, user.id),
      listIssuedDocumentsOf(db, user.id, ids),
      listSignaturesOf(db, user.id),
      listInspectionsOf(db, ids),
      listPhotosOf(db, ids),
      listMailsTo(db, user.email),
      listJournalOf(db, user),
      hasTwoFactor(db, user.id),
    ]);
  const lines = await listInvoiceLines(
    db,
    invoices.map((invoice) => invoice.id),
  );
  const numberOf = new Map(quotes.map((quote) => [quote.id, quote.numeroDevis]));
  const sentAt = (devisId: string) => histories.find((entry) => entry.devisId === devisId && entry.toStatut === 'envoyé')?.at ?? null;
  const signedAt = (devisId: string) => signatures.find((signature) => signature.devisId === devisId)?.signedAt ?? null;

  const documents = [
    ...quotes.flatMap((quote) => [
      ...(quote.sentPdfKey
        ? [{ numeroDevis: quote.numeroDevis, type: k.devisEnvoye, nom: `devis-${quote.numeroDevis}.pdf`, date: sentAt(quote.id) }]
        : []),
      ...(quote.signedFileKey
        ? [{ numeroDevis: quote.numeroDevis, type: k.devisSigne, nom: `devis-${quote.numeroDevis}-signe.pdf`, date: signedAt(quote.id) }]
        : []),
    ]),
    ...inspections.map((inspection) => ({
      numeroDevis: inspection.numeroDevis,
      type: k.pv,
      nom: `pv-${inspection.etape}-devis-${inspection.numeroDevis}.pdf`,
      date: inspection.completedAt,
    })),
    ...photos.map((photo) => ({
      numeroDevis: numberOf.get(photo.devisId) ?? null,
      type: k.photo,
      nom: `${photo.etape}-${photo.emplacement}.jpg`,
      date: photo.takenAt ?? photo.uploadedAt,
    })),
    ...invoices.map((invoice) => ({
      numeroDevis: invoice.numeroDevis,
      type: invoice.type === 'avoir' ? k.avoir : k.facture,
      nom: `${invoice.numero ?? invoice.id}.pdf`,
      date: invoice.dateEmission,
    })),
  ];

  return {
    exporteLe: now.toISOString(),
    aPropos: p.exportNotice,
    compte: {
      id: user.id,
      email: user.email,
      nom: user.name,
      emailVerifie: Boolean(user.emailVerified),
      creeLe: user.createdAt instanceof Date ? user.createdAt.toISOString() : String(user.createdAt),
    },
    profil: profile,
    preferences: { suiviParEmail: statusUpdates ?? true, suiviParSms: await wantsTrackingSms(db, user.id) },
    // Whether it is on, never its secret nor its backup codes.
    doubleAuthentification: { active: twoFactor },
    devis: quotes.map((quote) => ({
      ...rowToDevis(quote),
      historique: histories
        .filter((entry) => entry.devisId === quote.id)
        .map(({ fromStatut, toStatut, byRole, at, event, byName }) => ({ fromStatut, toStatut, byRole, at, event, byName })),
    })),
    documents,
    // The positions of his missions' live tracking, kept until TRACKING_RETENTION_DAYS after the delivery.
    positionsSuivi: (await positionsForExport(db, ids)).map(({ devisId, ...position }) => ({
      numeroDevis: numberOf.get(devisId) ?? null,
      ...position,
    })),
    factures: invoices.map((invoice) => ({
      numero: invoice.numero,
      type: invoice.type,
      numeroDevis: invoice.numeroDevis,
      dateEmission: invoice.dateEmission,
      dateEcheance: invoice.dateEcheance,
      datePrestation: invoice.datePrestation,
      client: { nom: invoice.clientNom, adresse: invoice.clientAdresse, email: invoice.clientEmail, siret: invoice.clientSiret },
      totalCentimes: invoice.totalCentimes,
      motif: invoice.motif,
      lignes: lines
        .filter((line) => line.factureId === invoice.id)
        .map(({ description, quantiteCentiemes, prixUnitaireCentimes, montantCentimes }) => ({
          description,
          quantiteCentiemes,
          prixUnitaireCentimes,
          montantCentimes,
        })),
    })),
    signatures: signatures.map((signature) => ({
      numeroDevis: signature.numeroDevis,
      signeLe: signature.signedAt,
      nom: signature.signerName,
      email: signature.signerEmail,
      adresseIp: signature.ipAddress,
      navigateur: signature.userAgent,
      consentement: signature.consentText,
      empreinteDocumentSigne: signature.signedSha256,
    })),
    sessions: sessions.map((session) => ({
      ouverteLe: session.createdAt,
      derniereActivite: session.updatedAt,
      expireLe: session.expiresAt,
      adresseIp: session.ipAddress,
      navigateur: session.userAgent,
    })),
    // The audit journal's entries about the account: its sign-ins, its security events, and what
    // the administrator did to its quotes (the administrator's own IP is not his data).
    journal: journal.map((entry) => ({
      le: entry.at,
      evenement: entry.kind,
      numeroDevis: entry.numeroDevis,
      adresseIp: entry.actorId === user.id ? entry.ip : null,
    })),
    emails: mails.map((mail) => ({
      sujet: mail.subject,
      type: mail.kind,
      statut: mail.status,
      creeLe: mail.createdAt,
      envoyeLe: mail.sentAt,
      numeroDevis: mail.devisId ? (numberOf.get(mail.devisId) ?? null) : null,
    })),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/** The export's file name: `mes-donnees-convoyage-2026-11-23.json` (the day in France). */
export const exportFileName = (now = new Date()) => `mes-donnees-convoyage-${parisToday(now)}.json`;

/**
 * What remains of an address once anonymised: the postcode and the town (« 69002 Lyon »),
 * the street and number dropped. A label without a postcode keeps its last part.
 */
export function cityOf(address: string): string {
  const trimmed = address.trim();
  const withPostcode = /\b(\d{5})\s+([^,\d]+?)\s*$/u.exec(trimmed);
  if (withPostcode) return `${withPostcode[1]} ${withPostcode[2]}`;
  if (/^[^,\d]+\(\d{5}\)$/u.test(trimmed)) return trimmed;
  const last = trimmed.split(',').at(-1)?.trim() ?? '';
  return /\d/.test(last) ? last.replace(/^\d+\s*(bis|ter)?\s*/iu, '').trim() : last;
}

/**
 * What a quote keeps when its customer leaves (docs/decisions/, "Account deletion"):
 * - always removed: the e-mail and account link, phones, the on-site contacts, the names in
 *   the pickup and delivery slots, the plate and VIN, the comment;
 * - a quote with an invoice or credit note, or a finished mission (still to be invoiced),
 *   keeps what an invoice names: the customer's name and SIRET, and the full route;
 *   any other quote keeps only the towns of its route;
 * - the PDF sent for signature of a quote that was never signed nor carried out is an offer
 *   nobody accepted: it is deleted (returned in `dropFile`); signed PDFs, inspection reports,
 *   photos, signature evidence and invoices are kept as they are.
 */
function anonymised(quote: DevisRow, keepsIdentity: boolean, keepsFiles: boolean): AnonymisedQuote & { dropFile: string | null } {
  const dropFile = !keepsFiles && quote.sentPdfKey ? quote.sentPdfKey : null;
  return {
    adresseDepart: keepsIdentity ? quote.adresseDepart : cityOf(quote.adresseDepart),
    adresseArrivee: keepsIdentity ? quote.adresseArrivee : cityOf(quote.adresseArrivee),
    clientDetails:
      keepsIdentity && quote.clientDetails
        ? {
            nom: quote.clientDetails.nom,
            email: '',
            telephone: '',
            ...(quote.clientDetails.siret ? { siret: quote.clientDetails.siret } : {}),
          }
        : null,
    priseInfo: quote.priseInfo
      ? { datePriseEnCharge: quote.priseInfo.datePriseEnCharge, debut: quote.priseInfo.debut, fin: quote.priseInfo.fin }
      : null,
    livraisonInfo: quote.livraisonInfo
      ? {
          dateLivraisonSouhaitee: quote.livraisonInfo.dateLivraisonSouhaitee,
          debut: quote.livraisonInfo.debut,
          fin: quote.livraisonInfo.fin,
        }
      : null,
    infosVehicule: quote.infosVehicule
      ? {
          immatriculation: '',
          marque: quote.infosVehicule.marque,
          modele: quote.infosVehicule.modele,
          motorisation: quote.infosVehicule.motorisation,
        }
      : null,
    sentPdfKey: dropFile ? null : quote.sentPdfKey,
    sentPdfSha256: dropFile ? null : quote.sentPdfSha256,
    dropFile,
  };
}

/**
 * Deletes the customer's account at his request (RGPD article 17), in one transaction:
 * refused for the administrator, for a wrong password (counted, a few tries then a delay),
 * and while a quote is `envoyé` or `en cours` (naming them). Otherwise the account and what
 * hangs on it are deleted, his quotes anonymised (see `anonymised`), and his last e-mail
 * queued with them.
 */
export async function deleteOwnAccount(deps: PrivacyDeps, viewer: Viewer, password: string): Promise<void> {
  const { database, log } = deps;
  if (viewer.role === 'admin') {
    log.warn({ userId: viewer.id }, 'refused: the administrator account cannot delete itself');
    throw forbidden(p.adminCannotBeDeleted);
  }
  const attempts = await hitThrottle(database.db, `delete-account:${viewer.id}`, DELETE_ATTEMPTS);
  if (attempts.isBlocked) throw new AppError('rate_limited', undefined, { details: { retryAfterSeconds: attempts.retryAfterSeconds } });

  if (!(await isAccountPassword(deps, viewer.id, password))) {
    log.warn({ userId: viewer.id }, 'refused: wrong password for the account deletion');
    throw new AppError('wrong_password', p.wrongPassword);
  }

  const filesToDrop: string[] = [];
  await withWriteTransaction(database, async (trx) => {
    const user = { id: viewer.id, email: viewer.email };
    const quotes = await listQuotesOf(trx, user);
    const blocking = quotes.filter(isBlocking);
    if (blocking.length > 0) {
      throw new AppError('active_quotes', p.activeQuotes(blocking.map(({ numeroDevis, statut }) => ({ numeroDevis, statut }))), {
        details: { devis: blocking.map((quote) => quote.numeroDevis) },
      });
    }
    const ids = quotes.map((quote) => quote.id);
    const [invoiced, evidenced] = await Promise.all([quotesWithInvoices(trx, ids), quotesWithEvidence(trx, ids)]);
    const now = new Date().toISOString();
    for (const quote of quotes) {
      const keepsIdentity = invoiced.has(quote.id) || quote.statut === 'terminé';
      const keepsFiles = keepsIdentity || evidenced.has(quote.id) || quote.signedFileKey !== null;
      const { dropFile, ...values } = anonymised(quote, keepsIdentity, keepsFiles);
      await anonymiseQuote(trx, quote.id, values, now);
      if (dropFile) filesToDrop.push(dropFile);
    }
    await anonymiseHistoryAndSearch(trx, ids, viewer.id);
    const profile = await findUtilisateur(trx, viewer.id);
    await deleteAccountRows(trx, user);
    // The journal keeps who left and when (its entries are append-only and go with AUDIT_RETENTION_DAYS).
    await recordAudit(trx, {
      kind: 'account.deleted',
      actorId: viewer.id,
      actorEmail: viewer.email,
      compteId: viewer.id,
      ip: deps.ip,
      details: { devis: quotes.length },
    });
    await enqueueMail(trx, {
      kind: 'account-deleted',
      to: viewer.email,
      ...accountDeletedMail({ name: profile?.nom ?? viewer.name, config: deps.config }),
    });
  });
  log.info({ userId: viewer.id, quotes: filesToDrop.length }, 'account deleted by its owner');
  deps.outbox.kick();
  // After the commit: a crash here leaves a file no row points to, never a row without its file.
  for (const key of filesToDrop) {
    await deps.fileStore
      .delete(key)
      .catch((error: unknown) => log.error({ err: error, key }, 'account deletion: an unsigned quote PDF could not be deleted'));
  }
}
