import { apiRoutes } from '#domain/api-paths.ts';
import { devisIdParamsSchema, devisSchema } from '#domain/schemas/devis.ts';
import { signBodySchema, signingViewSchema } from '#domain/schemas/signature.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { errorResponses, fileAnswer, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { getSentPdf, getSigningView, signQuote } from './service.ts';
import { apiDocs } from '#domain/texts/server.ts';

const tags = ['signature'];
const params = devisIdParamsSchema;

/** Online signature: the signing page's data, the PDF sent, and the sign action. */
export const signatureRoutes: CapabilityRoutes = {
  async customer(app) {
    serve(app, apiRoutes.signatures.signingView, {
      schema: routeSchema(tags, apiDocs.signingPage, { params, response: { 200: signingViewSchema, ...refusals } }),
      handler: async (request) => {
        const viewer = app.guards.viewerOf(request);
        return getSigningView(depsOf(request), viewer, request.params.id);
      },
    });

    serve(app, apiRoutes.signatures.sentPdf, {
      schema: routeSchema(tags, apiDocs.sentPdfDownload, {
        params,
        ...fileAnswer(['application/pdf'], apiDocs.sentPdf),
      }),
      handler: async (request, reply) => {
        const viewer = app.guards.viewerOf(request);
        return sendPdfDownload(reply, await getSentPdf(depsOf(request), viewer, request.params.id));
      },
    });

    serve(app, apiRoutes.signatures.sign, {
      schema: routeSchema(tags, apiDocs.sign, {
        params,
        body: signBodySchema,
        response: { 200: devisSchema, ...refusals, ...errorResponses(503) },
      }),
      // A drawn signature is a few thousand points at most.
      bodyLimit: 512 * 1024,
      handler: async (request) => {
        const viewer = app.guards.viewerOf(request);
        return signQuote(depsOf(request), viewer, request.params.id, request.body, {
          ipAddress: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
      },
    });
  },
};
