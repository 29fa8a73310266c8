import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parisDate } from '#domain/invoices.ts';
import { devisIdParamsSchema } from '#domain/schemas/devis.ts';
import {
  avoirInputSchema,
  draftUpdateSchema,
  factureClientSchema,
  factureIdParamsSchema,
  factureListQuerySchema,
  factureListSchema,
  factureSchema,
  paiementInputSchema,
  revenueQuerySchema,
  revenueSchema,
} from '#domain/schemas/invoices.ts';
import { invoiceApiDocs, revenueCsvTexts } from '#domain/texts-invoices.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { getRevenue, revenueCsv } from './revenue.ts';
import {
  createDraftFromQuote,
  deleteDraft,
  getFacture,
  getPdf,
  issueCreditNote,
  issueInvoice,
  listFactures,
  listMyFactures,
  recordPayment,
  repairMissingPdfs,
  sendReminder,
  updateDraft,
  type InvoiceDeps,
} from './service.ts';

const tags = ['factures'];
const params = factureIdParamsSchema;
const security = [{ session: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Invoices, credit notes, payments and revenue: the administrator's routes and the customer's two. */
export async function invoiceRoutes(instance: FastifyInstance): Promise<void> {
  const depsOf = (request: FastifyRequest): InvoiceDeps => ({
    database: instance.database,
    fileStore: instance.fileStore,
    outbox: instance.outbox,
    config: instance.config,
    log: request.log,
  });
  // Documents issued but left without their PDF by a crash are made once the app is up.
  instance.addHook('onReady', async () => {
    void repairMissingPdfs({ ...depsOf({ log: instance.log } as FastifyRequest) }).catch((error: unknown) =>
      instance.log.error({ err: error }, 'issued invoices without their PDF could not be repaired'),
    );
  });
  await instance.register(adminInvoiceRoutes(depsOf));
  await instance.register(customerInvoiceRoutes(depsOf));
}

function adminInvoiceRoutes(depsOf: (request: FastifyRequest) => InvoiceDeps) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // Before the body is read: a visitor gets 401, a customer 403.
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await app.guards.requireAdmin(request);
    });

    app.post(
      '/api/admin/devis/:id/facture',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.createDraft,
          security,
          params: devisIdParamsSchema,
          response: { 201: factureSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createDraftFromQuote(depsOf(request), request.params.id)),
    );

    app.get(
      '/api/admin/factures',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.list,
          security,
          querystring: factureListQuerySchema,
          response: { 200: factureListSchema, ...errors },
        },
      },
      async (request) => listFactures(depsOf(request), request.query),
    );

    app.get(
      '/api/admin/factures/:id',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.get,
          security,
          params,
          response: { 200: factureSchema, ...errors },
        },
      },
      async (request) => getFacture(depsOf(request), request.params.id),
    );

    app.put(
      '/api/admin/factures/:id',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.updateDraft,
          security,
          params,
          body: draftUpdateSchema,
          response: { 200: factureSchema, ...errors },
        },
      },
      async (request) => updateDraft(depsOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/admin/factures/:id',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.deleteDraft,
          security,
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteDraft(depsOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/factures/:id/emettre',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.issue,
          security,
          params,
          response: { 200: factureSchema, ...errors },
        },
      },
      async (request) => {
        const admin = await app.guards.requireAdmin(request);
        // Sensitive (a document that can no longer change): the password or a code again if the last one is old.
        await app.guards.requireRecentAuthentication(request);
        return issueInvoice(depsOf(request), admin, request.params.id);
      },
    );

    app.post(
      '/api/admin/factures/:id/avoir',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.creditNote,
          security,
          params,
          body: avoirInputSchema,
          response: { 201: factureSchema, ...errors },
        },
      },
      async (request, reply) => {
        const admin = await app.guards.requireAdmin(request);
        await app.guards.requireRecentAuthentication(request);
        return reply.status(201).send(await issueCreditNote(depsOf(request), admin, request.params.id, request.body));
      },
    );

    app.post(
      '/api/admin/factures/:id/paiements',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.payment,
          security,
          params,
          body: paiementInputSchema,
          response: { 200: factureSchema, ...errors },
        },
      },
      async (request) => recordPayment(depsOf(request), await app.guards.requireAdmin(request), request.params.id, request.body),
    );

    app.post(
      '/api/admin/factures/:id/relance',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.reminder,
          security,
          params,
          response: { 200: factureSchema, ...errors },
        },
      },
      async (request) => sendReminder(depsOf(request), request.params.id),
    );

    app.get(
      '/api/admin/chiffre-affaires',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.revenue,
          security,
          querystring: revenueQuerySchema,
          response: { 200: revenueSchema, ...errors },
        },
      },
      async (request) =>
        getRevenue(app.database.db, request.query.annee ?? Number(parisDate().slice(0, 4)), app.config.invoicing.revenueCeilingCents),
    );

    app.get(
      '/api/admin/chiffre-affaires.csv',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.revenueCsv,
          security,
          querystring: revenueQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const year = request.query.annee ?? Number(parisDate().slice(0, 4));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${revenueCsvTexts.filename(year)}"`)
          .header('x-content-type-options', 'nosniff')
          .send(await revenueCsv(app.database.db, year));
      },
    );
  };
}

function customerInvoiceRoutes(depsOf: (request: FastifyRequest) => InvoiceDeps) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await app.guards.requireUser(request);
    });

    app.get(
      '/api/factures',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.customerList,
          security,
          response: { 200: z.array(factureClientSchema), ...errors },
        },
      },
      async (request) => listMyFactures(depsOf(request), await app.guards.requireUser(request)),
    );

    app.get(
      '/api/factures/:id/pdf',
      {
        schema: {
          tags,
          summary: invoiceApiDocs.customerPdf,
          security,
          params,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) =>
        sendPdfDownload(reply, await getPdf(depsOf(request), await app.guards.requireUser(request), request.params.id)),
    );
  };
}
