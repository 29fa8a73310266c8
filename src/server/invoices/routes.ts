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
    app.post(
      routes.createDraft.path,
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
      routes.list.path,
      {
        schema: {
          ...common,
          summary: invoiceApiDocs.list,
          querystring: factureListQuerySchema,
          response: { 200: factureListSchema, ...errors },
        },
      },
      async (request) => listInvoices(depsOf(request), request.query),
    );

    app.get(
      routes.get.path,
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.get,
          response: factureResponse,
        },
      },
      async (request) => getInvoiceOrDraft(depsOf(request), request.params.id),
    );

    app.put(
      routes.updateDraft.path,
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
      routes.deleteDraft.path,
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
      routes.issue.path,
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.issue,
          response: factureResponse,
        },
      },
      async (request) => {
        // Sensitive (a document that can no longer change): the password or a code again if the last one is old.
        await app.guards.requireRecentAuthentication(request);
        return issueInvoice(depsOf(request), app.guards.viewerOf(request), request.params.id);
      },
    );

    app.post(
      routes.creditNote.path,
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.creditNote,
          body: avoirInputSchema,
          response: factureCreatedResponse,
        },
      },
      async (request, reply) => {
        await app.guards.requireRecentAuthentication(request);
        return reply
          .status(201)
          .send(await issueCreditNote(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body));
      },
    );

    app.post(
      routes.recordPayment.path,
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.payment,
          body: paiementInputSchema,
          response: factureResponse,
        },
      },
      async (request) => recordPayment(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body),
    );

    app.post(
      routes.sendReminder.path,
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
      routes.revenue.path,
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
      routes.revenueCsv.path,
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
  },

  async customer(app) {
    const routes = apiRoutes.invoices;
    app.get(
      routes.mine.path,
      {
        schema: {
          ...common,
          summary: invoiceApiDocs.customerList,
          response: { 200: z.array(factureClientSchema), ...errors },
        },
      },
      async (request) => listCustomerInvoices(depsOf(request), app.guards.viewerOf(request)),
    );

    app.get(
      routes.pdf.path,
      {
        schema: {
          ...onFacture,
          summary: invoiceApiDocs.customerPdf,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('application/pdf'), ...errors },
        },
      },
      async (request, reply) => sendPdfDownload(reply, await getPdf(depsOf(request), app.guards.viewerOf(request), request.params.id)),
    );
  },
};
