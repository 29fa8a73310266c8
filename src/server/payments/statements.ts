import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  matchCredit,
  SPLIT_INVOICES_MAX,
  splitCredit,
  type BankEntry,
  type CreditShare,
  type DueInvoice,
  type OpenInvoice,
} from '#domain/payments.ts';
import type { CsvMapping } from '#domain/schemas/payments.ts';
import { toStorableText } from '#domain/schemas/text.ts';
import { bankApiMessages as msg } from '#domain/texts/payments.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { ReleveOperationRow, ReleveOperationStatut } from '#server/db/schema.ts';
import { conflict, notFound, validationError } from '#server/errors.ts';
import {
  invoiceNumbersOf,
  invoicesPaidByKey,
  listOpenInvoices,
  listRefundsByTransfer,
  recordHolderPayment,
  refundsByTransferOf,
} from '#server/invoices/holder-payments.ts';
import type { InvoiceHooks } from '#server/invoices/service.ts';
import {
  findCsvMapping,
  findOperation,
  insertOperationOnce,
  insertStatement,
  listMatchedPayments,
  listOperations,
  listStatements,
  saveCsvMapping,
  updateOperation,
  updateStatementCounts,
} from './repository.ts';
import { readStatement } from './statements/read-statement.ts';
import { StatementError } from './statements/statement.ts';

/** The database, and what other capabilities do when a payment is recorded (e-invoicing's « Encaissée »). */
export type StatementDeps = { database: DatabaseHandle; invoiceHooks?: InvoiceHooks };

export type ImportSummary = {
  releveId: string;
  operations: number;
  /** Lines seen for the first time (the rest were imported before). */
  nouvelles: number;
  rapprochees: number;
  proposees: number;
  aTraiter: number;
  debits: number;
  ignorees: number;
};

/**
 * A line's key, the same whatever the file it comes in: the account, the day, the amount, the
 * bank's reference and texts, and its rank among identical lines of the file (two transfers of
 * the same amount from the same payer on the same day stay two).
 */
function lineKeys(compte: string | null, entries: readonly BankEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = [
      compte ?? '',
      entry.date,
      entry.montantCentimes,
      entry.referenceBanque ?? '',
      entry.libelle,
      entry.contrepartie ?? '',
    ].join('\u001f');
    const rank = (seen.get(base) ?? 0) + 1;
    seen.set(base, rank);
    return createHash('sha256').update(`${base}\u001f${rank}`).digest('hex');
  });
}

/** Text from a bank, made storable (no control character, bounded). */
const clean = (text: string | null, max: number) => (text === null ? null : toStorableText(text).replace(/\s+/g, ' ').trim().slice(0, max));

/**
 * Imports a statement file: each new line kept once (its key), each credit matched to an open
 * invoice — the invoice's number in the bank's texts is a sure match, recorded at once as a
 * « virement » payment on the booking day; an amount and a payer's name only propose — and
 * debits listed for the mission costs. One transaction: a file that fails half-way records
 * nothing. A file that is not a statement we read gets a French 400.
 */
