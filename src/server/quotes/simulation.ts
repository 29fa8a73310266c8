import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { estimatePrice } from '#domain/pricing.ts';
import { simulationRequestSchema, simulationResultSchema, type SimulationResult } from '#domain/schemas/simulation.ts';
import { measureDistance } from '#server/addresses/service.ts';
import { errorSchema } from '#server/http-schemas.ts';
import { publicRateLimit } from '#server/security/public-rate-limit.ts';
import { createQuote } from './repository.ts';

/**
 * POST /api/devis/simulation: the price for anyone; for a logged-in, verified customer the
 * simulation is also saved as a quote "en attente". Over 1200 km: no price, nothing saved.
 */
export async function simulationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/devis/simulation',
    {
      config: publicRateLimit(instance),
      schema: {
        tags: ['devis'],
        summary: 'Simuler un prix ; enregistre le devis pour un client connecté',
        body: simulationRequestSchema,
        response: {
          200: simulationResultSchema,
          400: errorSchema,
          422: errorSchema,
          429: errorSchema,
          502: errorSchema,
          503: errorSchema,
          504: errorSchema,
        },
      },
    },
    async (request): Promise<SimulationResult> => {
      const { adresseDepart, adresseArrivee, typeVehicule } = request.body;
      const distanceKm = await measureDistance(app.geo, adresseDepart, adresseArrivee, request.log);
      const prix = estimatePrice(typeVehicule, distanceKm);
      if (prix === null) return { distanceKm, prix: null, devis: null };

      const viewer = await app.guards.getViewer(request);
      if (!viewer || viewer.role !== 'customer' || !viewer.emailVerified) return { distanceKm, prix, devis: null };

      const row = await createQuote(
        app.database,
        {
          uid: viewer.id,
          email: viewer.email,
          adresseDepart,
          adresseArrivee,
          typeVehicule,
          distanceKm,
          prixCentimes: prix * 100,
          dateSimulation: new Date().toISOString(),
        },
        { userId: viewer.id, role: 'customer' },
        { dailyLimit: app.config.dailyQuoteLimit },
      );
      return { distanceKm, prix, devis: { id: row.id, numeroDevis: row.numeroDevis } };
    },
  );
}
