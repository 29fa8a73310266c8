import { trackingRoutes } from '#domain/api-paths.ts';
import { devisIdParamsSchema } from '#domain/schemas/devis.ts';
import { positionsAnswerSchema, positionsBodySchema, trackingTokenParamsSchema, trackingViewSchema } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { errorResponses, refusals, routeSchema } from '#server/http-schemas.ts';
import { publicRateLimit } from '#server/security/public-rate-limit.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { getCustomerTracking, getReceiverTracking, recordPositions } from './service.ts';

const tags = ['suivi'];

/** Live tracking: the operator's phone sends, the customer and the receiver read. */
export const trackingCapability: CapabilityRoutes = {
  async admin(app) {
    serve(app, trackingRoutes.positions, {
      schema: routeSchema(tags, k.apiDocs.positions, {
        params: devisIdParamsSchema,
        body: positionsBodySchema,
        response: { 200: positionsAnswerSchema, ...refusals },
      }),
      handler: async (request) => recordPositions(depsOf(request), request.params.id, request.body),
    });
  },

  async customer(app) {
    serve(app, trackingRoutes.customer, {
      schema: routeSchema(tags, k.apiDocs.customer, {
        params: devisIdParamsSchema,
        response: { 200: trackingViewSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      handler: async (request) => getCustomerTracking(depsOf(request), app.guards.viewerOf(request), request.params.id),
    });
  },

  async visitor(app) {
    serve(app, trackingRoutes.receiver, {
      schema: routeSchema(tags, k.apiDocs.receiver, {
        params: trackingTokenParamsSchema,
        response: { 200: trackingViewSchema, ...errorResponses(400, 404, 429) },
      }),
      // A guess at a token costs a request: a runaway prober is slowed down.
      config: publicRateLimit(app),
      handler: async (request, reply) => {
        // The link is the key: no cache keeps the view, no page it links to learns it.
        reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
        return getReceiverTracking(depsOf(request), request.params.token);
      },
    });
  },
};
