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
import type { FileStore } from '#server/storage/file-store.ts';
import {
  anonymiseHistoryAndSearch,
  anonymiseQuote,
  deleteAccountRows,
  listQuotesOf,
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
