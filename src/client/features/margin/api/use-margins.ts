import { useQuery } from '@tanstack/react-query';
import { expensesRoutes } from '#domain/api-paths.ts';
import { marginsSchema } from '#domain/schemas/expenses.ts';
import { api, urlOf } from '#client/lib/api.ts';

/** A year's margin: per month, by category, the least profitable missions. */
export function useMargins(year: number) {
  return useQuery({
    queryKey: ['expenses', 'margins', year] as const,
    queryFn: ({ signal }) => api(expensesRoutes.margins, { query: { annee: year }, signal, answer: marginsSchema }),
  });
}

/** The year's expenses for the accountant. */
export const expensesCsvUrl = (year: number) => urlOf(expensesRoutes.csv, { query: { annee: year } });
