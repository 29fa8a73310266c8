import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { parisToday } from '#domain/format.ts';
import { isBusinessBuyer } from '#domain/einvoicing.ts';
import type { Achat, AchatList, Annuaire, Ereporting } from '#domain/schemas/einvoicing.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { directoryLabels, einvoicingApiMessages as msg } from '#domain/texts/einvoicing.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { PaAchatRow, PaAnnuaireRow } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { findIssuedDocument } from '#server/invoices/issued.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { reportingOverview, reportKindOf, reportTypeOf } from './ereporting.ts';
import { suggestedCategoryOf, suggestedMeansOf } from './purchases.ts';
import { countPurchases, findPurchase, listPurchases } from './repository.ts';
import type { Einvoicing } from './service.ts';

/** What the back office reads of e-invoicing, as the API shows it (src/domain/schemas/einvoicing.ts). */

export type ViewDeps = { database: DatabaseHandle; fileStore: FileStore; einvoicing: Einvoicing };

const PER_PAGE = 50;

export const toAnnuaire = (entry: PaAnnuaireRow): Annuaire => ({
  siren: entry.siren,
  receives: entry.receives,
  libelle: directoryLabels[entry.receives],
  verifieLe: entry.checkedAt,
});

export const toAchat = (row: PaAchatRow): Achat => ({
  id: row.id,
  fournisseurNom: row.fournisseurNom,
  fournisseurSiren: row.fournisseurSiren,
  numero: row.numero,
  dateFacture: row.dateFacture,
  totalHtCentimes: row.totalHtCentimes,
  tvaCentimes: row.tvaCentimes,
  totalTtcCentimes: row.totalTtcCentimes,
  devise: row.devise,
  statut: row.statut,
  motifRefus: row.motifRefus,
  depenseId: row.depenseId,
  devisId: row.devisId,
  categorieSuggeree: suggestedCategoryOf(row),
  moyenPaiementSuggere: suggestedMeansOf(row),
  recuLe: row.recuLe,
  fichierUrl: apiPath(apiRoutes.einvoicing.purchaseFile, { id: row.id }),
});

/** Whether a business receives e-invoices, from the cache or the Directory Service. */
export async function directoryAnswer(deps: ViewDeps, siren: string, refresh: boolean) {
  const entry = await deps.einvoicing.directory(siren, { refresh });
  return { enabled: deps.einvoicing.enabled, annuaire: entry ? toAnnuaire(entry) : null };
}

/** An invoice at the platform (with its history) and its business customer's directory answer. */
export async function invoicePlatform(deps: ViewDeps, factureId: string) {
  const row = await findIssuedDocument(deps.database.db, factureId);
  if (!row) throw notFound(msg.notFound);
  if (!deps.einvoicing.enabled) return { enabled: false, plateforme: null, annuaire: null };
  const state = (await deps.einvoicing.statesOf([factureId])).get(factureId) ?? null;
  const siren = isBusinessBuyer(row) ? sirenOfSiret(row.clientSiret ?? '') : null;
  const entry = siren ? await deps.einvoicing.directory(siren) : null;
  return { enabled: true, plateforme: state, annuaire: entry ? toAnnuaire(entry) : null };
}

export async function purchasesPage(deps: ViewDeps, page: number): Promise<AchatList> {
  const [rows, total] = await Promise.all([
    listPurchases(deps.database.db, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
    countPurchases(deps.database.db),
  ]);
  return {
    enabled: deps.einvoicing.enabled,
    depensesDisponibles: deps.einvoicing.canMakeExpenses,
    items: rows.map(toAchat),
    total,
    page,
    parPage: PER_PAGE,
  };
}

/** A received invoice's file, as it was stored, and the name it is downloaded under. */
export async function purchaseFile(deps: ViewDeps, id: string) {
  const purchase = await findPurchase(deps.database.db, id);
  const content = purchase ? await deps.fileStore.get(purchase.fileKey) : null;
  if (!purchase || !content) throw notFound(msg.purchaseNotFound);
  const extension = purchase.fileType === 'application/pdf' ? 'pdf' : 'xml';
  return { content, type: purchase.fileType, filename: `achat-${purchase.numero}.${extension}` };
}

export async function reportingPage(deps: ViewDeps): Promise<Ereporting> {
  const periods = await reportingOverview(deps.database.db, parisToday());
  return {
    enabled: deps.einvoicing.enabled,
    periodes: periods.map((entry) => ({
      id: entry.period.id,
      debut: entry.period.start,
      fin: entry.period.end,
      echeance: entry.period.dueBy,
      terminee: entry.ended,
      obligatoire: entry.mandatory,
      ventesCentimes: entry.salesCents,
      ventesNombre: entry.salesCount,
      encaissementsCentimes: entry.paymentsCents,
      envois: entry.flows.map((flow) => ({
        nature: reportKindOf(flow),
        type: reportTypeOf(flow),
        statut: flow.status,
        accuse: flow.ackStatus,
        erreur: flow.lastError ?? flow.ackReason,
        creeLe: flow.createdAt,
      })),
    })),
  };
}
