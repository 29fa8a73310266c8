import type { FastifyBaseLogger } from 'fastify';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { parisToday } from '#domain/format.ts';
import { etatFacture, netCentimes, resteAPayer, type EtatFacture } from '#domain/invoices.ts';
import type { EtatPlateforme } from '#domain/einvoicing.ts';
import type { PlateformeSummary } from '#domain/schemas/einvoicing.ts';
import type { Facture, FactureClient, FactureListQuery } from '#domain/schemas/invoices.ts';
import { invoiceApiMessages as msg } from '#domain/texts/invoices.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle, Db } from '#server/db/index.ts';
import type { FactureLigneRow, FacturePaiementRow, FactureRow } from '#server/db/schema.ts';
import { notFound, validationError } from '#server/errors.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import type { Viewer } from '#server/viewer.ts';
import {
  findDocument,
  findDocuments,
  listCreditNotesOf,
  listDocuments,
  listIssuedAmong,
  listIssuedInvoicesOfQuotes,
  listLines,
  listPayments,
} from './repository.ts';

/** The invoices' part of the back office's « À faire » (issue 34). */
export { overdueInvoices, revenueOfYear } from './a-faire.ts';

/**
 * Invoices and credit notes as the API shows them (reading). The changes are use cases of
 * their own: drafts.ts, issuing.ts, payments.ts; the SQL is in repository.ts.
 */
export type InvoiceDeps = {
  database: DatabaseHandle;
  fileStore: FileStore;
  outbox: OutboxWorker;
  config: Config;
  log: FastifyBaseLogger;
  /** Today in France (tests move it). */
  today?: () => string;
  /** What other capabilities do when a document is issued or paid (e-invoicing). */
  invoiceHooks?: InvoiceHooks;
};

/**
 * The moments other capabilities act on (the app wires them; invoices/ imports none of them):
 * e-invoicing records an issued document's submission to the platform in the issuing transaction
 * (or refuses the issue), and a payment's « Encaissée » status in the payment's.
 */
export type InvoiceHooks = {
  /** In the transaction that issues an invoice or a credit note, once its number is set; throwing refuses the issue. */
  onIssued?: (trx: Db, row: FactureRow) => Promise<void>;
  /** In the transaction that records a payment (or a refund, negative) on an issued invoice. */
  onPaymentRecorded?: (trx: Db, invoice: FactureRow, payment: FacturePaiementRow) => Promise<void>;
  /** After a transaction that ran one of the above has committed. */
  afterCommit?: () => void;
  /** Where documents stand at the approved platform (shown with them, and a filter of the list). */
  platform?: {
    summaries(ids: readonly string[]): Promise<Map<string, PlateformeSummary>>;
    idsIn(etat: EtatPlateforme): Promise<string[]>;
  };
};

export const todayOf = (deps: Pick<InvoiceDeps, 'today'>) => (deps.today ?? (() => parisToday()))();
export const pdfUrl = (id: string) => apiPath(apiRoutes.invoices.pdf, { id });

type Enriched = {
  row: FactureRow;
  lines: FactureLigneRow[];
  payments: FacturePaiementRow[];
  credits: FactureRow[];
  origin: FactureRow | null;
};

