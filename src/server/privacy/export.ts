import { parisToday } from '#domain/format.ts';
import { wantsTrackingSms } from '#server/notifications/service.ts';
import { positionsForExport } from '#server/tracking/service.ts';
import { privacyTexts as p } from '#domain/texts/privacy.ts';
import type { Viewer } from '#server/viewer.ts';
import { findUtilisateur } from '#server/accounts/service.ts';
import { AppError } from '#server/errors.ts';
import { rowToDevis } from '#server/quotes/service.ts';
import type { PrivacyDeps } from './service.ts';
import {
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
} from './repository.ts';

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
