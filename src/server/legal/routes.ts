import { apiRoutes } from '#domain/api-paths.ts';
import { devisIdParamsSchema, devisSchema } from '#domain/schemas/devis.ts';
import { cgvSchema } from '#domain/schemas/legal.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { errorResponses, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { currentCgv } from './cgv.ts';
import { depositRefundsFor } from '#server/payments/deposits.ts';
import { requestCancellation } from './cancellation.ts';
import { withdrawFromContract } from './withdrawal.ts';

const tags = ['legal'];

/** The terms of sale in force, the consumer's withdrawal, and the customer's request to cancel a signed mission. */
export const legalRoutes: CapabilityRoutes = {
  async visitor(app) {
    serve(app, apiRoutes.legal.cgv, {
      schema: routeSchema(tags, l.apiCgv, { response: { 200: cgvSchema, ...errorResponses(503) } }),
      handler: async (request) => {
        const { version, date, sha256, texte } = await currentCgv(depsOf(request));
        return { version, date, sha256, texte };
      },
    });
  },
  async customer(app) {
    serve(app, apiRoutes.legal.withdraw, {
      schema: routeSchema(tags, l.apiWithdraw, {
        params: devisIdParamsSchema,
        response: { 200: devisSchema, ...refusals },
      }),
      handler: async (request) => {
        const deps = depsOf(request);
        // A deposit received is credited and given back (payments/, issue 29).
        const refunds = depositRefundsFor(deps);
        const devis = await withdrawFromContract(
          { ...deps, refundDeposits: refunds.refundDeposits },
          app.guards.viewerOf(request),
          request.params.id,
          {
            ipAddress: request.ip,
          },
        );
        await refunds.afterCommit();
        return devis;
      },
    });

    serve(app, apiRoutes.legal.requestCancellation, {
      schema: routeSchema(tags, l.apiCancel, { params: devisIdParamsSchema, response: { 200: devisSchema, ...refusals } }),
      handler: async (request) => requestCancellation(depsOf(request), app.guards.viewerOf(request), request.params.id),
    });
  },
};
