/**
 * Getting paid: the pure rules both sides use (issue 29). Money is integer cents; a day is
 * `YYYY-MM-DD` in France.
 */
import { formatCentimes } from './format.ts';
import { addDays } from './invoices.ts';
import { depositTexts } from './texts/payments.ts';
import { foldAccents } from './text-fold.ts';

// ——— The deposit (« acompte ») ———

/** The deposit's share of the final price, in whole per cent: 0 is none. */
export const DEPOSIT_PERCENT_MAX = 100;

/**
 * The deposit asked at signature: `pourcent` % of the final price, rounded to the cent (half
 * up), computed here once for the quote's PDF, its e-mail, the signing page and the deposit
 * invoice. 420,50 € at 30 % → 126,15 €.
 */
export function depositCents(prixCentimes: number, pourcent: number): number {
  if (!Number.isInteger(prixCentimes) || prixCentimes <= 0) return 0;
  if (!Number.isInteger(pourcent) || pourcent <= 0) return 0;
  return Math.round((prixCentimes * Math.min(pourcent, DEPOSIT_PERCENT_MAX)) / 100);
}

/**
 * What the quote's PDF, its e-mail and the signing page say of the deposit: « Acompte à la
 * signature : 126,15 € (30 %) »; null when none is asked. `prix` is the quote's final price in euros.
 */
export function depositAtSignature(devis: { prix: number; acomptePourcent?: number | null }): string | null {
  const pourcent = devis.acomptePourcent ?? 0;
  const cents = depositCents(Math.round(devis.prix * 100), pourcent);
  return cents > 0 ? depositTexts.atSignature(formatCentimes(cents), pourcent) : null;
}

// ——— The EPC QR code (EPC069-12, « SEPA Credit Transfer QR ») ———

export type EpcTransfer = {
  /** 8 or 11 characters; optional in version 002 within the EEA. */
  bic?: string | null;
  /** The beneficiary's name, 70 characters at most (cut beyond). */
  name: string;
  iban: string;
  amountCents: number;
  /** Unstructured remittance information (the invoice number), 140 characters at most. */
  text: string;
};

/** The most the EPC guideline lets a payload weigh (QR version 13, level M). */
export const EPC_MAX_BYTES = 331;

/**
 * The payload of a European Payments Council QR code: service tag `BCD`, version `002`,
 * character set 1 (UTF-8), identification `SCT`, BIC, name, IBAN, `EUR` amount with a dot
 * and two decimals, an empty purpose, no structured reference, the text; lines joined by LF
 * with nothing after the last element. Null when there is nothing to pay or it would not fit.
 */
export function epcPayload(transfer: EpcTransfer): string | null {
  if (!Number.isInteger(transfer.amountCents) || transfer.amountCents < 1 || transfer.amountCents > 99_999_999_999) return null;
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  const bic = (transfer.bic ?? '').replace(/\s+/g, '').toUpperCase();
  const name = singleLine(transfer.name).slice(0, 70);
  const text = singleLine(transfer.text).slice(0, 140);
  if (!iban || !name) return null;
  const amount = `EUR${Math.floor(transfer.amountCents / 100)}.${String(transfer.amountCents % 100).padStart(2, '0')}`;
  const payload = ['BCD', '002', '1', 'SCT', bic, name, iban, amount, '', '', text].join('\n').replace(/\n+$/, '');
  return new TextEncoder().encode(payload).length <= EPC_MAX_BYTES ? payload : null;
}

const singleLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** "FR7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189". */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

// ——— Bank statements: matching a credit to an open invoice ———

/** One line of a statement, as both parsers (CAMT.053 and CSV) give it. */
export type BankEntry = {
  /** Booking day. */
  date: string;
  /** Positive for a credit, negative for a debit. */
  montantCentimes: number;
  /** The counterparty's name, when the bank gives it (the payer of a credit). */
  contrepartie: string | null;
  /** Every text the bank wrote about it: remittance information, references, free label. */
  libelle: string;
  /** The bank's own reference of the entry, when it gives one. */
  referenceBanque: string | null;
};

