import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { parisToday } from '#domain/format.ts';
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
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { sendFile } from '#server/http/send-file.ts';
import { serve } from '#server/http/serve.ts';
import { getRevenue, revenueCsv } from './revenue.ts';
import { createDraftFromQuote, deleteDraft, getInvoiceOrDraft, updateDraft } from './drafts.ts';
import { getPdf, issueCreditNote, issueInvoice } from './issuing.ts';
import { recordPayment, sendReminder } from './payments.ts';
import { listInvoices, listCustomerInvoices } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
/** What every route of this file declares: its tag in the API docs. */
const common = { tags: ['factures'] };
/** A route on one invoice (`/api/…/factures/{id}…`). */
const onFacture = { ...common, params: factureIdParamsSchema };
/** Answers the invoice as it now is. */
const factureResponse = { 200: factureSchema, ...errors };
/** Answers the invoice or credit note it created. */
const factureCreatedResponse = { 201: factureSchema, ...errors };

/** Invoices, credit notes, payments and revenue: the administrator's routes and the customer's two. */
export const invoiceRoutes: CapabilityRoutes = {
  async admin(app) {
    const routes = apiRoutes.invoices;
    serve(app, routes.createDraft, {
      schema: {
        ...common,
        summary: invoiceApiDocs.createDraft,
        params: devisIdParamsSchema,
        response: factureCreatedResponse,
      },
      handler: async (request, reply) => reply.status(201).send(await createDraftFromQuote(depsOf(request), request.params.id)),
    });

    serve(app, routes.list, {
      schema: {
        ...common,
        summary: invoiceApiDocs.list,
        querystring: factureListQuerySchema,
        response: { 200: factureListSchema, ...errors },
      },
      handler: async (request) => listInvoices(depsOf(request), request.query),
    });

    serve(app, routes.get, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.get,
        response: factureResponse,
      },
      handler: async (request) => getInvoiceOrDraft(depsOf(request), request.params.id),
    });

    serve(app, routes.updateDraft, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.updateDraft,
        body: draftUpdateSchema,
        response: factureResponse,
      },
      handler: async (request) => updateDraft(depsOf(request), request.params.id, request.body),
    });

    serve(app, routes.deleteDraft, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.deleteDraft,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await deleteDraft(depsOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.issue, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.issue,
        response: factureResponse,
      },
      handler: async (request) => {
        // Sensitive (a document that can no longer change): the password or a code again if the last one is old.
        await app.guards.requireRecentAuthentication(request);
        return issueInvoice(depsOf(request), app.guards.viewerOf(request), request.params.id);
      },
    });

    serve(app, routes.creditNote, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.creditNote,
        body: avoirInputSchema,
        response: factureCreatedResponse,
      },
      handler: async (request, reply) => {
        await app.guards.requireRecentAuthentication(request);
        return reply
          .status(201)
          .send(await issueCreditNote(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body));
      },
    });

    serve(app, routes.recordPayment, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.payment,
        body: paiementInputSchema,
        response: factureResponse,
      },
      handler: async (request) => recordPayment(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body),
    });

    serve(app, routes.sendReminder, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.reminder,
        response: factureResponse,
      },
      handler: async (request) => sendReminder(depsOf(request), request.params.id),
    });

    serve(app, routes.revenue, {
      schema: {
        ...common,
        summary: invoiceApiDocs.revenue,
        querystring: revenueQuerySchema,
        response: { 200: revenueSchema, ...errors },
      },
      handler: async (request) =>
        getRevenue(app.database.db, request.query.annee ?? Number(parisToday().slice(0, 4)), app.config.invoicing.revenueCeilingCents),
    });

    serve(app, routes.revenueCsv, {
      schema: {
        ...common,
        summary: invoiceApiDocs.revenueCsv,
        querystring: revenueQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
      handler: async (request, reply) => {
        const year = request.query.annee ?? Number(parisToday().slice(0, 4));
        return sendFile(reply, {
          content: await revenueCsv(app.database.db, year),
          type: 'text/csv; charset=utf-8',
          filename: revenueCsvTexts.filename(year),
        });
      },
    });
  },

  async customer(app) {
    const routes = apiRoutes.invoices;
    serve(app, routes.mine, {
      schema: {
        ...common,
        summary: invoiceApiDocs.customerList,
        response: { 200: z.array(factureClientSchema), ...errors },
      },
      handler: async (request) => listCustomerInvoices(depsOf(request), app.guards.viewerOf(request)),
    });

    serve(app, routes.pdf, {
      schema: {
        ...onFacture,
        summary: invoiceApiDocs.customerPdf,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
      handler: async (request, reply) =>
        sendPdfDownload(reply, await getPdf(depsOf(request), app.guards.viewerOf(request), request.params.id)),
    });
  },
};
