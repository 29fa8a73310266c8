import { formatCentimesDecimal, formatDay } from '#domain/format.ts';
import { quarterOf } from '#domain/invoices.ts';
import type { Revenue } from '#domain/schemas/invoices.ts';
import { MOYEN_LABELS, revenueCsvTexts as c } from '#domain/texts/invoices.ts';
import type { Db } from '#server/db/index.ts';
import { semicolonCsv } from '#server/documents/csv.ts';
import { listPaymentsBetween } from './repository.ts';

/**
 * The revenue a micro-entrepreneur declares: money collected (payments received, refunds
 * deducted), by the day it came in, not invoices issued. Per month and per quarter (the two
 * rhythms of the Urssaf declaration), and the year's total against the annual ceiling.
 */
export async function getRevenue(db: Db, year: number, ceilingCents: number): Promise<Revenue> {
  const payments = await listPaymentsBetween(db, `${year}-01-01`, `${year}-12-31`);
  const months = Array.from({ length: 12 }, (_, index) => ({ mois: index + 1, totalCentimes: 0 }));
  for (const payment of payments) months[Number(payment.date.slice(5, 7)) - 1]!.totalCentimes += payment.montantCentimes;
  const quarters = [1, 2, 3, 4].map((trimestre) => ({
    trimestre,
    totalCentimes: months.filter((month) => quarterOf(month.mois) === trimestre).reduce((sum, month) => sum + month.totalCentimes, 0),
  }));
  return {
    annee: year,
    totalCentimes: months.reduce((sum, month) => sum + month.totalCentimes, 0),
    plafondCentimes: ceilingCents,
    mois: months,
    trimestres: quarters,
    encaissements: payments.length,
  };
}

/**
 * The receipts book (« livre des recettes ») of a year for the accountant: one line per
 * payment in the order money came in (documents/csv.ts: `;`, decimal comma, UTF-8 with BOM).
 */
export async function revenueCsv(db: Db, year: number): Promise<string> {
  const payments = await listPaymentsBetween(db, `${year}-01-01`, `${year}-12-31`);
  const rows = [
    c.header,
    ...payments.map((payment) => [
      formatDay(payment.date),
      payment.montantCentimes < 0 ? c.refund(payment.numero ?? '') : (payment.numero ?? ''),
      payment.clientNom,
      c.nature,
      MOYEN_LABELS[payment.moyen],
      formatCentimesDecimal(payment.montantCentimes),
    ]),
  ];
  return semicolonCsv(rows);
}