/** The most invoices one credit may pay (a split on /admin/banque, or named in a transfer's texts). */
export const SPLIT_INVOICES_MAX = 10;

export type OpenInvoice = { id: string; numero: string; resteCentimes: number; clientNom: string };

export type BankMatch =
  /** The invoice's number is in the texts and the amount is not more than is due: recorded at once. */
  | { kind: 'sure'; factureId: string }
  /** The texts name several open invoices and the amount is exactly what they await together: recorded at once, split. */
  | { kind: 'split'; factureIds: string[] }
  /** The amount is what an invoice still awaits and the payer's name is its customer's: the administrator confirms. */
  | { kind: 'proposed'; factureId: string }
  | { kind: 'none' };

/**
 * Invoice numbers (`F-2026-0007`) found in a bank's text, whatever it did with the separators
 * (`F-2026-0007`, `F 2026 0007`, `F20260007`, `f-2026-7` is not one: four digits at least).
 */
export function invoiceNumbersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.toUpperCase().matchAll(/(?<![A-Z0-9])F[\s\-_/.]?(\d{4})[\s\-_/.]?(\d{4,6})(?!\d)/g)) {
    found.add(`F-${match[1]}-${match[2]}`);
  }
  return [...found];
}

const NAME_NOISE = new Set([
  'm',
  'mr',
  'mme',
  'mlle',
  'm.',
  'monsieur',
  'madame',
  'sarl',
  'sas',
  'sasu',
  'eurl',
  'sa',
  'sci',
  'ei',
  'et',
  'de',
  'du',
  'la',
  'le',
  'les',
  'des',
]);

/** The words of a name that say who it is: folded, without civilities and legal forms. */
function nameWords(name: string): Set<string> {
  return new Set(
    foldAccents(name)
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 2 && !NAME_NOISE.has(word)),
  );
}

/** How many words two names share ("MARTIN CLAIRE" and "Claire Martin": 2). */
export function nameScore(a: string, b: string): number {
  const wordsA = nameWords(a);
  let shared = 0;
  for (const word of nameWords(b)) if (wordsA.has(word)) shared += 1;
  return shared;
}

/**
 * Which open invoice a credit pays. First the invoice number in the bank's texts: a sure
 * match when exactly that invoice is open and the amount is not more than what it awaits, a
 * split when several are named and the amount is exactly what they await together;
 * then the amount equal to what an invoice awaits and the payer's name sharing a word with
 * its customer's: a proposal (the best-named one). Anything else is left to the administrator.
 */
