import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsRoutes } from '#domain/api-paths.ts';
import { csvMappingSchema, type CsvMapping } from '#domain/schemas/payments.ts';
import { api } from '#client/lib/api.ts';
import { paymentKeys } from './use-payments.ts';

/** « Enregistrer la correspondance »: how the bank writes its CSV statements, saved once. */
export function useSaveCsvMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: CsvMapping) => api(paymentsRoutes.saveCsvMapping, { body: mapping, answer: csvMappingSchema }),
    // Not awaited: the form that saved it is replaced once the page knows the mapping, after its own callback ran.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.bank }),
  });
}
