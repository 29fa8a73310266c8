import { z } from 'zod';
import { CATEGORIES_DEPENSE, MOYENS_PAIEMENT_DEPENSE } from '../expenses.ts';
import { expenseApiMessages } from '../texts/expenses.ts';

/**
 * An expense's category and its payment means, each one of its list, else the French message: the
 * expenses' fields and the approval of a supplier invoice (einvoicing.ts) take them. A module of its
 * own, since the expenses' schemas reach the e-invoicing ones through the invoices' (no import circle).
 */
export const categorieDepenseSchema = z.enum(CATEGORIES_DEPENSE, { error: expenseApiMessages.categoryUnknown });
export const moyenPaiementDepenseSchema = z.enum(MOYENS_PAIEMENT_DEPENSE, { error: expenseApiMessages.paymentMeansUnknown });
