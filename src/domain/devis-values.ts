/**
 * The values of the quote's enumerated fields, spelled as in the specification. Kept apart from
 * the zod schemas so that a page needing only a list (the sign-up form's customer type) does not
 * build every quote schema.
 */
export const CLIENT_TYPES = ['particulier', 'entreprise'] as const;
export const MOTORISATIONS = ['essence', 'diesel', 'electrique', 'hybride'] as const;
export const LAVAGES = ['', 'exterieur', 'complet'] as const;
export const TYPES_CONVOYAGE = ['Reprise', 'Livraison', 'Transfert'] as const;
