import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devisKeys } from './keys.ts';

/** A change to one of the customer's quotes; once it is settled, every view of the quotes is read again. */
export function useDevisMutation<T>(change: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devisKeys.all }),
  });
}
