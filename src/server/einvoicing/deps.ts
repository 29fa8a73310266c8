import type { FastifyBaseLogger } from 'fastify';
import type { CategorieDepense, MoyenPaiementDepense } from '#domain/expenses.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle, Db } from '#server/db/index.ts';
import type { InvoiceDeps } from '#server/invoices/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import type { Platform } from './platform-client.ts';

/**
 * The mission costs (issue 30, expenses/), as the app gives them: `create` records the expense in
 * the decision's transaction (once per purchase: `origine` names it), `attachReceipt` then gives
 * it the supplier's PDF as its receipt. Null: the purchase is approved without an expense.
 */
export type ExpenseFromPurchase = {
  create(
    trx: Db,
    input: {
      origine: string;
      devisId: string | null;
      categorie: CategorieDepense;
      montantCentimes: number;
      tvaCentimes: number;
      date: string;
      moyenPaiement: MoyenPaiementDepense;
      note: string;
    },
  ): Promise<{ id: string }>;
  attachReceipt(expenseId: string, pdf: Buffer): Promise<void>;
};

/**
 * What the capability's parts work with, once `createEinvoicing` (service.ts) has resolved its
 * dependencies: the platform's client and the clock are decided there, once. Each part takes the
 * `Pick` it needs.
 */
export type Wired = {
  database: DatabaseHandle;
  fileStore: FileStore;
  config: Config;
  log: FastifyBaseLogger;
  platform: Platform;
  /** The invoices capability as the app builds it (to hand over an issued document's PDF). */
  invoices: () => InvoiceDeps;
  /** The expenses capability's entry point, once it exists (purchases.ts). */
  createExpense: ExpenseFromPurchase | null;
  now: () => Date;
  /** Today in Paris (the e-reporting's periods). */
  today: () => string;
};