/** The rows with what hangs on them: lines, payments, credit notes, the invoice a credit note cancels. */
export async function enrich(db: Db, rows: FactureRow[]): Promise<Enriched[]> {
  const ids = rows.map((row) => row.id);
  const originIds = [...new Set(rows.map((row) => row.factureOrigineId).filter((id): id is string => id !== null))];
  const [lines, payments, credits, origins] = await Promise.all([
    listLines(db, ids),
    listPayments(db, ids),
    listCreditNotesOf(db, ids),
    findDocuments(db, originIds),
  ]);
  return rows.map((row) => ({
    row,
    lines: lines.filter((line) => line.factureId === row.id),
    payments: payments.filter((payment) => payment.factureId === row.id),
    credits: credits.filter((credit) => credit.factureOrigineId === row.id),
    origin: origins.find((origin) => origin.id === row.factureOrigineId) ?? null,
  }));
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** What each of these documents bills once its issued credit notes are taken off it (the domain's `netCentimes`), read in one query. */
export async function netOfCreditNotes(db: Db, documents: readonly FactureRow[]): Promise<(document: FactureRow) => number> {
  const credits = await listCreditNotesOf(
    db,
    documents.map((document) => document.id),
  );
  return (document) =>
    netCentimes({
      totalCentimes: document.totalCentimes,
      avoirsCentimes: sum(credits.filter((credit) => credit.factureOrigineId === document.id).map((credit) => credit.totalCentimes)),
    });
}

/** An invoice's credit notes and payments, and what is left to pay (the domain's `resteAPayer`). */
export function amountsOf(item: Pick<Enriched, 'row' | 'credits' | 'payments'>) {
  const avoirsCentimes = sum(item.credits.map((credit) => credit.totalCentimes));
  const payeCentimes = sum(item.payments.map((payment) => payment.montantCentimes));
  return {
    avoirsCentimes,
    payeCentimes,
    resteCentimes: resteAPayer({
      totalCentimes: item.row.totalCentimes,
      acomptesCentimes: item.row.acomptesCentimes,
      avoirsCentimes,
      payeCentimes,
    }),
  };
}

function etatOf(item: Enriched, today: string): EtatFacture | null {
  if (item.row.type === 'avoir') return item.row.statut === 'brouillon' ? 'brouillon' : null;
  const { avoirsCentimes, payeCentimes } = amountsOf(item);
  return etatFacture({ ...item.row, avoirsCentimes, payeCentimes }, today);
}

const ref = (row: FactureRow) => ({ id: row.id, numero: row.numero, totalCentimes: row.totalCentimes, dateEmission: row.dateEmission });

/** The one function that turns an invoice row (and what hangs on it) into the API object. */
function toFacture(item: Enriched, today: string, platform?: Map<string, PlateformeSummary>): Facture {
  const { row } = item;
  const amounts = amountsOf(item);
  return {
    id: row.id,
    type: row.type,
    statut: row.statut,
    etat: etatOf(item, today),
    numero: row.numero,
    devisId: row.devisId,
    numeroDevis: row.numeroDevis,
    dateEmission: row.dateEmission,
    dateEcheance: row.dateEcheance,
    datePrestation: row.datePrestation,
    client: { nom: row.clientNom, adresse: row.clientAdresse, email: row.clientEmail, type: row.clientType, siret: row.clientSiret },
    lignes: item.lines.map((line) => ({
      description: line.description,
      quantite: line.quantiteCentiemes / 100,
      prixUnitaireCentimes: line.prixUnitaireCentimes,
      montantCentimes: line.montantCentimes,
    })),
    totalCentimes: row.totalCentimes,
    ...(row.type === 'facture' ? amounts : { avoirsCentimes: 0, payeCentimes: 0, resteCentimes: 0 }),
    paiements: item.payments.map((payment) => ({
      id: payment.id,
      date: payment.date,
      montantCentimes: payment.montantCentimes,
      moyen: payment.moyen,
    })),
    avoirs: item.credits.map(ref),
    factureOrigine: item.origin ? ref(item.origin) : null,
    motif: row.motif,
    pdfUrl: row.statut === 'émise' ? pdfUrl(row.id) : null,
    derniereRelance: row.derniereRelance,
    createdAt: row.createdAt,
    plateforme: platform?.get(row.id) ?? null,
  };
}

export async function findOrThrow(db: Db, id: string): Promise<FactureRow> {
  const row = await findDocument(db, id);
  if (!row) throw notFound(msg.notFound);
  return row;
}

/** Whether an invoice is issued (its lines final): an expense re-billed on it can no longer go. */
export async function isIssuedInvoice(db: Db, id: string): Promise<boolean> {
  return (await findDocument(db, id))?.statut === 'émise';
}

/** Of these documents, the ids of the issued ones (one query). */
export async function issuedAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await listIssuedAmong(db, ids)).map((row) => row.id));
}

/**
 * Of these documents, the issued ones that still stand: an invoice its credit notes have not
 * wholly cancelled, or a credit note; newest first (e-invoicing's « À faire »: a rejected
 * invoice waits until it is cancelled by a credit note).
 */