export async function importStatement(
  deps: StatementDeps,
  viewer: { id: string },
  file: { filename: string; content: Buffer },
): Promise<ImportSummary> {
  const mapping = await findCsvMapping(deps.database.db);
  let parsed;
  try {
    parsed = readStatement(file.content, mapping);
  } catch (error) {
    if (error instanceof StatementError) throw validationError(error.message);
    throw error;
  }
  const keys = lineKeys(parsed.compte, parsed.entries);
  const imported = await withWriteTransaction(deps.database, async (trx) => {
    const statement = await insertStatement(trx, {
      format: parsed.format,
      version: parsed.version,
      compte: clean(parsed.compte, 34),
      nomFichier: clean(file.filename, 255) || 'releve',
      sha256: createHash('sha256').update(file.content).digest('hex'),
      nbOperations: parsed.entries.length,
      nbNouvelles: 0,
      byUserId: viewer.id,
      importeLe: new Date().toISOString(),
    });
    const open = await listOpenInvoices(trx);
    const summary: ImportSummary = {
      releveId: statement.id,
      operations: parsed.entries.length,
      nouvelles: 0,
      rapprochees: 0,
      proposees: 0,
      aTraiter: 0,
      debits: 0,
      ignorees: parsed.ignored,
    };
    for (const [index, entry] of parsed.entries.entries()) {
      const match = matchCredit(entry, open);
      // The invoices a sure match pays (one, or several named together): recorded at once.
      const paying = match.kind === 'sure' ? [match.factureId] : match.kind === 'split' ? match.factureIds : [];
      const statut: ReleveOperationStatut =
        entry.montantCentimes < 0 ? 'débit' : paying.length > 0 ? 'rapprochée' : match.kind === 'proposed' ? 'proposée' : 'à traiter';
      const row = await insertOperationOnce(trx, {
        releveId: statement.id,
        cle: keys[index]!,
        date: entry.date,
        montantCentimes: entry.montantCentimes,
        contrepartie: clean(entry.contrepartie, 140),
        libelle: clean(entry.libelle, 1000) ?? '',
        referenceBanque: clean(entry.referenceBanque, 140),
        statut: statut === 'rapprochée' ? 'à traiter' : statut,
        factureId: match.kind === 'proposed' ? match.factureId : (paying[0] ?? null),
        paiementId: null,
        depenseId: null,
      });
      if (!row) continue;
      summary.nouvelles += 1;
      if (statut === 'débit') summary.debits += 1;
      else if (statut === 'proposée') summary.proposees += 1;
      else if (
        statut === 'rapprochée' &&
        (await recordSureMatch(
          deps,
          trx,
          row,
          open.filter((invoice) => paying.includes(invoice.id)),
        ))
      ) {
        summary.rapprochees += 1;
      } else summary.aTraiter += 1;
    }
    await updateStatementCounts(trx, statement.id, { nbOperations: parsed.entries.length, nbNouvelles: summary.nouvelles });
    return summary;
  });
  if (imported.rapprochees > 0) deps.invoiceHooks?.afterCommit?.();
  return imported;
}

/**
 * A credit the import is sure of, recorded at once (`splitCredit` over the invoices it pays, the
 * one due first in full), and what those invoices await lowered for the next lines of the file.
 * False when it could not be (left « à traiter » for the administrator, nothing recorded).
 */
async function recordSureMatch(
  deps: StatementDeps,
  trx: Db,
  line: ReleveOperationRow,
  invoices: (OpenInvoice & DueInvoice)[],
): Promise<boolean> {
  const split = splitCredit(line.montantCentimes, invoices);
  if (!split.ok || (await recordTransfer(deps, trx, line, split.shares, ['à traiter'])).outcome !== 'matched') return false;
  for (const share of split.shares) {
    const paid = invoices.find((invoice) => invoice.id === share.factureId);
    if (paid) paid.resteCentimes -= share.montantCentimes;
  }
  return true;
}

/** The key of a line's payment to its `index`-th invoice: `releve:<key>`, then `:2`, `:3`… */
const paymentKey = (line: Pick<ReleveOperationRow, 'cle'>, index: number) =>
  index === 0 ? `releve:${line.cle}` : `releve:${line.cle}:${index + 1}`;

/**
 * Records a statement's credit as « virement » payments on its booking day, one per invoice it
 * pays (`shares`, one for a credit that pays one invoice), and the line as matched with the
 * first (if it is still in one of the `from` states). Refused when an invoice does not await its
 * share — the caller's transaction then records nothing —; `handled` when the line was handled
 * meanwhile. Each payment's key is the line's (`releve:<key>`, then `:2`, `:3`…): an import
 * or a tap sent again records nothing twice.
 */
async function recordTransfer(
  deps: StatementDeps,
  trx: Db,
  line: ReleveOperationRow,
  shares: readonly CreditShare[],
  from: readonly ReleveOperationStatut[],
): Promise<
  { outcome: 'matched'; row: ReleveOperationRow } | { outcome: 'refused'; reason: 'not-payable' | 'more-than-due' } | { outcome: 'handled' }
