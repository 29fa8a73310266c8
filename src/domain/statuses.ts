/** Quote statuses, spelled as in the specification (section 4). */
export const STATUTS = ['en attente', 'en attente de confirmation', 'confirmé', 'envoyé', 'en cours', 'terminé', 'archivé'] as const;

export type Statut = (typeof STATUTS)[number];

/** Every quote starts here (spec section 4); the transition table takes it on from there. */
export const INITIAL_STATUT: Statut = 'en attente';

const STATUT_LABELS: Record<Statut, string> = {
  'en attente': 'En attente',
  'en attente de confirmation': 'En attente de confirmation',
  confirmé: 'Confirmé',
  envoyé: 'Envoyé',
  'en cours': 'En cours',
  terminé: 'Terminé',
  archivé: 'Archivé',
};

/**
 * A status read from outside (the original app's data, where it may be empty or unknown): it
 * reads as "en attente". Our own column is NOT NULL and only ever written from STATUTS.
 */
export function normalizeStatut(statut: string | null | undefined): Statut {
  return (STATUTS as readonly (string | null | undefined)[]).includes(statut) ? (statut as Statut) : INITIAL_STATUT;
}

export function statutLabel(statut: string | null | undefined): string {
  return STATUT_LABELS[normalizeStatut(statut)];
}

/** Statuses in which `prix` is the final price the administrator confirmed (decimal), not the estimate. */
export const FINAL_PRICE_STATUTS: readonly Statut[] = ['confirmé', 'envoyé', 'en cours', 'terminé'];

/**
 * Whether the quote's `prix` is the final price: by its status, or, once archived (a withdrawal,
 * a quote put away after its mission), by the clauses its confirmation recorded.
 */
export function hasFinalPrice(devis: { statut: string | null | undefined; clauses?: unknown }): boolean {
  const statut = normalizeStatut(devis.statut);
  return FINAL_PRICE_STATUTS.includes(statut) || (statut === 'archivé' && (devis.clauses ?? null) !== null);
}

export type Role = 'customer' | 'admin';

export type QuoteAction =
  | 'complete'
  | 'archive'
  | 'restore'
  | 'delete'
  | 'sign'
  | 'withdraw'
  | 'confirm'
  | 'extend'
  | 'markSent'
  | 'confirmSigned'
  | 'uploadSigned'
  | 'finish'
  | 'deliver';

type Transition = { from: readonly Statut[]; to: Statut | null };

/**
 * The one transition table: the server refuses what is not here, the client shows a
 * button only for what is here. `to: null` means the quote is deleted.
 */
export const TRANSITIONS: Record<Role, Partial<Record<QuoteAction, Transition>>> = {
  customer: {
    complete: { from: ['en attente'], to: 'en attente de confirmation' },
    archive: { from: ['en attente'], to: 'archivé' },
    restore: { from: ['archivé'], to: 'en attente' },
    delete: { from: ['en attente', 'archivé'], to: null },
    // Online signature of the quote sent (signatures/); the paper way stays the admin's uploadSigned.
    sign: { from: ['envoyé'], to: 'en cours' },
    // A consumer's withdrawal from the signed contract (legal/, L221-18): the quote leaves the active list.
    withdraw: { from: ['en cours'], to: 'archivé' },
  },
  admin: {
    // Once confirmé, the e-mail for signature is queued: its retry is the way on, not a second confirmation.
    confirm: { from: ['en attente', 'en attente de confirmation'], to: 'confirmé' },
    markSent: { from: ['confirmé'], to: 'envoyé' },
    // « Prolonger » a quote sent past its validity date (legal/): a new version sent again, like a confirmation.
    extend: { from: ['envoyé'], to: 'confirmé' },
    // A quote sent is archived only past its validity date (an offer with a term, Code civil 1116: quotes/back-office.ts).
    archive: { from: ['en attente', 'en attente de confirmation', 'envoyé'], to: 'archivé' },
    restore: { from: ['archivé'], to: 'en attente' },
    confirmSigned: { from: ['envoyé'], to: 'en cours' },
    uploadSigned: { from: ['confirmé', 'envoyé', 'en cours'], to: 'en cours' },
    // « Terminer la mission »: a mission carried out without the app's inspections.
    finish: { from: ['en cours'], to: 'terminé' },
    // The delivery inspection completed (missions/): the mission ends with its report.
    deliver: { from: ['en cours'], to: 'terminé' },
    delete: { from: STATUTS, to: null },
  },
};

export function canApply(role: Role, action: QuoteAction, statut: Statut): boolean {
  const transition = TRANSITIONS[role][action];
  return transition !== undefined && transition.from.includes(statut);
}

/**
 * What a signed contract in the archives (a consumer's withdrawal, or a quote the original app
 * archived signed) keeps from each role: it is not restored, since a new signature would replace
 * the first and a second withdrawal could not be recorded (one per quote), and the customer does
 * not delete it with its signed PDF. A new mission is a new quote (decision 0088).
 */
const KEPT_FROM_SIGNED_ARCHIVE: Record<Role, readonly QuoteAction[]> = { customer: ['restore', 'delete'], admin: ['restore'] };

/** A quote in the archives that carries its signed PDF: a contract concluded, then ended. */
export const isSignedArchive = (devis: { statut: Statut; devisSigneURL: string | null }) =>
  devis.statut === 'archivé' && devis.devisSigneURL !== null;

/** `canApply` for this quote: its status, and what a signed contract in the archives keeps (the server's rule and the buttons'). */
export function canApplyToQuote(role: Role, action: QuoteAction, devis: { statut: Statut; devisSigneURL: string | null }): boolean {
  if (isSignedArchive(devis) && KEPT_FROM_SIGNED_ARCHIVE[role].includes(action)) return false;
  return canApply(role, action, devis.statut);
}

/** The status an action leads to, or undefined when the role may not apply it now. */
export function nextStatut(role: Role, action: QuoteAction, statut: Statut) {
  if (!canApply(role, action, statut)) return undefined;
  return TRANSITIONS[role][action]!.to;
}