export function matchCredit(entry: BankEntry, invoices: readonly OpenInvoice[]): BankMatch {
  if (entry.montantCentimes <= 0) return { kind: 'none' };
  const byNumber = new Map(invoices.map((invoice) => [invoice.numero, invoice]));
  const named = invoiceNumbersIn(`${entry.libelle} ${entry.referenceBanque ?? ''}`)
    .map((numero) => byNumber.get(numero))
    .filter((invoice): invoice is OpenInvoice => invoice !== undefined && invoice.resteCentimes > 0);
  if (named.length === 1 && entry.montantCentimes <= named[0]!.resteCentimes) return { kind: 'sure', factureId: named[0]!.id };
  const awaited = named.reduce((total, invoice) => total + invoice.resteCentimes, 0);
  if (named.length > 1 && named.length <= SPLIT_INVOICES_MAX && entry.montantCentimes === awaited) {
    return { kind: 'split', factureIds: named.map((invoice) => invoice.id) };
  }
  if (named.length > 0) return { kind: 'proposed', factureId: named[0]!.id };
  if (!entry.contrepartie) return { kind: 'none' };
  const payer = entry.contrepartie;
  const best = invoices
    .filter((invoice) => invoice.resteCentimes === entry.montantCentimes)
    .map((invoice) => ({ invoice, score: nameScore(payer, invoice.clientNom) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score)[0];
  return best ? { kind: 'proposed', factureId: best.invoice.id } : { kind: 'none' };
}

/** An open invoice, what it awaits and when it falls due (null: none stated). */
export type DueInvoice = { id: string; numero: string; resteCentimes: number; dateEcheance: string | null };

/** The part of a credit that pays one invoice. */
export type CreditShare = { factureId: string; montantCentimes: number };

export type CreditSplit =
  | { ok: true; shares: CreditShare[] }
  /** The credit is more than the chosen invoices await together. */
  | { ok: false; reason: 'more-than-due' }
  /** The credit pays the earlier invoices in full and leaves nothing for a later one. */
  | { ok: false; reason: 'not-enough' };

/**
 * How one credit pays the open invoices the administrator chose (a customer's transfer for two
 * invoices): the one due first in full, then the next, the last one with what is left — the order
 * art. 1342-10 of the Code civil sets when the payer said nothing (the debts due first, the oldest
 * first). The invoices given are those still awaiting money (`resteCentimes` > 0).
 */
export function splitCredit(montantCentimes: number, invoices: readonly DueInvoice[]): CreditSplit {
  const ordered = invoices.toSorted(
    (a, b) => (a.dateEcheance ?? '9999').localeCompare(b.dateEcheance ?? '9999') || a.numero.localeCompare(b.numero),
  );
  const shares: CreditShare[] = [];
  let left = montantCentimes;
  for (const [index, invoice] of ordered.entries()) {
    if (left <= 0) return { ok: false, reason: 'not-enough' };
    const share = index === ordered.length - 1 ? left : Math.min(left, invoice.resteCentimes);
    if (share > invoice.resteCentimes) return { ok: false, reason: 'more-than-due' };
    shares.push({ factureId: invoice.id, montantCentimes: share });
    left -= share;
  }
  return { ok: true, shares };
}

// ——— Reminders ———

/**
 * The reminders of an invoice, in order: a few days before the due date (optional), the day
 * after it, fifteen days after it. Each is sent once (docs/decisions/ gives the legal basis).
 */
export const REMINDER_STEPS = ['avant-echeance', 'echeance-depassee', 'echeance-plus-15'] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

/** Whether a step is a late reminder (the penalties and, for a business, the 40 € indemnity are stated). */
export const isLateStep = (step: ReminderStep) => step !== 'avant-echeance';

/** The day a reminder step falls due for an invoice due on `dueDate`; null for the first when it is not wanted. */
export function reminderDay(step: ReminderStep, dueDate: string, beforeDays: number): string | null {
  switch (step) {
    case 'avant-echeance':
      return beforeDays > 0 ? addDays(dueDate, -beforeDays) : null;
    case 'echeance-depassee':
      return addDays(dueDate, 1);
    case 'echeance-plus-15':
      return addDays(dueDate, 15);
  }
}

export type ReminderSchedule = {
  /** The invoice's issue day: a step falling on it or before is not sent (the invoice's own e-mail just went). */
  issuedOn: string;
  dueDate: string;
  today: string;
  /** The steps already sent for this invoice. */
  sent: readonly ReminderStep[];
  /** Days before the due date of the first reminder; 0: none. */
  beforeDays: number;
};

/**
 * The reminder to send `today`: the latest step whose day has come, if it was not sent. A step
 * missed (the server was off on its day) is not sent late once a later one is due; none is
 * sent twice.
 */
export function reminderToSend({ issuedOn, dueDate, today, sent, beforeDays }: ReminderSchedule): ReminderStep | null {
  const latest = REMINDER_STEPS.filter((step) => {
    const day = reminderDay(step, dueDate, beforeDays);
    return day !== null && day > issuedOn && day <= today;
  }).at(-1);
  return latest && !sent.includes(latest) ? latest : null;
}