> {
  // Several payments: all or none, even where the caller's transaction goes on (an import's next lines).
  // One payment refused writes nothing: no savepoint for the import's usual credit.
  const several = shares.length > 1;
  if (several) await sql`savepoint split_credit`.execute(trx);
  const payments = [];
  for (const [index, share] of shares.entries()) {
    const result = await recordHolderPayment(trx, deps, {
      factureId: share.factureId,
      date: line.date,
      montantCentimes: share.montantCentimes,
      moyen: 'virement',
      reference: line.referenceBanque ?? line.libelle.slice(0, 140),
      cle: paymentKey(line, index),
    });
    if (result.outcome === 'refused') {
      if (several) await sql`rollback to savepoint split_credit`.execute(trx);
      return { outcome: 'refused', reason: result.reason };
    }
    payments.push(result.payment);
  }
  if (several) await sql`release savepoint split_credit`.execute(trx);
  const [first] = shares;
  const updated = await updateOperation(trx, line.id, from, {
    statut: 'rapprochée',
    factureId: first!.factureId,
    paiementId: payments[0]!.id,
  });
  return updated ? { outcome: 'matched', row: updated } : { outcome: 'handled' };
}

/**
 * The administrator confirms a proposed match or picks the invoices a credit pays: one, or
 * several when one transfer pays them together (`splitCredit`: the one due first in full, the
 * last with what is left). Recorded as « virement » payments on the booking day, all or none.
 * 409 when the line was handled meanwhile, an invoice awaits nothing, or the amounts do not fit.
 */
export async function matchOperation(deps: StatementDeps, id: string, factureIds: readonly string[]): Promise<ReleveOperationRow> {
  const matched = await withWriteTransaction(deps.database, async (trx) => {
    const line = await findOperation(trx, id);
    if (!line) throw notFound(msg.operationNotFound);
    if (line.montantCentimes <= 0) return matchRefund(deps, trx, line, factureIds);
    if (line.statut !== 'proposée' && line.statut !== 'à traiter') throw conflict(msg.alreadyHandled);
    const chosen = new Set(factureIds);
    const invoices = (await listOpenInvoices(trx)).filter((invoice) => chosen.has(invoice.id));
    if (invoices.length !== chosen.size) throw conflict(msg.invoiceNotPayable);
    const split = splitCredit(line.montantCentimes, invoices);
    if (!split.ok)
      throw conflict(split.reason === 'not-enough' ? msg.notEnoughForAll : chosen.size > 1 ? msg.moreThanDueTogether : msg.moreThanDue);
    const result = await recordTransfer(deps, trx, line, split.shares, ['proposée', 'à traiter']);
    if (result.outcome === 'refused') throw conflict(result.reason === 'not-payable' ? msg.invoiceNotPayable : msg.moreThanDue);
    if (result.outcome === 'handled') throw conflict(msg.alreadyHandled);
    return result.row;
  });
  deps.invoiceHooks?.afterCommit?.();
  return matched;
}

/**
 * A debit that is a refund by transfer recorded on an invoice (owed by a withdrawal, or recorded
 * by the administrator after a cancellation: decision 0056): it names that refund, once, when
 * the amounts are the same; the refund is in the books already, so nothing is paid again. 409
 * when the line is no debit waiting, the invoice has no such refund, or every such refund is
 * matched with another debit. (A refund by card goes back through the provider: no debit is it.)
 */
