import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expensesRoutes } from '#domain/api-paths.ts';
import {
  depenseListSchema,
  depenseSchema,
  missionCostsSchema,
  type DepenseFields,
  type DepenseListQuery,
} from '#domain/schemas/expenses.ts';
import { api } from '#client/lib/api.ts';

/** Query keys of the expense pages; every change (and every expense the sender delivers) invalidates `expenseKeys.all`. */
export const expenseKeys = {
  all: ['expenses'] as const,
  list: (query: DepenseListQuery) => ['expenses', 'list', query] as const,
  mission: (id: string) => ['expenses', 'mission', id] as const,
};

export function useExpenses(query: DepenseListQuery) {
  return useQuery({
    queryKey: expenseKeys.list(query),
    queryFn: ({ signal }) => api(expensesRoutes.list, { query, signal, answer: depenseListSchema }),
  });
}

/** A mission's costs, kilometres and margin; offline, the page says it will come back with the network. */
export function useMissionCosts(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: expenseKeys.mission(id),
    queryFn: ({ signal }) => api(expensesRoutes.missionCosts, { params: { id }, signal, answer: missionCostsSchema }),
    retry: false,
  });
}

/**
 * Changing or deleting a stored expense, and replacing its receipt. Tried at once even without
 * the network (the cache's `networkMode: 'always'`, lib/query-client.tsx): when the server cannot
 * be reached, the form keeps the change on the phone for the sender (`keepChangeOnPhone`).
 */
export function useExpenseActions() {
  const queryClient = useQueryClient();
  const options = { onSettled: () => queryClient.invalidateQueries({ queryKey: expenseKeys.all }) };
  return {
    update: useMutation({
      mutationFn: ({ id, fields }: { id: string; fields: DepenseFields }) =>
        api(expensesRoutes.update, { params: { id }, body: fields, answer: depenseSchema }),
      ...options,
    }),
    putReceipt: useMutation({
      mutationFn: ({ id, receipt }: { id: string; receipt: Blob }) =>
        api(expensesRoutes.putReceipt, { params: { id }, body: receipt, answer: depenseSchema }),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(expensesRoutes.delete, { params: { id } }),
      ...options,
    }),
  };
}
