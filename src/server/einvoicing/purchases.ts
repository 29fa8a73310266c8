import { createHash, randomUUID } from 'node:crypto';
import {
  categoryOfPurchase,
  paymentMeansCodeToKeep,
  paymentMeansOfInvoice,
  type CategorieDepense,
  type MoyenPaiementDepense,
} from '#domain/expenses.ts';
import { PURCHASE_DECISIONS, type PurchaseDecision, type RefusalReason } from '#domain/einvoicing.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { einvoicingApiMessages as msg, reasonLabels } from '#domain/texts/einvoicing.ts';
import { withWriteTransaction, type Db } from '#server/db/index.ts';
import type { PaAchatRow } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { readEmbeddedFile } from '#server/invoices/factur-x.ts';
import { buildCdar } from './cdar.ts';
import type { Flow } from './platform-client.ts';
import {
  clearPurchasesExpense,
  decidePurchase,
  findPurchase,
  insertFlow,
  insertPurchase,
  insertStatus,
  purchaseExists,
} from './repository.ts';
import { readSupplierInvoice } from './supplier-invoice.ts';
import type { Wired } from './deps.ts';

/**
 * Supplier invoices received through the platform (flows `SupplierInvoice`, direction `In`):
 * read (Factur-X, CII or UBL), stored with their file, listed in /admin/achats; the operator
 * approves one (« Approuvée », 205), optionally turning it into an expense of a mission, or
 * refuses it with a reason (« Refusée », 210); the status goes back to the supplier as a CDAR flow.
 */

const isPdf = (content: Buffer) => content.subarray(0, 5).toString('latin1') === '%PDF-';

export type PurchaseDeps = Pick<Wired, 'database' | 'platform' | 'fileStore' | 'log' | 'now'>;

/**
 * Stores a received supplier invoice once (its flow id): the file (a PDF, or the platform's
 * readable view of an XML one, else the XML), and what it says. False when it was read already or
 * cannot be read (logged: the platform keeps it, the operator sees it there).
 */
