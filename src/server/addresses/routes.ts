import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressSuggestionSchema, distanceRequestSchema } from '../../domain/schemas/simulation.ts';
import { MAX_SUGGESTIONS } from '../geo/index.ts';
import { errorSchema } from '../http-schemas.ts';
import { measureDistance } from './service.ts';

export async function addressRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/adresses',
    {
      schema: {
        tags: ['adresses'],
        summary: `Suggestions d'adresses pour l'autocomplétion (${MAX_SUGGESTIONS} au plus)`,
        querystring: z.object({ q: z.string().max(200, 'Recherche trop longue (200 caractères au plus).') }),
        response: { 200: z.array(addressSuggestionSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      if (q.length < 2) return [];
      const suggestions = await app.geo.geocoder.suggest(q, MAX_SUGGESTIONS);
      return suggestions.map(({ label, postcode, city, lat, lon }) => ({ label, postcode, city, lat, lon }));
    },
  );

  app.post(
    '/api/getDistance',
    {
      schema: {
        tags: ['adresses'],
        summary: 'Distance routière estimée entre deux adresses, en km',
        body: distanceRequestSchema,
        response: { 200: z.object({ distanceKm: z.number().positive() }), 400: errorSchema, 422: errorSchema, 502: errorSchema, 503: errorSchema, 504: errorSchema },
      },
    },
    async (request) => ({ distanceKm: await measureDistance(app.geo, request.body.depart, request.body.arrivee, request.log) }),
  );
}
