import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { parisToday } from '#domain/dates.ts';
import {
  addDays,
  etatFacture,
  formatCentimes,
  formatNumeroFacture,
  NUMERO_PREFIX,
  quantityToHundredths,
  type EtatFacture,
  type FactureType,
} from '#domain/invoices.ts';
import type { AvoirInput, DraftUpdate, Facture, FactureClient, FactureListQuery, PaiementInput } from '#domain/schemas/invoices.ts';
import { normalizeStatut } from '#domain/statuses.ts';
import { invoiceApiMessages as msg, invoiceDraftTexts as d } from '#domain/texts/invoices.ts';
import { quoteApiMessages } from '#domain/texts/quotes.ts';
import type { Viewer } from '#server/accounts/guards.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { FactureLigneRow, FacturePaiementRow, FactureRow } from '#server/db/schema.ts';
import { assertMayFetch, readDocument, storeDocument } from '#server/documents/documents.ts';
import { AppError, conflict, notFound, validationError } from '#server/errors.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { rowToDevis } from '#server/quotes/devis-mapper.ts';
import { findQuoteById, recordQuoteEvent } from '#server/quotes/repository.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { invoiceFilename, renderFacturX } from './factur-x.ts';
import { queueDocumentMail, queueReminderMail } from './mail.ts';
import {
  findDocument,
  findStandingInvoiceOfQuote,
  insertDocument,
  insertPayment,
  listCreditNotesOf,
  listDocuments,
  listLines,
  listPayments,
  nextSequence,
  replaceLines,
  type NewLine,
} from './repository.ts';

export type InvoiceDeps = {
  database: DatabaseHandle;
  fileStore: FileStore;
  outbox: OutboxWorker;
  config: Config;
  log: FastifyBaseLogger;
  /** Today in France (tests move it). */
  today?: () => string;
  /** What other capabilities do when a document is issued or paid (e-invoicing). */
  hooks?: InvoiceHooks;
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
};

const todayOf = (deps: InvoiceDeps) => (deps.today ?? (() => parisToday()))();
export const pdfUrl = (id: string) => `/api/factures/${encodeURIComponent(id)}/pdf`;

/** Quotes whose mission may be invoiced: done, or under way if the operator wants. */
const INVOICEABLE = ['en cours', 'terminé'] as const;

