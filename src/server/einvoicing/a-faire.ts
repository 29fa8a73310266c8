import type { EtatPlateforme } from '#domain/einvoicing.ts';
import { A_FAIRE_SHOWN, type AFaireItem } from '#domain/schemas/a-faire.ts';
import { countedItem } from '#server/admin-home/provider.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { standingDocuments } from '#server/invoices/service.ts';
import { invoiceIdsBySendingStatus, invoiceIdsWithLatestStatus, listPurchasesToDecide } from './repository.ts';

/**
 * E-invoicing's part of « À faire » (issue 34). Both read only our own tables: with no platform
 * configured they are empty and nothing shows.
 */

/**
 * Invoices the platform rejected (213) or their buyer refused (210), and those our checks or the
 * platform kept from leaving: each stays issued until the administrator cancels it by a credit
 * note (then it leaves the band) and issues a corrected one.
 */
export async function platformInvoicesToCorrect(deps: { database: DatabaseHandle }): Promise<AFaireItem | null> {
  const db = deps.database.db;
  const [rejected, refused, invalid, failed] = await Promise.all([
    invoiceIdsWithLatestStatus(db, '213'),
    invoiceIdsWithLatestStatus(db, '210'),
    invoiceIdsBySendingStatus(db, ['invalid']),
    invoiceIdsBySendingStatus(db, ['failed']),
  ]);
  const etats = new Map<string, EtatPlateforme>([
    ...failed.map((id) => [id, 'échec'] as const),
    ...invalid.map((id) => [id, 'non conforme'] as const),
    ...refused.map((id) => [id, '210'] as const),
    ...rejected.map((id) => [id, '213'] as const),
  ]);
  const standing = await standingDocuments(db, [...etats.keys()]);
  if (standing.length === 0) return null;
  return {
    type: 'plateforme-a-corriger',
    nombre: standing.length,
    factures: standing.slice(0, A_FAIRE_SHOWN).map((document) => ({ ...document, etat: etats.get(document.id)! })),
  };
}

/** Supplier invoices received through the platform that wait for « Approuver » or « Refuser ». */
export async function purchasesToDecide(deps: { database: DatabaseHandle }): Promise<AFaireItem | null> {
  const rows = await listPurchasesToDecide(deps.database.db, A_FAIRE_SHOWN);
  return countedItem(rows, (nombre) => ({
    type: 'achats-a-traiter',
    nombre,
    achats: rows.map((row) => ({
      id: row.id,
      fournisseur: row.fournisseurNom,
      numero: row.numero,
      totalTtcCentimes: row.totalTtcCentimes,
      recuLe: row.recuLe,
    })),
  }));
}
