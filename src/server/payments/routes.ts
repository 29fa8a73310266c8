import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { apiRoutes } from '#domain/api-paths.ts';
import { factureIdParamsSchema } from '#domain/schemas/invoices.ts';
import {
  bankOverviewSchema,
  cardRefundInputSchema,
  cardRefundsSchema,
  checkoutAnswerSchema,
  csvMappingSchema,
  importSummarySchema,
  invoicesToMatch,
  matchInputSchema,
  operationIdParamsSchema,
  operationSchema,
  paymentPageSchema,
  remindersInputSchema,
  remindersSchema,
  webhookAnswerSchema,
} from '#domain/schemas/payments.ts';
import { isStorableText } from '#domain/schemas/text.ts';
import { bankApiMessages, paymentApiDocs as docs, statementErrors } from '#domain/texts/payments.ts';
import { AppError } from '#server/errors.ts';
import { errorResponses, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes, RouteScope } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { cardRefundsNow, makeCardRefund } from './card-refunds.ts';
import { paymentPage, receiveProviderEvent, startOnlinePayment } from './online.ts';
import { remindersOf, setInvoiceReminders } from './reminders.ts';
import { bankOverview, ignoreOperation, importStatement, matchOperation, saveMapping } from './statements.ts';
import { MAX_STATEMENT_BYTES } from './statements/read-statement.ts';

const routes = apiRoutes.payments;
const tags = ['paiements'];

/** Getting paid: the customer's payment page, the provider's notification, the bank page, the reminders' switch, card refunds. */
export const paymentRoutes: CapabilityRoutes = {
  async visitor(app) {
    await app.register(webhookRoute);
  },

  async customer(app) {
    serve(app, routes.page, {
      schema: routeSchema(tags, docs.page, { params: factureIdParamsSchema, response: { 200: paymentPageSchema, ...refusals } }),
      handler: async (request) => paymentPage(depsOf(request), app.guards.viewerOf(request), request.params.id),
    });
    serve(app, routes.startOnline, {
      schema: routeSchema(tags, docs.startOnline, {
        params: factureIdParamsSchema,
        response: { 200: checkoutAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      }),
      handler: async (request) => startOnlinePayment(depsOf(request), app.guards.viewerOf(request), request.params.id),
    });
  },

  async admin(app) {
    serve(app, routes.bank, {
      schema: routeSchema(tags, docs.bank, { response: { 200: bankOverviewSchema, ...refusals } }),
      handler: async (request) => bankOverview(depsOf(request)),
    });
    serve(app, routes.matchOperation, {
      schema: routeSchema(tags, docs.matchOperation, {
        params: operationIdParamsSchema,
        body: matchInputSchema,
        response: { 200: operationSchema, ...refusals },
      }),
      handler: async (request) => matchOperation(depsOf(request), request.params.id, invoicesToMatch(request.body)),
    });
    serve(app, routes.ignoreOperation, {
      schema: routeSchema(tags, docs.ignoreOperation, { params: operationIdParamsSchema, response: { 200: operationSchema, ...refusals } }),
      handler: async (request) => ignoreOperation(depsOf(request), request.params.id),
    });
    serve(app, routes.saveCsvMapping, {
      schema: routeSchema(tags, docs.saveCsvMapping, { body: csvMappingSchema, response: { 200: csvMappingSchema, ...refusals } }),
      handler: async (request) => saveMapping(depsOf(request), request.body),
    });
    serve(app, routes.reminders, {
      schema: routeSchema(tags, docs.reminders, { params: factureIdParamsSchema, response: { 200: remindersSchema, ...refusals } }),
      handler: async (request) => remindersOf(depsOf(request), request.params.id),
    });
    serve(app, routes.setReminders, {
      schema: routeSchema(tags, docs.setReminders, {
        params: factureIdParamsSchema,
        body: remindersInputSchema,
        response: { 200: remindersSchema, ...refusals },
      }),
      handler: async (request) =>
        setInvoiceReminders(depsOf(request), app.guards.viewerOf(request), request.params.id, request.body.arretees),
    });
    serve(app, routes.cardRefunds, {
      schema: routeSchema(tags, docs.cardRefunds, { params: factureIdParamsSchema, response: { 200: cardRefundsSchema, ...refusals } }),
      handler: async (request) => cardRefundsNow(depsOf(request), request.params.id),
    });
    serve(app, routes.makeCardRefund, {
      schema: routeSchema(tags, docs.makeCardRefund, {
        params: factureIdParamsSchema,
        body: cardRefundInputSchema,
        response: { 200: cardRefundsSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      }),
      handler: async (request) => makeCardRefund(depsOf(request), request.params.id, request.body.paiementId),
    });
    await app.register(statementUploadRoute);
  },
};

/**
 * The provider's notification, in its own scope: its JSON body is kept raw (a Buffer), since
 * the signature is computed over the exact bytes sent.
 */
async function webhookRoute(app: RouteScope): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  serve(app, routes.stripeWebhook, {
    schema: routeSchema(tags, docs.webhook, {
      response: { 200: webhookAnswerSchema, 400: webhookAnswerSchema, ...errorResponses(404, 415) },
    }),
    handler: async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const answer = await receiveProviderEvent(depsOf(request), raw, typeof signature === 'string' ? signature : undefined);
      return reply.status(answer.status).send(answer.body);
    },
  });
}

/** The statement upload, in its own scope: only it parses multipart bodies. */
async function statementUploadRoute(app: RouteScope): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 100 },
  });
  serve(app, routes.importStatement, {
    schema: routeSchema(tags, docs.importStatement, {
      consumes: ['multipart/form-data'],
      response: { 200: importSummarySchema, ...errorResponses(400, 401, 403, 413, 415) },
    }),
    handler: async (request) => importStatement(depsOf(request), app.guards.viewerOf(request), await readStatementFile(request)),
  });
}

/** The one file of the request, whole in memory, or a French refusal. */
async function readStatementFile(request: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', bankApiMessages.fileMissing);
  let file: { filename: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (file) throw new AppError('validation', bankApiMessages.oneFile);
      const filename = part.filename.replace(/^.*[/\\]/, '').slice(0, 200);
      if (!isStorableText(filename)) throw new AppError('validation', bankApiMessages.badName);
      file = { filename, content: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('validation', bankApiMessages.oneFile);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', statementErrors.tooLarge(`${MAX_STATEMENT_BYTES / 1024 / 1024} Mo`));
    if (error instanceof AppError) throw error;
    request.log.warn({ err: error }, 'refused: malformed multipart body');
    throw new AppError('validation', bankApiMessages.malformed, { cause: error });
  }
  if (!file) throw new AppError('validation', bankApiMessages.fileMissing);
  return file;
}
