import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { einvoicingRoutes } from '#domain/api-paths.ts';
import {
  achatListSchema,
  achatSchema,
  annuaireAnswerSchema,
  annuaireSchema,
  ereportingSchema,
  plateformeSchema,
  type Approbation,
  type Refus,
} from '#domain/schemas/einvoicing.ts';
import { api, urlOf } from '#client/lib/api.ts';
import { invoiceQueryRoot } from '#client/lib/invoice-query-root.ts';
import { einvoicingKeys } from './keys.ts';

const invoicePlatformSchema = z.object({
  enabled: z.boolean(),
  plateforme: plateformeSchema.nullable(),
  annuaire: annuaireSchema.nullable(),
});

/** Where an issued invoice stands at the approved platform, and whether its customer receives e-invoices. */
export function useInvoicePlatform(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: einvoicingKeys.invoice(id),
    queryFn: ({ signal }) => api(einvoicingRoutes.invoicePlatform, { params: { id }, signal, answer: invoicePlatformSchema }),
    enabled,
  });
}

/** Every e-invoicing change refreshes what e-invoicing shows, and the invoices (their platform state). */
function useEinvoicingMutation<Variables, Result>(fn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: einvoicingKeys.all });
      await queryClient.invalidateQueries({ queryKey: invoiceQueryRoot });
    },
  });
}

export const useRetryInvoice = () => useEinvoicingMutation((id: string) => api(einvoicingRoutes.retryInvoice, { params: { id } }));

export function usePurchases(page: number) {
  return useQuery({
    queryKey: einvoicingKeys.purchases(page),
    queryFn: ({ signal }) => api(einvoicingRoutes.purchases, { query: { page }, signal, answer: achatListSchema }),
  });
}

export const purchaseFileUrl = (id: string) => urlOf(einvoicingRoutes.purchaseFile, { params: { id } });

export const useApprovePurchase = () =>
  useEinvoicingMutation(({ id, body }: { id: string; body: Approbation }) =>
    api(einvoicingRoutes.approvePurchase, { params: { id }, body, answer: achatSchema }),
  );

export const useRefusePurchase = () =>
  useEinvoicingMutation(({ id, body }: { id: string; body: Refus }) =>
    api(einvoicingRoutes.refusePurchase, { params: { id }, body, answer: achatSchema }),
  );

export function useEreporting() {
  return useQuery({
    queryKey: einvoicingKeys.ereporting,
    queryFn: ({ signal }) => api(einvoicingRoutes.ereporting, { signal, answer: ereportingSchema }),
  });
}

export const useReportPeriod = () =>
  useEinvoicingMutation((periode: string) => api(einvoicingRoutes.reportPeriod, { params: { periode }, answer: ereportingSchema }));

/** Whether a business receives e-invoices (the Directory Service, cached by the server with its date). */
export function useDirectory(siren: string | null) {
  return useQuery({
    queryKey: einvoicingKeys.directory(siren ?? ''),
    queryFn: ({ signal }) => api(einvoicingRoutes.directory, { params: { siren: siren ?? '' }, signal, answer: annuaireAnswerSchema }),
    enabled: siren !== null,
  });
}

export const useRefreshDirectory = () =>
  useEinvoicingMutation((siren: string) =>
    api(einvoicingRoutes.directory, { params: { siren }, query: { rafraichir: '1' }, answer: annuaireAnswerSchema }),
  );
