import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import {
  addressQuerySchema,
  addressSuggestionSchema,
  distanceRequestSchema,
  type AddressSuggestionDto,
} from '#domain/schemas/simulation.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { MAX_SUGGESTIONS } from '#server/geo/index.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { publicRateLimit } from '#server/security/public-rate-limit.ts';
import { measureDistance } from './service.ts';

/** Addresses: the autocomplete and the distance of the spec's `/getDistance`, for anyone. */
export const addressRoutes: CapabilityRoutes = {
  async visitor(app) {
    // Autocomplete asks the same prefixes again and again: keep the latest answers.
    const cache = new LRUCache<string, AddressSuggestionDto[]>({ max: 1000 });

    serve(app, apiRoutes.addresses.suggest, {
      // Typing an address asks once per pause: a generous multiple of the base rate.
      config: publicRateLimit(app, 5),
      schema: routeSchema(['adresses'], apiDocs.suggestions(MAX_SUGGESTIONS), {
        querystring: addressQuerySchema,
        response: { 200: z.array(addressSuggestionSchema), ...errorResponses(400) },
      }),
      handler: async (request, reply) => {
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
    });

    serve(app, apiRoutes.addresses.distance, {
      config: publicRateLimit(app),
      schema: routeSchema(['adresses'], apiDocs.distance, {
        body: distanceRequestSchema,
        response: { 200: z.object({ distanceKm: z.number().positive() }), ...errorResponses(400, 422, 502, 503, 504) },
      }),
      handler: async (request) => ({ distanceKm: await measureDistance(app.geo, request.body.depart, request.body.arrivee, request.log) }),
    });
  },
};
