import type { Config } from '#server/config.ts';
import { findUtilisateur } from '#server/accounts/service.ts';
import type { Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { rowToDevis } from '#server/quotes/service.ts';

/** The two parties an invoice names: the seller as configured today, the customer from his quote and profile. */

/** What an issued document says of its seller and payment terms, from the configuration of the day. */
export function sellerOf(config: Config) {
  const { seller } = config;
  return {
    vendeurNom: seller.legalName,
    vendeurEnseigne: seller.tradeName,
    vendeurAdresse: seller.address,
    vendeurSiret: seller.siret.replace(/\s/g, ''),
    vendeurTva: seller.vatId ?? null,
    iban: seller.iban ?? null,
    bic: seller.bic ?? null,
    delaiPaiementJours: config.invoicing.paymentDays,
    tauxPenalites: config.invoicing.latePenaltyRate,
  };
}

/** What a document not issued yet has not: its number, dates, seller, PDF (issuing sets them once and for all). */
export const NOT_ISSUED = {
  numero: null,
  dateEmission: null,
  dateEcheance: null,
  emiseLe: null,
  vendeurNom: null,
  vendeurEnseigne: null,
  vendeurAdresse: null,
  vendeurSiret: null,
  vendeurTva: null,
  iban: null,
  bic: null,
  delaiPaiementJours: null,
  tauxPenalites: null,
  pdfKey: null,
  pdfSha256: null,
  derniereRelance: null,
} as const;

/** The customer as an invoice of this quote names him: the quote's details first, then his profile. */
export async function customerOfQuote(trx: Db, quoteRow: DevisRow) {
  const quote = rowToDevis(quoteRow);
  const profile = quoteRow.uid ? await findUtilisateur(trx, quoteRow.uid) : null;
  const clientType = quote.clientType ?? profile?.type ?? 'particulier';
  return {
    clientNom: quote.clientDetails?.nom?.trim() || profile?.nom || quoteRow.email || '',
    clientAdresse: profile?.adresse ?? '',
    clientEmail: quote.clientDetails?.email?.trim() || quoteRow.email,
    clientType,
    clientSiret: clientType === 'entreprise' ? (quote.clientDetails?.siret?.replace(/\s/g, '') ?? null) || null : null,
  };
}

/** A new invoice of a quote, not issued yet: the quote's references and customer, the day of the service. */
export async function newInvoiceOfQuote(trx: Db, quoteRow: DevisRow, datePrestation: string) {
  return {
    ...NOT_ISSUED,
    ...(await customerOfQuote(trx, quoteRow)),
    type: 'facture' as const,
    statut: 'brouillon' as const,
    devisId: quoteRow.id,
    numeroDevis: quoteRow.numeroDevis,
    uid: quoteRow.uid,
    factureOrigineId: null,
    motif: null,
    datePrestation,
  };
}