/** On PostgreSQL, locks a row for the rest of the write transaction (SQLite's BEGIN IMMEDIATE already serialises writers). */
async function lockRow(deps: InvoiceDeps, trx: Db, table: 'factures' | 'devis', id: string): Promise<void> {
  if (deps.database.engine !== 'postgres') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

// ——— Reading ———

type Enriched = {
  row: FactureRow;
  lines: FactureLigneRow[];
  payments: FacturePaiementRow[];
  credits: FactureRow[];
  origin: FactureRow | null;
};

async function enrich(db: Db, rows: FactureRow[]): Promise<Enriched[]> {
  const ids = rows.map((row) => row.id);
  const originIds = [...new Set(rows.map((row) => row.factureOrigineId).filter((id): id is string => id !== null))];
  const [lines, payments, credits, origins] = await Promise.all([
    listLines(db, ids),
    listPayments(db, ids),
    listCreditNotesOf(db, ids),
    originIds.length ? db.selectFrom('factures').selectAll().where('id', 'in', originIds).execute() : Promise.resolve([]),
  ]);
  return rows.map((row) => ({
    row,
    lines: lines.filter((line) => line.factureId === row.id),
    payments: payments.filter((payment) => payment.factureId === row.id),
    credits: credits.filter((credit) => credit.factureOrigineId === row.id),
    origin: origins.find((origin) => origin.id === row.factureOrigineId) ?? null,
  }));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function amountsOf(item: Enriched) {
  const avoirsCentimes = sum(item.credits.map((credit) => credit.totalCentimes));
  const payeCentimes = sum(item.payments.map((payment) => payment.montantCentimes));
  return { avoirsCentimes, payeCentimes, resteCentimes: item.row.totalCentimes - avoirsCentimes - payeCentimes };
}

function etatOf(item: Enriched, today: string): EtatFacture | null {
  if (item.row.type === 'avoir') return item.row.statut === 'brouillon' ? 'brouillon' : null;
  const { avoirsCentimes, payeCentimes } = amountsOf(item);
  return etatFacture({ ...item.row, avoirsCentimes, payeCentimes }, today);
}

const ref = (row: FactureRow) => ({ id: row.id, numero: row.numero, totalCentimes: row.totalCentimes, dateEmission: row.dateEmission });

/** The one function that turns an invoice row (and what hangs on it) into the API object. */
function toFacture(item: Enriched, today: string): Facture {
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
  };
}

async function findOrThrow(db: Db, id: string): Promise<FactureRow> {
  const row = await findDocument(db, id);
  if (!row) throw notFound(msg.notFound);
  return row;
}

export async function getFacture(deps: InvoiceDeps, id: string): Promise<Facture> {
  const row = await findOrThrow(deps.database.db, id);
  const [item] = await enrich(deps.database.db, [row]);
  return toFacture(item!, todayOf(deps));
}

/** /admin/factures: invoices and credit notes by state and period (issue date; a draft's creation day), with totals. */
export async function listFactures(deps: InvoiceDeps, query: FactureListQuery) {
  if (query.du && query.au && query.du > query.au) throw validationError(msg.badPeriod);
  const today = todayOf(deps);
  const rows = await listDocuments(deps.database.db, { type: query.type, devisId: query.devisId });
  const items = (await enrich(deps.database.db, rows))
    .map((item) => toFacture(item, today))
    .filter((facture) => {
      const day = facture.dateEmission ?? facture.createdAt.slice(0, 10);
      if (query.du && day < query.du) return false;
      if (query.au && day > query.au) return false;
      if (query.etat && facture.etat !== query.etat) return false;
      return true;
    })
    .sort((a, b) => (b.dateEmission ?? '9999').localeCompare(a.dateEmission ?? '9999') || (b.numero ?? '').localeCompare(a.numero ?? ''));
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
export async function listMyFactures(deps: InvoiceDeps, viewer: Viewer): Promise<FactureClient[]> {
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

// ——— Drafts ———

/** The draft's default lines from the quote: the convoy with its route and distance, the vehicle, the options. */
function linesFromQuote(quote: ReturnType<typeof rowToDevis>): NewLine[] {
  const km = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(quote.distanceKm);
  const parts = [d.convoy(quote.typeVehicule, quote.adresseDepart, quote.adresseArrivee, km)];
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
    await lockRow(deps, trx, 'devis', devisId);
    const quoteRow = await findQuoteById(trx, devisId);
    if (!quoteRow) throw notFound(quoteApiMessages.notFound);
    if (!(INVOICEABLE as readonly string[]).includes(normalizeStatut(quoteRow.statut))) throw conflict(msg.quoteNotInvoiceable);
    const standing = await findStandingInvoiceOfQuote(trx, devisId);
    if (standing) throw new AppError('conflict', msg.alreadyInvoiced(standing.numero), { details: { factureId: standing.id } });
    const quote = rowToDevis(quoteRow);
    const profile = quoteRow.uid
      ? await trx.selectFrom('utilisateurs').select(['nom', 'adresse', 'type']).where('uid', '=', quoteRow.uid).executeTakeFirst()
      : undefined;
    const finished = await trx
      .selectFrom('devis_historique')
      .select('at')
      .where('devisId', '=', devisId)
      .where('toStatut', '=', 'terminé')
      .where('event', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const delivery = quote.livraisonInfo?.dateLivraisonSouhaitee;
    const datePrestation = finished
      ? parisToday(new Date(finished.at))
      : delivery && /^\d{4}-\d{2}-\d{2}$/.test(delivery)
        ? delivery
        : todayOf(deps);
    const clientType = quote.clientType ?? profile?.type ?? 'particulier';
    return insertDocument(
      trx,
      {
        type: 'facture',
        statut: 'brouillon',
        numero: null,
        devisId,
        numeroDevis: quoteRow.numeroDevis,
        uid: quoteRow.uid,
        factureOrigineId: null,
        motif: null,
        datePrestation,
        dateEmission: null,
        dateEcheance: null,
        emiseLe: null,
        clientNom: quote.clientDetails?.nom?.trim() || profile?.nom || quoteRow.email || '',
        clientAdresse: profile?.adresse ?? '',
        clientEmail: quote.clientDetails?.email?.trim() || quoteRow.email,
        clientType,
        clientSiret: clientType === 'entreprise' ? (quote.clientDetails?.siret?.replace(/\s/g, '') ?? null) || null : null,
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
      },
      linesFromQuote(quote),
    );
  });
  return getFacture(deps, created.id);
}

const issuedIsFinal = () => conflict(msg.issuedIsFinal);

/** A draft's lines, service date and customer; an issued document is refused (409). */
export async function updateDraft(deps: InvoiceDeps, id: string, body: DraftUpdate): Promise<Facture> {
  const lines: NewLine[] = body.lignes.map((line) => ({
    description: line.description,
    quantiteCentiemes: quantityToHundredths(line.quantite) ?? 0,
    prixUnitaireCentimes: line.prixUnitaireCentimes,
  }));
  await withWriteTransaction(deps.database, async (trx) => {
    const updated = await trx
      .updateTable('factures')
      .set({
        datePrestation: body.datePrestation,
        clientNom: body.client.nom,
        clientAdresse: body.client.adresse,
        clientSiret: body.client.siret,
        updatedAt: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('statut', '=', 'brouillon')
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      await findOrThrow(trx, id);
      throw issuedIsFinal();
    }
    await replaceLines(trx, updated, lines);
  });
  return getFacture(deps, id);
}

export async function deleteDraft(deps: InvoiceDeps, id: string): Promise<void> {
  await withWriteTransaction(deps.database, async (trx) => {
    const deleted = await trx
      .deleteFrom('factures')
      .where('id', '=', id)
      .where('statut', '=', 'brouillon')
      .returning('id')
      .executeTakeFirst();
    if (deleted) return;
    await findOrThrow(trx, id);
    throw issuedIsFinal();
  });
}

// ——— Issuing ———

/** What an issued document says of its seller and payment terms, from the configuration of the day. */
function sellerOf(config: Config) {
  return {
    vendeurNom: config.invoicing.legalName,
    vendeurEnseigne: config.business.name,
    vendeurAdresse: config.business.address,
    vendeurSiret: config.business.siret.replace(/\s/g, ''),
    vendeurTva: config.invoicing.vatId ?? null,
    iban: config.invoicing.iban ?? null,
    bic: config.invoicing.bic ?? null,
    delaiPaiementJours: config.invoicing.paymentDays,
    tauxPenalites: config.invoicing.latePenaltyRate,
  };
}

/**
 * Gives the next number of the year's sequence of this kind, inside the caller's write
 * transaction. The issue day is read after the counter's lock is held, so numbers follow
 * issue dates; if the year turned meanwhile (midnight on 31 December), the transaction is
 * tried again with the new year's sequence.
 */
async function numberFor(trx: Db, type: FactureType, today: () => string): Promise<{ numero: string; day: string } | null> {
  const year = Number(today().slice(0, 4));
  const sequence = await nextSequence(trx, `${NUMERO_PREFIX[type]}-${year}`);
  const day = today();
  if (Number(day.slice(0, 4)) !== year) return null;
  return { numero: formatNumeroFacture(type, year, sequence), day };
}

class YearTurned extends Error {}

async function inIssuingTransaction<T>(deps: InvoiceDeps, fn: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await withWriteTransaction(deps.database, fn);
    } catch (error) {
      if (!(error instanceof YearTurned) || attempt > 0) throw error;
    }
  }
}

/**
 * Issues a draft: the next number of the year (F-2026-0001…) and the issue day, the seller's
 * identity and payment terms as configured today, the due date; the quote's history records
 * « facture émise ». One transaction, compare-and-set on the draft: of two simultaneous
 * requests one issues, the other gets 409, and a refused issue leaves no number used. Then,
 * outside the transaction, the Factur-X PDF is made and stored and its e-mail queued
 * (ensurePdf). Should that fail, the invoice stays issued and its PDF is made on first demand.
 */
export async function issueInvoice(deps: InvoiceDeps, viewer: Viewer, id: string): Promise<Facture> {
  const issued = await issueDraft(deps, viewer, id);
  deps.hooks?.afterCommit?.();
  await ensurePdf(deps, issued).catch((error: unknown) => {
    deps.log.error({ err: error, factureId: issued.id }, 'the issued invoice could not be made into a PDF yet: it will be on first demand');
  });
  return getFacture(deps, id);
}

/** The transaction of issueInvoice: number, dates, seller, history; nothing else. */
export async function issueDraft(deps: InvoiceDeps, viewer: Pick<Viewer, 'id'>, id: string): Promise<FactureRow> {
  const today = () => todayOf(deps);
  return inIssuingTransaction(deps, async (trx) => {
    const draft = await findOrThrow(trx, id);
    if (draft.statut !== 'brouillon' || draft.type !== 'facture') throw issuedIsFinal();
    if (!draft.clientNom.trim() || !draft.clientAdresse.trim()) throw validationError(msg.clientMissing);
    const lines = await listLines(trx, [id]);
    if (lines.length === 0 || draft.totalCentimes <= 0) throw validationError(msg.nothingToIssue);
    const number = await numberFor(trx, 'facture', today);
    if (!number) throw new YearTurned();
    const row = await trx
      .updateTable('factures')
      .set({
        ...sellerOf(deps.config),
        statut: 'émise',
        numero: number.numero,
        dateEmission: number.day,
        dateEcheance: addDays(number.day, deps.config.invoicing.paymentDays),
        emiseLe: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('statut', '=', 'brouillon')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw issuedIsFinal();
    await recordQuoteEvent(trx, {
      devisId: row.devisId,
      by: { userId: viewer.id, role: 'admin' },
      event: 'facture émise',
      byName: row.numero,
    });
    await deps.hooks?.onIssued?.(trx, row);
    return row;
  });
}

/**
 * A credit note (« avoir ») against an issued invoice: its own sequence (A-2026-0001), the
 * invoice's customer, the reason, and either the amount given or all that is left of the
 * invoice (then, for an invoice never credited, a copy of its lines). It is issued at once.
 */
export async function issueCreditNote(deps: InvoiceDeps, viewer: Viewer, invoiceId: string, body: AvoirInput): Promise<Facture> {
  const today = () => todayOf(deps);
  const credit = await inIssuingTransaction(deps, async (trx) => {
    await lockRow(deps, trx, 'factures', invoiceId);
    const invoice = await findOrThrow(trx, invoiceId);
    if (invoice.type !== 'facture' || invoice.statut !== 'émise') throw conflict(msg.creditOnIssuedOnly);
    const previous = await listCreditNotesOf(trx, [invoiceId]);
    const left = invoice.totalCentimes - sum(previous.map((note) => note.totalCentimes));
    const amount = body.montantCentimes ?? left;
    if (amount <= 0) throw validationError(msg.creditEmpty);
    if (amount > left) throw validationError(msg.creditTooLarge(formatCentimes(Math.max(0, left))));
    const lines: NewLine[] =
      amount === invoice.totalCentimes && previous.length === 0
        ? (await listLines(trx, [invoiceId])).map((line) => ({
            description: line.description,
            quantiteCentiemes: line.quantiteCentiemes,
            prixUnitaireCentimes: line.prixUnitaireCentimes,
          }))
        : [{ description: `${d.creditAll(invoice.numero!)} – ${body.motif}`, quantiteCentiemes: 100, prixUnitaireCentimes: amount }];
    const number = await numberFor(trx, 'avoir', today);
    if (!number) throw new YearTurned();
    const row = await insertDocument(
      trx,
      {
        ...sellerOf(deps.config),
        type: 'avoir',
        statut: 'brouillon',
        numero: null,
        devisId: invoice.devisId,
        numeroDevis: invoice.numeroDevis,
        uid: invoice.uid,
        factureOrigineId: invoice.id,
        motif: body.motif,
        datePrestation: invoice.datePrestation,
        dateEmission: null,
        dateEcheance: null,
        emiseLe: null,
        clientNom: invoice.clientNom,
        clientAdresse: invoice.clientAdresse,
        clientEmail: invoice.clientEmail,
        clientType: invoice.clientType,
        clientSiret: invoice.clientSiret,
        pdfKey: null,
        pdfSha256: null,
        derniereRelance: null,
      },
      lines,
    );
    const issued = await trx
      .updateTable('factures')
      .set({ statut: 'émise', numero: number.numero, dateEmission: number.day, emiseLe: new Date().toISOString() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordQuoteEvent(trx, {
      devisId: issued.devisId,
      by: { userId: viewer.id, role: 'admin' },
      event: 'avoir émis',
      byName: issued.numero,
    });
    await deps.hooks?.onIssued?.(trx, issued);
    return issued;
  });
  deps.hooks?.afterCommit?.();
  await ensurePdf(deps, credit).catch((error: unknown) => {
    deps.log.error({ err: error, factureId: credit.id }, 'the credit note could not be made into a PDF yet: it will be on first demand');
  });
  return getFacture(deps, credit.id);
}

/**
 * Makes, stores and records the Factur-X PDF of an issued document that has none yet, and
 * queues its e-mail in the transaction that records it: the customer gets the document once,
 * whoever makes it first (the issue, a download, the start-up sweep). Each attempt stores
 * under a key of its own; the compare-and-set on `pdfKey` keeps one, the other is removed.
 */
export async function ensurePdf(deps: InvoiceDeps, issued: FactureRow): Promise<FactureRow> {
  if (issued.statut !== 'émise') throw issuedIsFinal();
  if (issued.pdfKey && issued.pdfSha256) return issued;
  const [lines, origin] = await Promise.all([
    listLines(deps.database.db, [issued.id]),
    issued.factureOrigineId ? findDocument(deps.database.db, issued.factureOrigineId) : Promise.resolve(undefined),
  ]);
  const pdf = await renderFacturX({ row: issued, lines, origin: origin ?? null, contact: deps.config.contact });
  const key = `factures/${issued.numero}-${randomUUID().slice(0, 8)}.pdf`;
  const stored = await storeDocument(deps.fileStore, key, pdf, { failureMessage: msg.pdfFailure });
  const recorded = await withWriteTransaction(deps.database, async (trx) => {
    const row = await trx
      .updateTable('factures')
      .set({ pdfKey: stored.key, pdfSha256: stored.sha256, updatedAt: new Date().toISOString() })
      .where('id', '=', issued.id)
      .where('pdfKey', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (row) await queueDocumentMail(trx, deps.config, row, origin ?? null);
    return row;
  });
  if (!recorded) {
    await deps.fileStore.delete(key).catch(() => undefined);
    return findOrThrow(deps.database.db, issued.id);
  }
  deps.outbox.kick();
  return recorded;
}

/** Issued documents left without their PDF (a crash or a store failure after issuing): made now. */
export async function repairMissingPdfs(deps: InvoiceDeps): Promise<number> {
  const rows = await deps.database.db
    .selectFrom('factures')
    .selectAll()
    .where('statut', '=', 'émise')
    .where('pdfKey', 'is', null)
    .execute();
  for (const row of rows) await ensurePdf(deps, row);
  return rows.length;
}

/** The PDF of an issued document, for its customer or the administrator. */
export async function getPdf(deps: InvoiceDeps, viewer: Viewer, id: string): Promise<{ content: Buffer; filename: string }> {
  const row = await findDocument(deps.database.db, id);
  // A draft has no PDF: it is nobody's document yet.
  if (!row || row.statut !== 'émise') throw notFound(msg.notFound);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'invoice', what: { factureId: row.id } },
    { log: deps.log, notFoundMessage: msg.notFound },
  );
  const withPdf = await ensurePdf(deps, row);
  const file = await readDocument(deps.fileStore, withPdf.pdfKey!, withPdf.pdfSha256);
  if (!file) throw new AppError('unavailable', msg.pdfFailure);
  if (!file.intact) deps.log.error({ factureId: row.id, key: withPdf.pdfKey }, 'the stored invoice PDF is not the one recorded');
  return { content: file.content, filename: invoiceFilename(row) };
}

// ——— Payments ———

/**
 * Records a payment received, or (negative) money given back after a credit note. Checked in
 * the write transaction with the invoice locked: a payment may not exceed what is left to pay,
 * a refund what was overpaid; no date in the future.
 */
export async function recordPayment(deps: InvoiceDeps, viewer: Viewer, id: string, body: PaiementInput): Promise<Facture> {
  if (body.montantCentimes === 0) throw validationError(msg.paymentZero);
  if (body.date > todayOf(deps)) throw validationError(msg.paymentInFuture);
  await withWriteTransaction(deps.database, async (trx) => {
    await lockRow(deps, trx, 'factures', id);
    const invoice = await findOrThrow(trx, id);
    if (invoice.type !== 'facture' || invoice.statut !== 'émise') throw conflict(msg.paymentOnIssuedOnly);
    const [item] = await enrich(trx, [invoice]);
    const { resteCentimes } = amountsOf(item!);
    if (body.montantCentimes > 0 && body.montantCentimes > resteCentimes) {
      throw validationError(msg.paymentTooLarge(formatCentimes(Math.max(0, resteCentimes))));
    }
    if (body.montantCentimes < 0 && -body.montantCentimes > -resteCentimes) {
      throw validationError(msg.refundTooLarge(formatCentimes(Math.max(0, -resteCentimes))));
    }
    const payment = await insertPayment(trx, {
      factureId: id,
      date: body.date,
      montantCentimes: body.montantCentimes,
      moyen: body.moyen,
      byUserId: viewer.id,
    });
    await deps.hooks?.onPaymentRecorded?.(trx, invoice, payment);
  });
  deps.hooks?.afterCommit?.();
  return getFacture(deps, id);
}

/** A reminder e-mail for an invoice still to pay (à payer, partiellement payée or en retard). */
export async function sendReminder(deps: InvoiceDeps, id: string): Promise<Facture> {
  const row = await findOrThrow(deps.database.db, id);
  const facture = await getFacture(deps, id);
  if (!facture.etat || !['à payer', 'partiellement payée', 'en retard'].includes(facture.etat)) throw conflict(msg.noReminder);
  const withPdf = await ensurePdf(deps, row);
  await withWriteTransaction(deps.database, async (trx) => {
    const updated = await trx
      .updateTable('factures')
      .set({ derniereRelance: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await queueReminderMail(
      trx,
      deps.config,
      { ...updated, pdfKey: withPdf.pdfKey },
      {
        resteCentimes: facture.resteCentimes,
        late: facture.etat === 'en retard',
      },
    );
  });
  deps.outbox.kick();
  return getFacture(deps, id);
}
