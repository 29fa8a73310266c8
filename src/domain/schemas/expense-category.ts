import { z } from 'zod';
import { CATEGORIES_DEPENSE } from '../expenses.ts';
import { expenseApiMessages } from '../texts/expenses.ts';

/**
 * An expense's category, one of the list, else the French message: the expenses' fields and the
 * approval of a supplier invoice (einvoicing.ts) take it. A module of its own, since the
 * expenses' schemas reach the e-invoicing ones through the invoices' (no import circle).
 */
export const categorieDepenseSchema = z.enum(CATEGORIES_DEPENSE, { error: expenseApiMessages.categoryUnknown });
