import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { simulationRequestSchema, simulationResultSchema } from '#domain/schemas/simulation.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { publicRateLimit } from '#server/security/public-rate-limit.ts';
import { simulate } from './service.ts';
import { apiDocs } from '#domain/texts/server.ts';

/** POST /api/devis/simulation: the price for anyone, saved as a quote for a verified customer. */
export async function simulationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/devis/simulation',
    {
      config: publicRateLimit(instance),
      schema: {
        tags: ['devis'],
        summary: apiDocs.simulation,
        body: simulationRequestSchema,
        response: { 200: simulationResultSchema, ...errorResponses(400, 422, 429, 502, 503, 504) },
      },
    },
    async (request) => {
      const deps = { database: app.database, geo: app.geo, dailyQuoteLimit: app.config.dailyQuoteLimit, log: request.log };
      return simulate(deps, await app.guards.getViewer(request), request.body);
    },
  );
}
