/** Query keys of e-invoicing; a decision or a new sending invalidates `einvoicingKeys.all`. */
export const einvoicingKeys = {
  all: ['einvoicing'] as const,
  invoice: (id: string) => ['einvoicing', 'invoice', id] as const,
  purchases: (page: number) => ['einvoicing', 'purchases', page] as const,
  ereporting: ['einvoicing', 'ereporting'] as const,
  directory: (siren: string) => ['einvoicing', 'directory', siren] as const,
};
