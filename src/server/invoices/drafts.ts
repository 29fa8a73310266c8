import { formatKm, parisToday } from '#domain/format.ts';
import { priceLines, quantityToHundredths } from '#domain/invoices.ts';
import type { DraftUpdate, Facture } from '#domain/schemas/invoices.ts';
import { normalizeStatut } from '#domain/statuses.ts';
import { invoiceApiMessages as msg, invoiceDraftTexts as d } from '#domain/texts/invoices.ts';
import { quoteApiMessages } from '#domain/texts/quotes.ts';
import { withWriteTransaction, type Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import { addCostLinesToDraft, keepCostLinesOfDraft, proposedLinesOfDraft, releaseCostLinesOfDraft } from '#server/expenses/costs.ts';
import { findFinishedAt, findQuoteById, lockQuoteRow, rowToDevis } from '#server/quotes/service.ts';
import { deductionsOf } from './deposits.ts';
import { newInvoiceOfQuote } from './parties.ts';
import { deleteDraftRow, insertDocument, listInvoicesOfQuote, replaceLines, updateDraftRow, type NewLine } from './repository.ts';
import { findOrThrow, getInvoice, netOfCreditNotes, todayOf, type InvoiceDeps } from './service.ts';

/** Invoice drafts: made from a quote, changed, deleted; never once issued. */

/**
 * An invoice as its page shows it: a draft with the cost lines it may carry (re-billed costs,
 * the clauses' lines), each a box « Facturer cette ligne » in its editor.
 */
export async function getInvoiceOrDraft(deps: InvoiceDeps, id: string): Promise<Facture> {
  const facture = await getInvoice(deps, id);
  if (facture.type !== 'facture' || facture.statut !== 'brouillon') return facture;
  const lines = await proposedLinesOfDraft(deps.database.db, deps.config, facture.id, facture.devisId);
  return {
    ...facture,
    lignesProposees: lines.map((line) => ({
      description: line.description,
      quantite: line.quantiteCentiemes / 100,
      prixUnitaireCentimes: line.prixUnitaireCentimes,
    })),
  };
}

/** Quotes whose mission may be invoiced: done, or under way if the operator wants. */
const INVOICEABLE = ['en cours', 'terminé'] as const;

export const issuedIsFinal = () => conflict(msg.issuedIsFinal);

/** The invoice of a quote that still stands: a draft, or an issued one not cancelled whole by its credit notes. */
async function findStandingInvoiceOfQuote(db: Db, devisId: string): Promise<FactureRow | undefined> {
  const invoices = await listInvoicesOfQuote(db, devisId);
  const net = await netOfCreditNotes(db, invoices);
  return invoices.find((invoice) => invoice.statut === 'brouillon' || net(invoice) > 0);
}

/** The draft's default lines from the quote: the convoy with its route and distance, the vehicle, the options. */
function linesFromQuote(quote: ReturnType<typeof rowToDevis>): NewLine[] {
  const parts = [d.convoy(quote.typeVehicule, quote.adresseDepart, quote.adresseArrivee, formatKm(quote.distanceKm))];
  const vehicle = quote.infosVehicule;
  const vehicleText = [vehicle?.marque, vehicle?.modele, vehicle?.immatriculation].filter((value) => value?.trim()).join(' ');
  if (vehicleText) parts.push(d.vehicle(vehicleText));
  const options = [
    quote.options?.documentation ? d.documentation : null,
    quote.options?.lavage ? (d.lavage[quote.options.lavage] ?? null) : null,
    quote.options?.sansCarburant ? d.sansCarburant : null,
    quote.options?.wGarage ? d.wGarage : null,
  ].filter((value): value is string => value !== null);
  if (options.length) parts.push(d.options(options.join(', ')));
  return [{ description: parts.join('. '), quantiteCentiemes: 100, prixUnitaireCentimes: quote.prix * 100 }];
}

/**
 * « Établir la facture »: a draft from a quote en cours or terminé, with its final price, route,
 * vehicle, options, the day the mission ended and the customer. One standing invoice per quote:
 * a second request gets 409 naming it (after a credit note that cancels it whole, a new one may
 * be drafted).
 */
export async function createDraftFromQuote(deps: InvoiceDeps, devisId: string): Promise<Facture> {
  const created = await withWriteTransaction(deps.database, async (trx) => {
    await lockQuoteRow(trx, deps.database.engine, devisId);
    const quoteRow = await findQuoteById(trx, devisId);
    if (!quoteRow) throw notFound(quoteApiMessages.notFound);
    if (!(INVOICEABLE as readonly string[]).includes(normalizeStatut(quoteRow.statut))) throw conflict(msg.quoteNotInvoiceable);
    const standing = await findStandingInvoiceOfQuote(trx, devisId);
    if (standing) throw new AppError('conflict', msg.alreadyInvoiced(standing.numero), { details: { factureId: standing.id } });
    const quote = rowToDevis(quoteRow);
    const finishedAt = await findFinishedAt(trx, devisId);
    const delivery = quote.livraisonInfo?.dateLivraisonSouhaitee;
    const datePrestation = finishedAt
      ? parisToday(new Date(finishedAt))
      : delivery && /^\d{4}-\d{2}-\d{2}$/.test(delivery)
        ? delivery
        : todayOf(deps);
    // The mission's costs (expenses/): re-billed costs, the clauses' extra kilometres and costs.
    const costs = await addCostLinesToDraft(trx, deps.config, devisId);
    const draft = await insertDocument(
      trx,
      { ...(await newInvoiceOfQuote(trx, quoteRow, datePrestation)), ...(await deductionsOf(trx, devisId)) },
      priceLines([...linesFromQuote(quote), ...costs.lines]),
    );
    await costs.attach(draft.id);
    return draft;
  });
  return getInvoiceOrDraft(deps, created.id);
}

/** A draft's lines, service date and customer; an issued document is refused (409). */
export async function updateDraft(deps: InvoiceDeps, id: string, body: DraftUpdate): Promise<Facture> {
  const lines: NewLine[] = body.lignes.map((line) => ({
    description: line.description,
    quantiteCentiemes: quantityToHundredths(line.quantite) ?? 0,
    prixUnitaireCentimes: line.prixUnitaireCentimes,
  }));
  await withWriteTransaction(deps.database, async (trx) => {
    const updated = await updateDraftRow(trx, id, {
      datePrestation: body.datePrestation,
      clientNom: body.client.nom,
      clientAdresse: body.client.adresse,
      clientSiret: body.client.siret,
    });
    if (!updated) {
      await findOrThrow(trx, id);
      throw issuedIsFinal();
    }
    await replaceLines(trx, updated, priceLines(lines));
    // A cost line removed (unticked): its expenses are no longer carried by this invoice.
    await keepCostLinesOfDraft(
      trx,
      id,
      updated.devisId,
      lines.map((line) => line.description),
    );
  });
  return getInvoiceOrDraft(deps, id);
}

export async function deleteDraft(deps: InvoiceDeps, id: string): Promise<void> {
  await withWriteTransaction(deps.database, async (trx) => {
    if (await deleteDraftRow(trx, id)) return releaseCostLinesOfDraft(trx, id);
    await findOrThrow(trx, id);
    throw issuedIsFinal();
  });
}
