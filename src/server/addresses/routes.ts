import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressQuerySchema,
  addressSuggestionSchema,
  distanceRequestSchema,
  type AddressSuggestionDto,
} from '#domain/schemas/simulation.ts';
import { MAX_SUGGESTIONS } from '#server/geo/index.ts';
import { errorSchema } from '#server/http-schemas.ts';
import { publicRateLimit } from '#server/security/public-rate-limit.ts';
import { measureDistance } from './service.ts';

/** Autocomplete asks the same prefixes again and again: keep the latest answers. */
function createSuggestionCache(maxEntries = 1000) {
  const entries = new Map<string, AddressSuggestionDto[]>();
  return {
    get(key: string) {
      const value = entries.get(key);
      if (value) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: AddressSuggestionDto[]) {
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

export async function addressRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const cache = createSuggestionCache();

  app.get(
    '/api/adresses',
    {
      // Typing an address asks once per pause: a generous multiple of the base rate.
      config: publicRateLimit(instance, 5),
      schema: {
        tags: ['adresses'],
        summary: `Suggestions d'adresses pour l'autocomplétion (${MAX_SUGGESTIONS} au plus)`,
        querystring: addressQuerySchema,
        response: { 200: z.array(addressSuggestionSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query.q.trim().toLowerCase();
      if (q.length < 2) return [];
      reply.header('cache-control', 'public, max-age=3600');
      const cached = cache.get(q);
      if (cached) return cached;
      const suggestions = (await app.geo.geocoder.suggest(q, MAX_SUGGESTIONS)).map(({ label, postcode, city, lat, lon }) => ({
        label,
        postcode,
        city,
        lat,
        lon,
      }));
      cache.set(q, suggestions);
      return suggestions;
    },
  );

  app.post(
    '/api/getDistance',
    {
      config: publicRateLimit(instance),
      schema: {
        tags: ['adresses'],
        summary: 'Distance routière estimée entre deux adresses, en km',
        body: distanceRequestSchema,
        response: {
          200: z.object({ distanceKm: z.number().positive() }),
          400: errorSchema,
          422: errorSchema,
          502: errorSchema,
          503: errorSchema,
          504: errorSchema,
        },
      },
    },
    async (request) => ({ distanceKm: await measureDistance(app.geo, request.body.depart, request.body.arrivee, request.log) }),
  );
}
