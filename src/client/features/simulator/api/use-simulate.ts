import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulationRequest, SimulationResult } from '#domain/schemas/simulation.ts';
import { api } from '#client/lib/api.ts';

export const simulate = (body: SimulationRequest) => api<SimulationResult>('/api/devis/simulation', { method: 'POST', body });

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
