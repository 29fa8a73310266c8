/**
 * Invoices and credit notes (« factures » and « avoirs »): the pure rules both sides use.
 * Money is integer cents; a quantity is kept in hundredths (1,5 h → 150) so that every line
 * amount is computed the same way everywhere, and the XML, the PDF and the screens agree.
 */

export const FACTURE_TYPES = ['facture', 'avoir'] as const;
export type FactureType = (typeof FACTURE_TYPES)[number];

/** A draft has no number and can be changed or deleted; an issued document never again. */
export const FACTURE_STATUTS = ['brouillon', 'émise'] as const;
export type FactureStatut = (typeof FACTURE_STATUTS)[number];

export const MOYENS_PAIEMENT = ['virement', 'chèque', 'espèces', 'carte'] as const;
export type MoyenPaiement = (typeof MOYENS_PAIEMENT)[number];

/**
 * Where an invoice stands. The four of the issue, plus a draft and an invoice cancelled whole
 * by credit notes. A credit note has no payment state of its own.
 */
export const ETATS_FACTURE = ['brouillon', 'à payer', 'partiellement payée', 'payée', 'en retard', 'annulée'] as const;
export type EtatFacture = (typeof ETATS_FACTURE)[number];

/** Numbers: one continuous sequence per year and per kind, `F-2026-0001`, `A-2026-0001`. */
export const NUMERO_PREFIX: Record<FactureType, 'F' | 'A'> = { facture: 'F', avoir: 'A' };

/** A document's type code (BT-3, UNTDID 1001): 381 a credit note, 386 a deposit invoice, 380 an invoice. */
export const documentTypeCode = (document: { type: FactureType; nature: 'acompte' | null }): '380' | '381' | '386' =>
  document.type === 'avoir' ? '381' : document.nature === 'acompte' ? '386' : '380';

export function formatNumeroFacture(type: FactureType, year: number, sequence: number): string {
  return `${NUMERO_PREFIX[type]}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** A line's amount in cents: quantity (hundredths) × unit price (cents), rounded half away from zero. */
export function lineAmountCents(quantiteCentiemes: number, prixUnitaireCentimes: number): number {
  const exact = (quantiteCentiemes * prixUnitaireCentimes) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

export type LineAmounts = { quantiteCentiemes: number; prixUnitaireCentimes: number };

export function totalCents(lines: readonly LineAmounts[]): number {
  return lines.reduce((sum, line) => sum + lineAmountCents(line.quantiteCentiemes, line.prixUnitaireCentimes), 0);
}

/** Lines with the amount of each and the document's total: the one computation of both, for the stored document. */
export function priceLines<Line extends LineAmounts>(lines: readonly Line[]) {
  return {
    lines: lines.map((line) => ({ ...line, montantCentimes: lineAmountCents(line.quantiteCentiemes, line.prixUnitaireCentimes) })),
    totalCentimes: totalCents(lines),
  };
}

/** A quantity as typed or sent (1, 1.5, "1,5") in hundredths; null when it is not a positive number with at most 2 decimals. */
export function quantityToHundredths(value: number): number | null {
  const hundredths = Math.round(value * 100);
  if (!Number.isFinite(value) || value <= 0 || Math.abs(hundredths - value * 100) > 1e-6) return null;
  return hundredths;
}

export type PaymentState = {
  statut: FactureStatut;
  totalCentimes: number;
  /** What the issued credit notes of this invoice take off it. */
  avoirsCentimes: number;
  /** The payments recorded (a refund counts negative). */
  payeCentimes: number;
  /** A final invoice: the deposit invoices it deducts (payments/). */
  acomptesCentimes?: number;
  /** YYYY-MM-DD; null on a draft. */
  dateEcheance: string | null;
};

/** What an invoice is worth once its credit notes are taken off (0 or less: cancelled whole). */
export const netCentimes = (state: Pick<PaymentState, 'totalCentimes' | 'avoirsCentimes'>) => state.totalCentimes - state.avoirsCentimes;

/** What is left to pay: the total less its credit notes and the payments (negative when overpaid). */
export const resteAPayer = (state: Pick<PaymentState, 'totalCentimes' | 'avoirsCentimes' | 'payeCentimes' | 'acomptesCentimes'>) =>
  netCentimes(state) - (state.acomptesCentimes ?? 0) - state.payeCentimes;

/** The state of an invoice on `today` (YYYY-MM-DD in France): overdue wins over partly paid. */
export function etatFacture(state: PaymentState, today: string): EtatFacture {
  if (state.statut === 'brouillon') return 'brouillon';
  const net = netCentimes(state);
  if (net <= 0) return 'annulée';
  if (state.payeCentimes >= net - (state.acomptesCentimes ?? 0)) return 'payée';
  if (state.dateEcheance && today > state.dateEcheance) return 'en retard';
  if (state.payeCentimes > 0) return 'partiellement payée';
  return 'à payer';
}

/** An invoice still to pay: the one a reminder goes for, and the customer's « Payer » opens. */
export const isStillToPay = (etat: EtatFacture | null | undefined): boolean =>
  etat === 'à payer' || etat === 'partiellement payée' || etat === 'en retard';

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Calendar days from one YYYY-MM-DD to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

export const isIsoDay = (value: string) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) && !Number.isNaN(Date.parse(value));

/** The quarter (1–4) of a month (1–12). */
export const quarterOf = (month: number) => Math.ceil(month / 3);

/**
 * A French postal address written on one line ("12 rue de la République, 69002 Lyon") split
 * into what an e-invoice carries: the street, the postcode and the city. An address without
 * a recognisable postcode stays whole in `line`.
 */
export function splitFrenchAddress(text: string): { line: string; postcode: string | null; city: string | null } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const match = /^(.*?)[,\s]+(\d{5})\s+([^,\d][^,]*?)(?:,\s*France)?$/i.exec(trimmed);
  if (!match || !match[1]) return { line: trimmed, postcode: null, city: null };
  return { line: match[1].replace(/,\s*$/, ''), postcode: match[2]!, city: match[3]!.trim() };
}

/** An amount typed in euros ("1 250,50", "1250.5", "-30") in cents; null when it is not one. */
export function parseEurosToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

/** A quantity typed in French ("1,5") as a number; null when it is not a positive one with at most 2 decimals. */
export function parseQuantity(text: string): number | null {
  const compact = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact) || Number(compact) <= 0) return null;
  return Number(compact);
}
