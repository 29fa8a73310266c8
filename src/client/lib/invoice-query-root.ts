/**
 * The first element of every invoice query key (features/invoices/api/keys.ts). Features never
 * import each other: a change elsewhere that moves an invoice's money or state (a card refund, an
 * e-invoicing status) refreshes the invoices' pages through this key.
 */
export const invoiceQueryRoot = ['invoices'] as const;
