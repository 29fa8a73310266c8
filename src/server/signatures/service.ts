import type { FastifyBaseLogger } from 'fastify';
import { issueDepositAfterSignature } from '#server/payments/deposits.ts';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { formatDay, formatParisDateAtTime } from '#domain/format.ts';
import { earliestStartWithoutRequest, isQuoteExpired, needsEarlyStartRequest, withdrawalDeadline } from '#domain/legal.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { hasInk, MAX_SIGNATURE_POINTS, type SignBody, type SigningView } from '#domain/schemas/signature.ts';
import { canApply, nextStatut } from '#domain/statuses.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { CONSENT_TEXT, signatureTexts as s } from '#domain/texts/signature.ts';
import type { Viewer } from '#server/viewer.ts';
import {
  findOwnQuote,
  findQuoteForDocument,
  listHistory,
  rowToDevis,
  signedFileKey,
  transitionQuoteIn,
  undoTransitionIn,
} from '#server/quotes/service.ts';
import { legalFacts, type Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { readDocument, sha256Hex, storeDocument } from '#server/documents/documents.ts';
import { AppError, conflict, notFound, validationError } from '#server/errors.ts';
import { currentCgv } from '#server/legal/cgv.ts';
import { renderCgvPdf } from '#server/legal/cgv-pdf.ts';
import { notifySigned } from '#server/notifications/service.ts';
import { cancelMail, releaseMail } from '#server/outbox/outbox.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { deleteSignatureEvidence, findSignatureOf, insertSignatureEvidence } from './repository.ts';
import type { Seal } from './seal.ts';
import { buildSignedQuote } from './signed-document.ts';

export type SignatureDeps = {
  database: DatabaseHandle;
  fileStore: FileStore;
  outbox: OutboxWorker;
  config: Config;
  seal: () => Promise<Seal>;
  log: FastifyBaseLogger;
};

/** How long the e-mails of a signature wait for its PDF to be stored before they go anyway (a crash in between). */
const MAIL_HOLD_MS = 5 * 60 * 1000;

const sentPdfUrl = (id: string) => apiPath(apiRoutes.signatures.sentPdf, { id });

function clientNameOf(row: DevisRow): string | null {
  return row.clientDetails?.nom.trim() || null;
}

/**
 * The consumer's answer to the early-start question at his online signature (L221-25): true
 * asked, false declined, null not asked or not signed online (legal/early-start.ts).
 */
export async function earlyStartAnswerOf(db: Db, devisId: string): Promise<boolean | null> {
  const answer = (await findSignatureOf(db, devisId))?.earlyStartRequested;
  return answer === null || answer === undefined ? null : answer === 1;
}

/** What /devis/{id}/signer shows: the quote as sent, its price and clauses, the prefilled signer. */
export async function getSigningView(deps: SignatureDeps, viewer: Viewer, id: string): Promise<SigningView> {
  const row = await findOwnQuote(deps, viewer, id);
  const devis = rowToDevis(row);
  const signature = await findSignatureOf(deps.database.db, row.id);
  const pdf = row.sentPdfKey && row.sentPdfSha256 ? { url: sentPdfUrl(row.id), sha256: row.sentPdfSha256 } : null;
  const cgv = await currentCgv(deps);
  return {
    id: row.id,
    numeroDevis: row.numeroDevis,
    statut: devis.statut,
    prix: devis.prix,
    adresseDepart: row.adresseDepart,
    adresseArrivee: row.adresseArrivee,
    typeVehicule: row.typeVehicule,
    clauses: devis.clauses,
    acomptePourcent: row.acomptePourcent,
    peutSigner: canApply('customer', 'sign', row.statut) && pdf !== null,
    nomSignataire: clientNameOf(row) ?? viewer.name,
    emailSignataire: viewer.email,
    pdf,
    devisSigneURL: devis.devisSigneURL,
    signature: signature ? { nom: signature.signerName, date: signature.signedAt } : null,
    valableJusquAu: row.valableJusquAu,
    expire: isQuoteExpired(row.valableJusquAu),
    consommateur: isConsumer(row),
    finRetractation: withdrawalDeadline(new Date()),
    debutAuPlusTot: earliestStartWithoutRequest(new Date()),
    questionDebutAnticipe: asksEarlyStart(row, new Date()),
    cgv: { version: cgv.version, sha256: cgv.sha256 },
  };
}

/** Only an entreprise is not a consumer; a quote whose type was never given is treated as a consumer's (the safer reading). */
const isConsumer = (row: DevisRow) => row.clientType !== 'entreprise';

/** Whether the consumer is asked whether the mission may start within the withdrawal period (L221-25). */
const asksEarlyStart = (row: DevisRow, at: Date) => isConsumer(row) && needsEarlyStartRequest(row.priseInfo?.datePriseEnCharge, at);

/** The PDF sent for signature, for its owner or the administrator. */
export async function getSentPdf(deps: SignatureDeps, viewer: Viewer, id: string): Promise<{ content: Buffer; filename: string }> {
  const row = await findQuoteForDocument(deps, viewer, id);
  const file = row.sentPdfKey ? await readDocument(deps.fileStore, row.sentPdfKey) : null;
  if (!file) throw notFound(adminTexts.sentPdfMissing);
  return { content: file.content, filename: `devis-${row.numeroDevis}.pdf` };
}

/** Why a quote cannot be signed now: it was signed already (online or on paper), or it was never sent. */
const notSignable = (row: DevisRow) =>
  conflict(row.signedFileKey || ['en cours', 'terminé'].includes(row.statut) ? s.alreadySigned : s.notSent);

/**
 * Signs the quote online. Checks, in this order: the owner (404), the status envoyé (409,
 * « déjà signé » once signed), the name, the consent and the drawing (400), that the PDF the
 * page showed is the one sent and that the stored file is still it (409). Then, with nothing
 * written yet, builds and seals the signed PDF (a failure: 503, nothing written); then one
 * transaction moves the quote envoyé → en cours through the transition table, records
 * « signé en ligne » with the signer, keeps the evidence and queues the e-mails, held; of two
 * signatures at the same moment, that compare-and-set lets exactly one through. Only the
 * winner writes devis-signes/{id}.pdf; if that write fails, the transaction is taken back
 * whole (status, history, evidence, e-mails) and the customer gets a 503. Once written, the
 * e-mails are released.
 */
export async function signQuote(
  deps: SignatureDeps,
  viewer: Viewer,
  id: string,
  body: SignBody,
  client: { ipAddress: string; userAgent: string },
): Promise<Devis> {
  const row = await findOwnQuote(deps, viewer, id);
  const to = nextStatut('customer', 'sign', row.statut);
  if (!to) throw notSignable(row);
  if (isQuoteExpired(row.valableJusquAu)) throw conflict(l.expired(formatDay(row.valableJusquAu)));
  const signerName = body.nomSignataire.trim();
  if (!signerName) throw validationError(s.signerNameMissing);
  if (body.consentement !== true) throw validationError(s.consentMissing);
  if (body.cgvAcceptees !== true) throw validationError(l.cgvMissing);
  if (!hasInk(body.signature) || body.signature.traits.flat().length > MAX_SIGNATURE_POINTS) throw validationError(s.signatureMissing);
  if (!row.sentPdfKey || !row.sentPdfSha256) throw conflict(s.notSent);
  if (body.pdfSha256 !== row.sentPdfSha256) throw conflict(s.pdfChanged);
  const original = await readDocument(deps.fileStore, row.sentPdfKey, row.sentPdfSha256);
  if (!original?.intact) {
    deps.log.error({ devisId: row.id, key: row.sentPdfKey, found: original?.sha256 ?? null }, 'the stored quote PDF is not the one sent');
    throw conflict(s.pdfChanged);
  }

  const cgv = await currentCgv(deps);
  if (body.cgvSha256 && body.cgvSha256 !== cgv.sha256) throw conflict(l.cgvChanged);

  const signedAt = new Date();
  const evidence = {
    numeroDevis: row.numeroDevis,
    originalSha256: original.sha256,
    signerName,
    signerEmail: viewer.email,
    userId: viewer.id,
    signedAt,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent.slice(0, 512),
    cgv: { version: cgv.version, sha256: cgv.sha256 },
    earlyStartRequested: asksEarlyStart(row, signedAt) ? body.debutAnticipe === true : null,
  };
  let signed: Buffer;
  let seal: Seal;
  let cgvPdf: Buffer;
  try {
    seal = await deps.seal();
    signed = await buildSignedQuote(original.content, body.signature, evidence, { seal, seller: deps.config.seller });
    cgvPdf = await renderCgvPdf(cgv, legalFacts(deps.config));
  } catch (error) {
    deps.log.error({ err: error, devisId: row.id }, 'the signed quote could not be made or sealed');
    throw new AppError('unavailable', s.sealFailure, { cause: error });
  }

  const key = signedFileKey(row.id);
  const claimed = await withWriteTransaction(deps.database, async (trx) => {
    const updated = await transitionQuoteIn(trx, {
      id: row.id,
      expected: 'envoyé',
      to,
      changes: { signedFileKey: key },
      by: { userId: viewer.id, role: 'customer' },
      event: { event: 'signé en ligne', byName: signerName },
    });
    if (!updated) return null;
    const { cgv: accepted, earlyStartRequested, ...facts } = evidence;
    const evidenceId = await insertSignatureEvidence(trx, {
      ...facts,
      cgvVersion: accepted.version,
      cgvSha256: accepted.sha256,
      earlyStartRequested: earlyStartRequested === null ? null : Number(earlyStartRequested),
      devisId: row.id,
      signedAt: signedAt.toISOString(),
      consentText: CONSENT_TEXT,
      originalPdfKey: row.sentPdfKey!,
      signedPdfKey: key,
      signedSha256: sha256Hex(signed),
      sealCertificateSha256: seal.certificate.sha256,
    });
    const mailIds = await notifySigned(trx, deps.config, updated, {
      signerName,
      signerEmail: viewer.email,
      signedAt: formatParisDateAtTime(signedAt),
      signedFileKey: key,
      heldUntil: new Date(signedAt.getTime() + MAIL_HOLD_MS),
      enclosures: [{ filename: `cgv-v${cgv.version}.pdf`, contentType: 'application/pdf', content: cgvPdf }],
    });
    return { updated, evidenceId, mailIds };
  });
  if (!claimed) throw conflict(s.alreadySigned);

  try {
    await storeDocument(deps.fileStore, key, signed, { failureMessage: s.sealFailure });
  } catch (error) {
    const undone = await withWriteTransaction(deps.database, async (trx) => {
      if (!(await undoTransitionIn(trx, { done: claimed.updated, restore: { statut: row.statut, signedFileKey: row.signedFileKey } }))) {
        return false;
      }
      await deleteSignatureEvidence(trx, claimed.evidenceId);
      await cancelMail(trx, claimed.mailIds, 'signature taken back: the signed PDF could not be stored');
      return true;
    }).catch((undoError: unknown) => {
      deps.log.error({ err: undoError, devisId: row.id }, 'an online signature could not be taken back');
      return false;
    });
    deps.log.warn({ err: error, devisId: row.id, undone }, 'signed PDF could not be stored');
    throw error;
  }
  await releaseMail(deps.database.db, claimed.mailIds);
  await issueDepositAfterSignature(deps, row.id);
  deps.outbox.kick();
  const historique = await listHistory(deps.database.db, row.id);
  return { ...rowToDevis(claimed.updated), historique };
}
