import { formatCentimes, formatNumeroFacture } from '#domain/invoices.ts';
import { depositCents } from '#domain/payments.ts';
import type { AcompteDeduit } from '#domain/schemas/payments.ts';
import { invoiceDraftTexts as d } from '#domain/texts/invoices.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { rowToDevis } from '#server/quotes/devis-mapper.ts';
import { findQuoteById, recordQuoteEvent } from '#server/quotes/repository.ts';
import {
  findProfile,
  insertDocument,
  listCreditNotesOf,
  listDepositInvoicesOfQuote,
  listLines,
  markDocumentIssued,
  nextSequence,
  type NewDocument,
} from './repository.ts';
import { sellerOf } from './seller.ts';

/**
 * Deposit invoices (« factures d'acompte », Factur-X type 386): issued when a quote with a
 * deposit is signed, deducted by its final invoice, credited when the mission is cancelled or
 * the consumer withdraws. Each function works in the caller's write transaction; the PDFs and
 * their e-mails follow after the commit (`ensurePdf`, or the start-up sweep after a crash).
 */

/** The customer as an invoice names him, from the quote and his profile. */
async function customerOf(trx: Db, quoteRow: NonNullable<Awaited<ReturnType<typeof findQuoteById>>>) {
  const quote = rowToDevis(quoteRow);
  const profile = quoteRow.uid ? await findProfile(trx, quoteRow.uid) : undefined;
  const clientType = quote.clientType ?? profile?.type ?? 'particulier';
  return {
    clientNom: quote.clientDetails?.nom?.trim() || profile?.nom || quoteRow.email || '',
    clientAdresse: profile?.adresse ?? '',
    clientEmail: quote.clientDetails?.email?.trim() || quoteRow.email,
    clientType,
    clientSiret: clientType === 'entreprise' ? (quote.clientDetails?.siret?.replace(/\s/g, '') ?? null) || null : null,
  };
}

const NOT_ISSUED = {
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
} satisfies Partial<NewDocument>;

/**
 * The deposit invoice of a quote just signed: its deposit share of the final price, issued at
 * once (the next number of the year's `F-` sequence, the seller as configured today), due at
 * signature. Null when the quote asks no deposit or already has its deposit invoice (a quote
 * signed online then uploaded signed).
 */
export async function issueDepositInvoiceIn(trx: Db, config: Config, devisId: string, today: string): Promise<FactureRow | null> {
  const quoteRow = await findQuoteById(trx, devisId);
  if (!quoteRow) return null;
  const pourcent = quoteRow.acomptePourcent ?? 0;
  const amount = depositCents(quoteRow.prixCentimes, pourcent);
  if (amount <= 0) return null;
  if ((await listDepositInvoicesOfQuote(trx, devisId)).length > 0) return null;
  const draft = await insertDocument(
    trx,
    {
      ...NOT_ISSUED,
      ...(await customerOf(trx, quoteRow)),
      type: 'facture',
      nature: 'acompte',
      statut: 'brouillon',
      devisId,
      numeroDevis: quoteRow.numeroDevis,
      uid: quoteRow.uid,
      factureOrigineId: null,
      motif: null,
      datePrestation: today,
    },
    [
      {
        description: d.deposit(pourcent, quoteRow.numeroDevis, formatCentimes(quoteRow.prixCentimes)),
        quantiteCentiemes: 100,
        prixUnitaireCentimes: amount,
      },
    ],
  );
  const year = Number(today.slice(0, 4));
  const numero = formatNumeroFacture('facture', year, await nextSequence(trx, `F-${year}`));
  // A deposit is due at signature: payable on receipt.
  const issued = await markDocumentIssued(trx, draft.id, {
    ...sellerOf(config),
    delaiPaiementJours: 0,
    numero,
    dateEmission: today,
    dateEcheance: today,
  });
  await recordQuoteEvent(trx, { devisId, by: { userId: quoteRow.uid, role: 'customer' }, event: 'facture émise', byName: numero });
  return issued;
}

/** What each issued deposit invoice of a quote still stands for once its credit notes are taken off it. */
export async function depositsToDeduct(db: Db, devisId: string): Promise<AcompteDeduit[]> {
  const deposits = await listDepositInvoicesOfQuote(db, devisId);
  const credits = await listCreditNotesOf(
    db,
    deposits.map((deposit) => deposit.id),
  );
  return deposits
    .map((deposit) => ({
      id: deposit.id,
      numero: deposit.numero ?? '',
      dateEmission: deposit.dateEmission ?? '',
      montantCentimes:
        deposit.totalCentimes -
        credits.filter((credit) => credit.factureOrigineId === deposit.id).reduce((sum, credit) => sum + credit.totalCentimes, 0),
    }))
    .filter((deposit) => deposit.montantCentimes > 0);
}

/**
 * Credits what stands of each deposit invoice of a quote by a credit note (`A-` sequence,
 * issued at once, its reason given): the mission is cancelled, or the consumer withdrew. The
 * money already received is then owed back to the customer (the invoice shows it overpaid);
 * it is recorded as a negative payment when it is given back. Returns the credit notes made.
 */
export async function creditDepositsIn(trx: Db, config: Config, devisId: string, motif: string, today: string): Promise<FactureRow[]> {
  const standing = await depositsToDeduct(trx, devisId);
  const made: FactureRow[] = [];
  for (const deposit of standing) {
    const [invoice] = (await listDepositInvoicesOfQuote(trx, devisId)).filter((row) => row.id === deposit.id);
    if (!invoice) continue;
    const whole = deposit.montantCentimes === invoice.totalCentimes;
    const lines = whole
      ? (await listLines(trx, [invoice.id])).map((line) => ({
          description: line.description,
          quantiteCentiemes: line.quantiteCentiemes,
          prixUnitaireCentimes: line.prixUnitaireCentimes,
        }))
      : [
          {
            description: `${d.creditAll(invoice.numero ?? '')} – ${motif}`,
            quantiteCentiemes: 100,
            prixUnitaireCentimes: deposit.montantCentimes,
          },
        ];
    const note = await insertDocument(
      trx,
      {
        ...NOT_ISSUED,
        type: 'avoir',
        statut: 'brouillon',
        devisId,
        numeroDevis: invoice.numeroDevis,
        uid: invoice.uid,
        factureOrigineId: invoice.id,
        motif,
        datePrestation: invoice.datePrestation,
        clientNom: invoice.clientNom,
        clientAdresse: invoice.clientAdresse,
        clientEmail: invoice.clientEmail,
        clientType: invoice.clientType,
        clientSiret: invoice.clientSiret,
      },
      lines,
    );
    const year = Number(today.slice(0, 4));
    const numero = formatNumeroFacture('avoir', year, await nextSequence(trx, `A-${year}`));
    made.push(await markDocumentIssued(trx, note.id, { ...sellerOf(config), numero, dateEmission: today }));
    await recordQuoteEvent(trx, { devisId, by: { userId: null, role: 'admin' }, event: 'avoir émis', byName: numero });
  }
  return made;
}