export async function receiveSupplierInvoice(
  deps: PurchaseDeps,
  flow: Flow,
  original: { content: Buffer; contentType: string },
): Promise<boolean> {
  if (await purchaseExists(deps.database.db, flow.flowId)) return false;
  let xml: string | null;
  let file = original.content;
  if (isPdf(original.content)) {
    xml =
      (await readEmbeddedFile(original.content, ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']))?.data.toString('utf8') ?? null;
  } else {
    xml = original.content.toString('utf8');
    const readable = await deps.platform.getFlowFile(flow.flowId, 'ReadableView').catch(() => null);
    if (readable && isPdf(readable.content)) file = readable.content;
  }
  const invoice = xml ? readSupplierInvoice(xml) : null;
  if (!invoice) {
    deps.log.warn({ flowId: flow.flowId }, 'supplier invoice that could not be read: left on the platform');
    return false;
  }
  const sha256 = createHash('sha256').update(file).digest('hex');
  const fileType = isPdf(file) ? 'application/pdf' : 'application/xml';
  const key = `achats/${sha256.slice(0, 16)}-${randomUUID().slice(0, 8)}.${fileType === 'application/pdf' ? 'pdf' : 'xml'}`;
  await deps.fileStore.put(key, file, fileType);
  const now = deps.now();
  const { isNew } = await insertPurchase(deps.database.db, {
    flowId: flow.flowId,
    fournisseurNom: invoice.supplierName || invoice.supplierSiren || '?',
    fournisseurSiren: invoice.supplierSiren,
    fournisseurAdresse: invoice.supplierAddress,
    numero: invoice.number,
    typeCode: invoice.typeCode,
    dateFacture: invoice.issueDate,
    totalHtCentimes: invoice.totalExclCents,
    tvaCentimes: invoice.vatCents,
    totalTtcCentimes: invoice.totalInclCents,
    devise: invoice.currency,
    libellesLignes: invoice.lineLabels,
    codeMoyenPaiement: paymentMeansCodeToKeep(invoice.paymentMeansCodes),
    fileKey: key,
    fileType,
    fileSha256: sha256,
    recuLe: flow.submittedAt ?? flow.updatedAt ?? now.toISOString(),
  });
  // Another instance stored it meanwhile: this copy of the file is not referenced.
  if (!isNew) await deps.fileStore.delete(key).catch(() => undefined);
  return isNew;
}

/** The expense category a received invoice suggests, from its supplier and its lines: the page preselects it, the server takes it by default. */
export const suggestedCategoryOf = (purchase: Pick<PaAchatRow, 'fournisseurNom' | 'libellesLignes'>) =>
  categoryOfPurchase(purchase.fournisseurNom, purchase.libellesLignes);

/** How a received invoice was paid, by the payment means code kept: the page preselects it, the server takes it by default. */
export const suggestedMeansOf = (purchase: Pick<PaAchatRow, 'codeMoyenPaiement'>) => paymentMeansOfInvoice(purchase.codeMoyenPaiement);

export const findPurchaseByNumber = (db: Db, numero: string, supplierSiren: string | null) => {
  let query = db.selectFrom('pa_achats').select('id').where('numero', '=', numero);
  if (supplierSiren) query = query.where('fournisseurSiren', '=', supplierSiren);
  return query.orderBy('recuLe', 'desc').executeTakeFirst();
};

export type DecisionDeps = Pick<Wired, 'database' | 'fileStore' | 'config' | 'createExpense' | 'now'>;

export type DecisionInput =
  | {
      decision: Extract<PurchaseDecision, 'approuvée'>;
      /** As an expense: of a mission or general, of the category and means the operator chose (none: the suggested ones). */
      depense: null | { devisId: string | null; categorie?: CategorieDepense; moyenPaiement?: MoyenPaiementDepense };
    }
  | { decision: Extract<PurchaseDecision, 'refusée'>; motif: RefusalReason; commentaire: string | null };

/**
 * Approves or refuses a received invoice, once: the decision and the status flow (CDAR 205 or 210,
 * addressed to the supplier) in one transaction; an approval may first become an expense.
 */
export async function decideOnPurchase(deps: DecisionDeps, id: string, input: DecisionInput): Promise<PaAchatRow> {
  const purchase = await findPurchase(deps.database.db, id);
  if (!purchase) throw notFound(msg.purchaseNotFound);
  if (purchase.statut !== 'reçue') throw conflict(msg.alreadyDecided);
  const now = deps.now();
  const asExpense = input.decision === 'approuvée' ? input.depense : null;
  const devisId = asExpense?.devisId ?? null;
  const expenses = asExpense ? deps.createExpense : null;
  const code = PURCHASE_DECISIONS[input.decision];
  const ourSiren = sirenOfSiret(deps.config.seller.siret) ?? '';
  const motif = input.decision === 'refusée' ? input.motif : null;
  const comment = input.decision === 'refusée' ? input.commentaire : null;
  const trackingId = `LC-${randomUUID()}`.slice(0, 36);
  const cdar = buildCdar({
    id: trackingId,
    issuedAt: now,
    issuer: { role: 'BY', siren: ourSiren },
    recipient: {
      role: 'SE',
      siren: purchase.fournisseurSiren ?? undefined,
      electronicAddress: purchase.fournisseurAdresse ?? purchase.fournisseurSiren ?? undefined,
    },
    invoice: {
      number: purchase.numero,
      typeCode: purchase.typeCode ?? '380',
      issueDate: purchase.dateFacture ?? now.toISOString().slice(0, 10),
      sellerSiren: purchase.fournisseurSiren ?? '',
    },
    status: { code, ...(motif ? { reasonCode: motif, reason: comment ?? reasonLabels[motif] } : {}) },
  });
  const depenseId = await withWriteTransaction(deps.database, async (trx) => {
    const expense = await expenses?.create(trx, {
      origine: `facture-fournisseur:${purchase.id}`,
      devisId,
      categorie: asExpense?.categorie ?? suggestedCategoryOf(purchase),
      montantCentimes: purchase.totalTtcCentimes ?? 0,
      tvaCentimes: purchase.tvaCentimes ?? 0,
      date: purchase.dateFacture ?? now.toISOString().slice(0, 10),
      moyenPaiement: asExpense?.moyenPaiement ?? suggestedMeansOf(purchase),
      note: `${purchase.fournisseurNom} – ${purchase.numero}`,
    });
    const isFirst = await decidePurchase(
      trx,
      id,
      {
        statut: input.decision,
        motifRefus: motif ? [reasonLabels[motif], comment].filter(Boolean).join(' – ') : null,
        depenseId: expense?.id ?? null,
        devisId,
      },
      now,
    );
    if (!isFirst) throw conflict(msg.alreadyDecided);
    const flow = await insertFlow(
      trx,
      {
        kind: 'statut',
        factureId: null,
        achatId: id,
        periode: null,
        trackingId,
        name: `LC_${purchase.numero}_${code}`.slice(0, 200),
        flowSyntax: 'CDAR',
        processingRule: null,
        payload: cdar,
      },
      now,
    );
    await insertStatus(
      trx,
      { factureId: null, achatId: id, code, reasonCode: motif, reason: comment, source: 'nous', flowId: flow.id, at: now.toISOString() },
      now,
    );
    return expense?.id ?? null;
  });
  // The supplier's PDF as the expense's receipt (an XML invoice has none); the expense stands without it.
  if (expenses && depenseId && purchase.fileType === 'application/pdf') {
    const file = await deps.fileStore.get(purchase.fileKey);
    if (file) await expenses.attachReceipt(depenseId, file);
  }
  return (await findPurchase(deps.database.db, id))!;
}

/**
 * For the expenses: an expense made from an approved supplier invoice is deleted; the purchase
 * stays approved (the platform has the decision) and no longer names it.
 */
export const forgetExpenseOfPurchases = (trx: Db, depenseId: string) => clearPurchasesExpense(trx, depenseId);
