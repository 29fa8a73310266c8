import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { parisYear } from '#domain/format.ts';
import { devisIdParamsSchema } from '#domain/schemas/devis.ts';
import {
  debitExpenseSchema,
  debitIdParamsSchema,
  debitLinkSchema,
  debitProposalsSchema,
  depenseCreateSchema,
  depenseCsvQuerySchema,
  depenseFieldsSchema,
  depenseIdParamsSchema,
  depenseListQuerySchema,
  depenseListSchema,
  depenseSchema,
  marginsQuerySchema,
  marginsSchema,
  missionCostsSchema,
} from '#domain/schemas/expenses.ts';
import { expenseApiMessages as msg, expenseCsvTexts } from '#domain/texts/expenses.ts';
import { MAX_UPLOAD_BYTES } from '#server/documents/pdf-check.ts';
import { AppError } from '#server/errors.ts';
import { errorResponses, fileAnswer, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { sendFile } from '#server/http/send-file.ts';
import { serve } from '#server/http/serve.ts';
import { getMargins, getMissionCosts } from './costs.ts';
import { createExpenseFromDebit, linkDebitToExpense, proposeExpensesForDebits } from './debits.ts';
import { createExpense, deleteExpense, expensesCsv, getExpense, getReceipt, listExpenses, putReceipt, updateExpense } from './service.ts';

const tags = ['depenses'];
/** A route on one expense (`/api/admin/depenses/{id}…`). */
const params = depenseIdParamsSchema;
/** A receipt arrives as the file itself, whatever type it declares: its content decides (service.ts). */
const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'application/octet-stream'];

/** Expenses and their receipts, a mission's costs, the margin: the administrator's routes. */
export const expenseRoutes: CapabilityRoutes = {
  async admin(app) {
    const routes = apiRoutes.expenses;
    app.addContentTypeParser(RECEIPT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('*', (_request, _payload, done) => done(new AppError('unsupported_media_type', msg.receiptUnsupported)));

    serve(app, routes.list, {
      schema: routeSchema(tags, msg.apiDocs.list, {
        querystring: depenseListQuerySchema,
        response: { 200: depenseListSchema, ...refusals },
      }),
      handler: async (request) => listExpenses(depsOf(request), request.query),
    });

    serve(app, routes.create, {
      schema: routeSchema(tags, msg.apiDocs.create, {
        body: depenseCreateSchema,
        response: { 200: depenseSchema, 201: depenseSchema, ...refusals },
      }),
      handler: async (request, reply) => {
        const { depense, created } = await createExpense(depsOf(request), request.body);
        return reply.status(created ? 201 : 200).send(depense);
      },
    });

    serve(app, routes.csv, {
      schema: routeSchema(tags, msg.apiDocs.csv, {
        querystring: depenseCsvQuerySchema,
        ...fileAnswer(['text/csv'], msg.apiDocs.csvBody),
      }),
      handler: async (request, reply) => {
        const year = request.query.annee ?? parisYear();
        return sendFile(reply, {
          content: await expensesCsv(depsOf(request), year),
          type: 'text/csv; charset=utf-8',
          filename: expenseCsvTexts.filename(year),
        });
      },
    });

    serve(app, routes.get, {
      schema: routeSchema(tags, msg.apiDocs.get, { params, response: { 200: depenseSchema, ...refusals } }),
      handler: async (request) => getExpense(depsOf(request), request.params.id),
    });

    serve(app, routes.update, {
      schema: routeSchema(tags, msg.apiDocs.update, {
        params,
        body: depenseFieldsSchema,
        response: { 200: depenseSchema, ...refusals },
      }),
      handler: async (request) => updateExpense(depsOf(request), request.params.id, request.body),
    });

    serve(app, routes.delete, {
      schema: routeSchema(tags, msg.apiDocs.delete, { params, response: { 204: z.null(), ...refusals } }),
      handler: async (request, reply) => {
        await deleteExpense(depsOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.putReceipt, {
      schema: routeSchema(tags, msg.apiDocs.receipt, {
        params,
        consumes: RECEIPT_TYPES,
        response: { 200: depenseSchema, 201: depenseSchema, ...refusals, ...errorResponses(413, 415, 422) },
      }),
      handler: async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', msg.receiptUnsupported);
        const { depense, created } = await putReceipt(depsOf(request), request.params.id, request.body);
        return reply.status(created ? 201 : 200).send(depense);
      },
    });

    serve(app, routes.receipt, {
      schema: routeSchema(tags, msg.apiDocs.receiptGet, {
        params,
        ...fileAnswer(['image/jpeg', 'application/pdf'], msg.apiDocs.receiptBody),
      }),
      handler: async (request, reply) => sendFile(reply, await getReceipt(depsOf(request), request.params.id)),
    });

    serve(app, routes.fromDebit, {
      schema: routeSchema(tags, msg.apiDocs.fromDebit, {
        params: debitIdParamsSchema,
        body: debitExpenseSchema,
        response: { 200: depenseSchema, 201: depenseSchema, ...refusals },
      }),
      handler: async (request, reply) => {
        const { depense, created } = await createExpenseFromDebit(depsOf(request), request.params.id, request.body);
        return reply.status(created ? 201 : 200).send(depense);
      },
    });

    serve(app, routes.debitProposals, {
      schema: routeSchema(tags, msg.apiDocs.debitProposals, { response: { 200: debitProposalsSchema, ...refusals } }),
      handler: async (request) => proposeExpensesForDebits(depsOf(request)),
    });

    serve(app, routes.linkDebit, {
      schema: routeSchema(tags, msg.apiDocs.linkDebit, {
        params: debitIdParamsSchema,
        body: debitLinkSchema,
        response: { 200: depenseSchema, ...refusals },
      }),
      handler: async (request) => linkDebitToExpense(depsOf(request), request.params.id, request.body),
    });

    serve(app, routes.missionCosts, {
      schema: routeSchema(tags, msg.apiDocs.mission, { params: devisIdParamsSchema, response: { 200: missionCostsSchema, ...refusals } }),
      handler: async (request) => getMissionCosts(depsOf(request), request.params.id),
    });

    serve(app, routes.margins, {
      schema: routeSchema(tags, msg.apiDocs.margins, { querystring: marginsQuerySchema, response: { 200: marginsSchema, ...refusals } }),
      handler: async (request) => getMargins(depsOf(request), request.query.annee ?? parisYear()),
    });
  },
};