export async function standingDocuments(db: Db, ids: readonly string[]) {
  const rows = await listIssuedAmong(db, ids);
  const net = await netOfCreditNotes(db, rows);
  return rows
    .filter((row) => row.type === 'avoir' || net(row) > 0)
    .map((row) => ({ id: row.id, numero: row.numero ?? '', client: row.clientNom }));
}

/**
 * Per quote, what its issued invoices bill net of their credit notes (a mission's revenue, for
 * its margin); a quote without an issued invoice is absent.
 */
export async function invoicedCentimesOf(db: Db, devisIds: readonly string[]): Promise<Map<string, number>> {
  const invoices = await listIssuedInvoicesOfQuotes(db, devisIds);
  const net = await netOfCreditNotes(db, invoices);
  const totals = new Map<string, number>();
  for (const invoice of invoices) totals.set(invoice.devisId, (totals.get(invoice.devisId) ?? 0) + net(invoice));
  return totals;
}

/** The invoices issued between two days (inclusive), each with its quote and what it bills net of credit notes (the margin's months). */
export async function issuedInvoicesBetween(db: Db, from: string, to: string) {
  const invoices = await listDocuments(db, { type: 'facture', issuedOnly: true, from, to });
  const net = await netOfCreditNotes(db, invoices);
  return invoices.map((invoice) => ({
    devisId: invoice.devisId,
    dateEmission: invoice.dateEmission ?? invoice.createdAt.slice(0, 10),
    netCentimes: net(invoice),
  }));
}

export async function getInvoice(deps: InvoiceDeps, id: string): Promise<Facture> {
  const row = await findOrThrow(deps.database.db, id);
  const [item] = await enrich(deps.database.db, [row]);
  const platform = await deps.invoiceHooks?.platform?.summaries([row.id]);
  return toFacture(item!, todayOf(deps), platform);
}

/** /admin/factures: invoices and credit notes by state and period (issue date; a draft's creation day), with totals. */
export async function listInvoices(deps: InvoiceDeps, query: FactureListQuery) {
  if (query.du && query.au && query.du > query.au) throw validationError(msg.badPeriod);
  const today = todayOf(deps);
  const platformIds = query.plateforme ? ((await deps.invoiceHooks?.platform?.idsIn(query.plateforme as EtatPlateforme)) ?? []) : undefined;
  const rows = await listDocuments(deps.database.db, {
    type: query.type,
    devisId: query.devisId,
    from: query.du,
    to: query.au,
    ids: platformIds,
    byIssue: true,
  });
  const platform = await deps.invoiceHooks?.platform?.summaries(rows.map((row) => row.id));
  // The state depends on the day and on the payments: it is the domain's one rule (etatFacture), applied here.
  const items = (await enrich(deps.database.db, rows))
    .map((item) => toFacture(item, today, platform))
    .filter((facture) => !query.etat || facture.etat === query.etat);
  const issuedInvoices = items.filter((item) => item.type === 'facture' && item.statut === 'émise');
  return {
    items,
    totaux: {
      factureCentimes: sum(issuedInvoices.map((item) => item.totalCentimes)),
      avoirsCentimes: sum(items.filter((item) => item.type === 'avoir' && item.statut === 'émise').map((item) => item.totalCentimes)),
      payeCentimes: sum(issuedInvoices.map((item) => item.payeCentimes)),
      resteCentimes: sum(issuedInvoices.map((item) => Math.max(0, item.resteCentimes))),
    },
  };
}

/** The customer's issued invoices and credit notes (a draft is nobody's business but the operator's). */
export async function listCustomerInvoices(deps: InvoiceDeps, viewer: Viewer): Promise<FactureClient[]> {
  const today = todayOf(deps);
  const rows = await listDocuments(deps.database.db, { uid: viewer.id, issuedOnly: true });
  return (await enrich(deps.database.db, rows)).map((item) => ({
    id: item.row.id,
    type: item.row.type,
    numero: item.row.numero!,
    devisId: item.row.devisId,
    numeroDevis: item.row.numeroDevis,
    dateEmission: item.row.dateEmission!,
    totalCentimes: item.row.totalCentimes,
    etat: etatOf(item, today),
    pdfUrl: pdfUrl(item.row.id),
  }));
}
