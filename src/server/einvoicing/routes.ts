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
import { errorResponses } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import type { FastifyRequest } from 'fastify';
import { parisToday } from '#domain/format.ts';
import { einvoicingApiDocs, einvoicingApiMessages as msg } from '#domain/texts/einvoicing.ts';
import { AppError, notFound } from '#server/errors.ts';
import { EINVOICING_POLL_TASK } from './service.ts';
import { invoicePlatform, purchaseFile, purchasesPage, reportingPage, toAchat, toAnnuaire, type ViewDeps } from './views.ts';

const viewDeps = ({ server }: FastifyRequest): ViewDeps => ({
  database: server.database,
  fileStore: server.fileStore,
  einvoicing: server.einvoicing,
  today: () => parisToday(),
});

const errors = errorResponses(400, 401, 403, 404, 409);
const common = { tags: ['facturation électronique'] };

/**
 * E-invoicing in the back office (the invoice's platform state, the directory, supplier invoices,
 * e-reporting) and the platform's webhook. Each handler reads like the others: the service says
 * what there is; `enabled: false` when no platform is configured.
 */
export const einvoicingRoutes: CapabilityRoutes = {
  async admin(app) {
    const routes = apiRoutes.einvoicing;

    app.get(
      routes.invoicePlatform.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.invoicePlatform,
          params: factureIdParamsSchema,
          response: {
            200: z.object({ enabled: z.boolean(), plateforme: plateformeSchema.nullable(), annuaire: annuaireAnswerSchema.shape.annuaire }),
            ...errors,
          },
        },
      },
      async (request) => invoicePlatform(viewDeps(request), request.params.id),
    );

    app.post(
      routes.retryInvoice.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.retryInvoice,
          params: factureIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await app.einvoicing.retryInvoice(request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      routes.directory.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.directory,
          params: sirenParamsSchema,
          querystring: annuaireQuerySchema,
          response: { 200: annuaireAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const entry = await app.einvoicing.directory(request.params.siren, { refresh: request.query.rafraichir === '1' });
        return { enabled: app.einvoicing.enabled, annuaire: entry ? toAnnuaire(entry) : null };
      },
    );

    app.get(
      routes.purchases.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.purchases,
          querystring: achatListQuerySchema,
          response: { 200: achatListSchema, ...errors },
        },
      },
      async (request) => purchasesPage(viewDeps(request), request.query.page ?? 1),
    );

    app.get(
      routes.purchaseFile.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.purchaseFile,
          params: achatIdParamsSchema,
          produces: ['application/pdf', 'application/xml'],
          response: { 200: z.any().describe('application/pdf ou application/xml'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await purchaseFile(viewDeps(request), request.params.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      },
    );

    app.post(
      routes.approvePurchase.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.approvePurchase,
          params: achatIdParamsSchema,
          body: approbationSchema,
          response: { 200: achatSchema, ...errors },
        },
      },
      async (request) =>
        toAchat(
          await app.einvoicing.decideOnPurchase(request.params.id, {
            decision: 'approuvée',
            depense: request.body.depense ? { devisId: request.body.devisId } : null,
          }),
        ),
    );

    app.post(
      routes.refusePurchase.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.refusePurchase,
          params: achatIdParamsSchema,
          body: refusSchema,
          response: { 200: achatSchema, ...errors },
        },
      },
      async (request) =>
        toAchat(
          await app.einvoicing.decideOnPurchase(request.params.id, {
            decision: 'refusée',
            motif: request.body.motif,
            commentaire: request.body.commentaire || null,
          }),
        ),
    );

    app.get(
      routes.ereporting.path,
      { schema: { ...common, summary: einvoicingApiDocs.ereporting, response: { 200: ereportingSchema, ...errors } } },
      async (request) => reportingPage(viewDeps(request)),
    );

    app.post(
      routes.reportPeriod.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.reportPeriod,
          params: periodeParamsSchema,
          response: { 200: ereportingSchema, ...errors },
        },
      },
      async (request) => {
        await app.einvoicing.reportPeriod(request.params.periode);
        return reportingPage(viewDeps(request));
      },
    );
  },

  async visitor(app) {
    // The signature is over the body's bytes: this route reads them as they came.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    app.post(
      apiRoutes.einvoicing.webhook.path,
      {
        schema: {
          ...common,
          summary: einvoicingApiDocs.webhook,
          response: { 202: z.object({ lu: z.literal(true) }), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        if (!app.einvoicing.enabled || !app.config.einvoicing.webhookSecret) throw notFound(msg.notFound);
        const signature = request.headers['x-signature'];
        if (
          !Buffer.isBuffer(request.body) ||
          !app.einvoicing.isSignedWebhook(request.body, typeof signature === 'string' ? signature : undefined)
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
    );
  },
};
