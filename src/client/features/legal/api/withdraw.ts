import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legalRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';

/** « Confirmer la rétractation »: the server checks the period, the customer type and the mission. */
export const withdrawFromContract = (id: string) => api(legalRoutes.withdraw, { params: { id }, answer: devisSchema });

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawFromContract,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