async function matchRefund(deps: StatementDeps, trx: Db, line: ReleveOperationRow, factureIds: readonly string[]) {
  if (line.statut !== 'débit' || line.depenseId) throw conflict(msg.alreadyHandled);
  const [factureId] = factureIds;
  if (factureIds.length !== 1 || !factureId) throw conflict(msg.debitNotMatched);
  const sameAmount = (await refundsByTransferOf(trx, deps, factureId)).filter((refund) => refund.montantCentimes === line.montantCentimes);
  if (sameAmount.length === 0) throw conflict(msg.debitNotMatched);
  const matched = await listMatchedPayments(
    trx,
    sameAmount.map((refund) => refund.paiementId),
  );
  const refund = sameAmount.find((candidate) => !matched.has(candidate.paiementId));
  if (!refund) throw conflict(msg.refundAlreadyMatched);
  const updated = await updateOperation(trx, line.id, ['débit'], { statut: 'rapprochée', factureId, paiementId: refund.paiementId });
  if (!updated) throw conflict(msg.alreadyHandled);
  return updated;
}

/** The refunds by transfer that no statement's debit names yet: the bank page offers them for a debit of the same amount. */
export async function refundsToMatch(db: Db) {
  const refunds = await listRefundsByTransfer(db);
  const matched = await listMatchedPayments(
    db,
    refunds.map((refund) => refund.paiementId),
  );
  return refunds.filter((refund) => !matched.has(refund.paiementId));
}

/**
 * A credit that pays no invoice (a refund from a supplier, a transfer of one's own), or a debit
 * that is no expense (a deposit given back after a withdrawal, the owner's own transfer): set aside.
 */
export async function ignoreOperation(deps: StatementDeps, id: string): Promise<ReleveOperationRow> {
  return withWriteTransaction(deps.database, async (trx) => {
    const line = await findOperation(trx, id);
    if (!line) throw notFound(msg.operationNotFound);
    // A debit already an expense stays with it; any other (a deposit given back, the owner's own transfer) may go.
    if (line.depenseId) throw conflict(msg.alreadyHandled);
    const updated = await updateOperation(trx, id, ['proposée', 'à traiter', 'débit'], { statut: 'ignorée', factureId: null });
    if (!updated) throw conflict(msg.alreadyHandled);
    return updated;
  });
}

/** /admin/banque: the mapping, the last statements, the lines to handle, the debits, the open invoices to pick from. */
export async function bankOverview(deps: StatementDeps) {
  const db = deps.database.db;
  const [correspondance, releves, aTraiter, debits, rapprochees, factures, remboursements] = await Promise.all([
    findCsvMapping(db),
    listStatements(db, 10),
    listOperations(db, ['proposée', 'à traiter'], { limit: 200 }),
    // The debits, those already an expense included (the page shows which): the latest 100.
    listOperations(db, ['débit'], { limit: 100 }),
    listOperations(db, ['rapprochée'], { limit: 20 }),
    listOpenInvoices(db),
    refundsToMatch(db),
  ]);
  return { correspondance, releves, aTraiter, debits, rapprochees: await withInvoicesPaid(db, rapprochees), factures, remboursements };
}

/** The recorded transfers, each with the invoices its payments paid (several for a split), or the invoice a refund's debit gave back on. */
async function withInvoicesPaid(db: Db, lines: readonly ReleveOperationRow[]) {
  const keysOf = (line: ReleveOperationRow) => Array.from({ length: SPLIT_INVOICES_MAX }, (_, index) => paymentKey(line, index));
  const credits = lines.filter((line) => line.montantCentimes > 0);
  const refunded = lines.flatMap((line) => (line.montantCentimes < 0 && line.factureId ? [line.factureId] : []));
  const [paid, numbers] = await Promise.all([invoicesPaidByKey(db, credits.flatMap(keysOf)), invoiceNumbersOf(db, refunded)]);
  return lines.map((line) => ({
    ...line,
    factures:
      line.montantCentimes < 0
        ? [{ id: line.factureId ?? '', numero: numbers.get(line.factureId ?? '') ?? '' }].filter((facture) => facture.numero)
        : keysOf(line).flatMap((key) => paid.get(key) ?? []),
  }));
}

export async function saveMapping(deps: StatementDeps, mapping: CsvMapping): Promise<CsvMapping> {
  await saveCsvMapping(deps.database.db, mapping);
  return mapping;
}
