import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import {
  achatIdParamsSchema,
  achatListQuerySchema,
  achatListSchema,
  annuaireAnswerSchema,
  annuaireQuerySchema,
  approbationSchema,
  ereportingSchema,
  periodeParamsSchema,
  plateformeSchema,
  refusSchema,
  sirenParamsSchema,
  achatSchema,
} from '#domain/schemas/einvoicing.ts';
import { factureIdParamsSchema } from '#domain/schemas/invoices.ts';
import { errorResponses, fileAnswer, refusals, routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { sendFile } from '#server/http/send-file.ts';
import { serve } from '#server/http/serve.ts';
import { depsOf } from '#server/http/request-deps.ts';
import { einvoicingApiDocs, einvoicingApiMessages as msg } from '#domain/texts/einvoicing.ts';
import { AppError, notFound } from '#server/errors.ts';
import { EINVOICING_POLL_TASK } from './service.ts';
import { directoryAnswer, invoicePlatform, purchaseFile, purchasesPage, reportingPage, toAchat } from './views.ts';

const tags = ['facturation-electronique'];

/**
 * E-invoicing in the back office (the invoice's platform state, the directory, supplier invoices,
 * e-reporting) and the platform's webhook. Each handler reads like the others: the service says
 * what there is; `enabled: false` when no platform is configured.
 */
export const einvoicingRoutes: CapabilityRoutes = {
  async admin(app) {
    const routes = apiRoutes.einvoicing;

    serve(app, routes.invoicePlatform, {
      schema: routeSchema(tags, einvoicingApiDocs.invoicePlatform, {
        params: factureIdParamsSchema,
        response: {
          200: z.object({ enabled: z.boolean(), plateforme: plateformeSchema.nullable(), annuaire: annuaireAnswerSchema.shape.annuaire }),
          ...refusals,
        },
      }),
      handler: async (request) => invoicePlatform(depsOf(request), request.params.id),
    });

    serve(app, routes.retryInvoice, {
      schema: routeSchema(tags, einvoicingApiDocs.retryInvoice, {
        params: factureIdParamsSchema,
        response: { 204: z.null(), ...refusals },
      }),
      handler: async (request, reply) => {
        await depsOf(request).einvoicing.retryInvoice(request.params.id);
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.directory, {
      schema: routeSchema(tags, einvoicingApiDocs.directory, {
        params: sirenParamsSchema,
        querystring: annuaireQuerySchema,
        response: { 200: annuaireAnswerSchema, ...refusals },
      }),
      handler: async (request) => directoryAnswer(depsOf(request), request.params.siren, request.query.rafraichir === '1'),
    });

    serve(app, routes.purchases, {
      schema: routeSchema(tags, einvoicingApiDocs.purchases, {
        querystring: achatListQuerySchema,
        response: { 200: achatListSchema, ...refusals },
      }),
      handler: async (request) => purchasesPage(depsOf(request), request.query.page ?? 1),
    });

    serve(app, routes.purchaseFile, {
      schema: routeSchema(tags, einvoicingApiDocs.purchaseFile, {
        params: achatIdParamsSchema,
        ...fileAnswer(['application/pdf', 'application/xml'], einvoicingApiDocs.purchaseFileBody),
      }),
      handler: async (request, reply) => sendFile(reply, await purchaseFile(depsOf(request), request.params.id)),
    });

    serve(app, routes.approvePurchase, {
      schema: routeSchema(tags, einvoicingApiDocs.approvePurchase, {
        params: achatIdParamsSchema,
        body: approbationSchema,
        response: { 200: achatSchema, ...refusals },
      }),
      handler: async (request) => {
        // The mission, category and means chosen matter only for an expense.
        const { depense, ...expense } = request.body;
        return toAchat(
          await depsOf(request).einvoicing.decideOnPurchase(request.params.id, {
            decision: 'approuvée',
            depense: depense ? expense : null,
          }),
        );
      },
    });

    serve(app, routes.refusePurchase, {
      schema: routeSchema(tags, einvoicingApiDocs.refusePurchase, {
        params: achatIdParamsSchema,
        body: refusSchema,
        response: { 200: achatSchema, ...refusals },
      }),
      handler: async (request) =>
        toAchat(
          await depsOf(request).einvoicing.decideOnPurchase(request.params.id, {
            decision: 'refusée',
            motif: request.body.motif,
            commentaire: request.body.commentaire || null,
          }),
        ),
    });

    serve(app, routes.ereporting, {
      schema: routeSchema(tags, einvoicingApiDocs.ereporting, { response: { 200: ereportingSchema, ...refusals } }),
      handler: async (request) => reportingPage(depsOf(request)),
    });

    serve(app, routes.reportPeriod, {
      schema: routeSchema(tags, einvoicingApiDocs.reportPeriod, {
        params: periodeParamsSchema,
        response: { 200: ereportingSchema, ...refusals },
      }),
      handler: async (request) => {
        await depsOf(request).einvoicing.reportPeriod(request.params.periode);
        return reportingPage(depsOf(request));
      },
    });
  },

  async visitor(app) {
    // The signature is over the body's bytes: this route reads them as they came.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    serve(app, apiRoutes.einvoicing.webhook, {
      schema: routeSchema(tags, einvoicingApiDocs.webhook, {
        response: { 202: z.object({ lu: z.literal(true) }), ...errorResponses(401, 404) },
      }),
      handler: async (request, reply) => {
        const { einvoicing, config } = depsOf(request);
        if (!einvoicing.enabled || !config.einvoicing.webhookSecret) throw notFound(msg.notFound);
        const signature = request.headers['x-signature'];
        if (
          !Buffer.isBuffer(request.body) ||
          !einvoicing.isSignedWebhook(request.body, typeof signature === 'string' ? signature : undefined)
        ) {
          request.log.warn('refused: platform webhook with a bad signature');
          throw new AppError('unauthenticated', msg.badSignature);
        }
        // Its content is not trusted: the app reads the platform now, as the task would.
        void app.tasks
          .runNow(EINVOICING_POLL_TASK)
          .catch((error: unknown) => request.log.error({ err: error }, 'e-invoicing: reading after a webhook failed'));
        return reply.status(202).send({ lu: true });
      },
    });
  },
};
