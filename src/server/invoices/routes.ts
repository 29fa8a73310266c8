import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { parisYear } from '#domain/format.ts';
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
import { fileAnswer, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { sendFile } from '#server/http/send-file.ts';
import { serve } from '#server/http/serve.ts';
import { getRevenue, revenueCsv } from './revenue.ts';
import { createDraftFromQuote, deleteDraft, getInvoiceOrDraft, updateDraft } from './drafts.ts';
import { getPdf, issueCreditNote, issueInvoice } from './issuing.ts';
import { recordPayment, sendReminder } from './payments.ts';
import { listInvoices, listCustomerInvoices } from './service.ts';

const tags = ['factures'];
/** A route on one invoice (`/api/…/factures/{id}…`). */
const params = factureIdParamsSchema;
/** Answers the invoice as it now is. */
const factureResponse = { 200: factureSchema, ...refusals };
/** Answers the invoice or credit note it created. */
const factureCreatedResponse = { 201: factureSchema, ...refusals };

/** Invoices, credit notes, payments and revenue: the administrator's routes and the customer's two. */
export const invoiceRoutes: CapabilityRoutes = {
  async admin(app) {
    const routes = apiRoutes.invoices;
    serve(app, routes.createDraft, {
      schema: routeSchema(tags, invoiceApiDocs.createDraft, { params: devisIdParamsSchema, response: factureCreatedResponse }),
      handler: async (request, reply) => reply.status(201).send(await createDraftFromQuote(depsOf(request), request.params.id)),
    });

    serve(app, routes.list, {
      schema: routeSchema(tags, invoiceApiDocs.list, {
        querystring: factureListQuerySchema,
        response: { 200: factureListSchema, ...refusals },
      }),
      handler: async (request) => listInvoices(depsOf(request), request.query),
    });

    serve(app, routes.get, {
      schema: routeSchema(tags, invoiceApiDocs.get, { params, response: factureResponse }),
      handler: async (request) => getInvoiceOrDraft(depsOf(request), request.params.id),
    });

    serve(app, routes.updateDraft, {
      schema: routeSchema(tags, invoiceApiDocs.updateDraft, { params, body: draftUpdateSchema, response: factureResponse }),
      handler: async (request) => updateDraft(depsOf(request), request.params.id, request.body),
    });

    serve(app, routes.deleteDraft, {
      schema: routeSchema(tags, invoiceApiDocs.deleteDraft, { params, response: { 204: z.null(), ...refusals } }),
      handler: async (request, reply) => {
        await deleteDraft(depsOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.issue, {
      // Sensitive (a document that can no longer change): the password or a code again if the last one is old.
      preHandler: app.guards.requireRecentAuthentication,
      schema: routeSchema(tags, invoiceApiDocs.issue, { params, response: factureResponse }),
      handler: async (request) => issueInvoice(depsOf(request), app.guards.viewerOf(request), request.params.id),
    });

    serve(app, routes.creditNote, {
      preHandler: app.guards.requireRecentAuthentication,
      schema: routeSchema(tags, invoiceApiDocs.creditNote, { params, body: avoirInputSchema, response: factureCreatedResponse }),
      handler: async (request, reply) =>
        reply.status(201).send(await issueCreditNote(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body)),
    });

    serve(app, routes.recordPayment, {
      schema: routeSchema(tags, invoiceApiDocs.payment, { params, body: paiementInputSchema, response: factureResponse }),
      handler: async (request) => recordPayment(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body),
    });

    serve(app, routes.sendReminder, {
      schema: routeSchema(tags, invoiceApiDocs.reminder, { params, response: factureResponse }),
      handler: async (request) => sendReminder(depsOf(request), request.params.id),
    });

    serve(app, routes.revenue, {
      schema: routeSchema(tags, invoiceApiDocs.revenue, { querystring: revenueQuerySchema, response: { 200: revenueSchema, ...refusals } }),
      handler: async (request) => getRevenue(app.database.db, request.query.annee ?? parisYear(), app.config.invoicing.revenueCeilingCents),
    });

    serve(app, routes.revenueCsv, {
      schema: routeSchema(tags, invoiceApiDocs.revenueCsv, {
        querystring: revenueQuerySchema,
        ...fileAnswer(['text/csv'], invoiceApiDocs.revenueCsvBody),
      }),
      handler: async (request, reply) => {
        const year = request.query.annee ?? parisYear();
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
      schema: routeSchema(tags, invoiceApiDocs.customerList, { response: { 200: z.array(factureClientSchema), ...refusals } }),
      handler: async (request) => listCustomerInvoices(depsOf(request), app.guards.viewerOf(request)),
    });

    serve(app, routes.pdf, {
      schema: routeSchema(tags, invoiceApiDocs.customerPdf, {
        params,
        ...fileAnswer(['application/pdf'], invoiceApiDocs.pdfBody),
      }),
      handler: async (request, reply) =>
        sendPdfDownload(reply, await getPdf(depsOf(request), app.guards.viewerOf(request), request.params.id)),
    });
  },
};
