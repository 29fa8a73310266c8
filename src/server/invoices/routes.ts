import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parisToday } from '#domain/dates.ts';
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
import { invoiceApiDocs, revenueCsvTexts } from '#domain/texts/invoices.ts';
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

const errors = errorResponses(400, 401, 403, 404, 409);
/** What every route of this file declares: its tag in the API docs and the session it needs. */
const common = { tags: ['factures'], security: [{ session: [] }] };
/** A route on one invoice (`/api/…/factures/{id}…`). */
const onFacture = { ...common, params: factureIdParamsSchema };
/** Answers the invoice as it now is. */
const factureResponse = { 200: factureSchema, ...errors };
/** Answers the invoice or credit note it created. */
const factureCreatedResponse = { 201: factureSchema, ...errors };

/** Invoices, credit notes, payments and revenue: the administrator's routes and the customer's two. */
export async function invoiceRoutes(instance: FastifyInstance): Promise<void> {
  const depsOf = (request: FastifyRequest): InvoiceDeps => ({
    database: instance.database,
    fileStore: instance.fileStore,
    outbox: instance.outbox,
    config: instance.config,
    log: request.log,
    hooks: instance.invoiceHooks,
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
          ...common,
          summary: invoiceApiDocs.createDraft,
          params: devisIdParamsSchema,
          response: factureCreatedResponse,
        },
      },
      async (request, reply) => reply.status(201).send(await createDraftFromQuote(depsOf(request), request.params.id)),
    );

    app.get(
      '/api/admin/factures',
      {
        schema: {
          ...common,
          summary: invoiceApiDocs.list,
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
          ...onFacture,
          summary: invoiceApiDocs.get,
          response: factureResponse,
        },
      },
      async (request) => getFacture(depsOf(request), request.params.id),
    );

    app.put(
      '/api/admin/factures/:id',
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.updateDraft,
          body: draftUpdateSchema,
          response: factureResponse,
        },
      },
      async (request) => updateDraft(depsOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/admin/factures/:id',
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.deleteDraft,
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
          ...onFacture,
          summary: invoiceApiDocs.issue,
          response: factureResponse,
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
          ...onFacture,
          summary: invoiceApiDocs.creditNote,
          body: avoirInputSchema,
          response: factureCreatedResponse,
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
          ...onFacture,
          summary: invoiceApiDocs.payment,
          body: paiementInputSchema,
          response: factureResponse,
        },
      },
      async (request) => recordPayment(depsOf(request), await app.guards.requireAdmin(request), request.params.id, request.body),
    );

    app.post(
      '/api/admin/factures/:id/relance',
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.reminder,
          response: factureResponse,
        },
      },
      async (request) => sendReminder(depsOf(request), request.params.id),
    );

    app.get(
      '/api/admin/chiffre-affaires',
      {
        schema: {
          ...common,
          summary: invoiceApiDocs.revenue,
          querystring: revenueQuerySchema,
          response: { 200: revenueSchema, ...errors },
        },
      },
      async (request) =>
        getRevenue(app.database.db, request.query.annee ?? Number(parisToday().slice(0, 4)), app.config.invoicing.revenueCeilingCents),
    );

    app.get(
      '/api/admin/chiffre-affaires.csv',
      {
        schema: {
          ...common,
          summary: invoiceApiDocs.revenueCsv,
          querystring: revenueQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const year = request.query.annee ?? Number(parisToday().slice(0, 4));
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
          ...common,
          summary: invoiceApiDocs.customerList,
          response: { 200: z.array(factureClientSchema), ...errors },
        },
      },
      async (request) => listMyFactures(depsOf(request), await app.guards.requireUser(request)),
    );

    app.get(
      '/api/factures/:id/pdf',
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.customerPdf,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) =>
        sendPdfDownload(reply, await getPdf(depsOf(request), await app.guards.requireUser(request), request.params.id)),
    );
  };
}
