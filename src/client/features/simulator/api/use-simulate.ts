import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import type { SimulationRequest, SimulationResult } from '#domain/schemas/simulation.ts';
import { api, trusted } from '#client/lib/api.ts';

// The home page's answers are typed, not parsed: zod stays out of its bundle.
export const simulate = (body: SimulationRequest) => api(quotesRoutes.simulate, { body, answer: trusted<SimulationResult>() });

export function useSimulate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulate,
    onSuccess: (result) => {
      // A saved quote appears in "Mes devis" at once.
      if (result.devis) void queryClient.invalidateQueries({ queryKey: ['devis'] });
    },
  });
}
