import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import {
  adminListQuerySchema,
  adminListResponseSchema,
  archivesResponseSchema,
  confirmBodySchema,
  deleteQuoteQuerySchema,
} from '#domain/schemas/admin.ts';
import { completionSchema } from '#domain/schemas/devis-completion.ts';
import { devisIdParamsSchema, devisListQuerySchema, devisListSchema, devisSchema } from '#domain/schemas/devis.ts';
import { simulationRequestSchema, simulationResultSchema } from '#domain/schemas/simulation.ts';
import { isStorableText } from '#domain/schemas/text.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { texts } from '#domain/texts/common.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { MAX_UPLOAD_BYTES } from '#server/documents/pdf-check.ts';
import { AppError } from '#server/errors.ts';
import { errorResponses, fileAnswer, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes, RouteScope } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { publicRateLimit } from '#server/security/public-rate-limit.ts';
import { listAdminQuotes, listArchives } from './admin-list.ts';
import * as backOffice from './back-office.ts';
import { getSignedQuoteFile, uploadSignedQuote } from './signed-pdf.ts';
import * as customer from './service.ts';

const params = devisIdParamsSchema;
const tags = ['devis'];
/** A customer route about one quote, answering it. */
const oneQuote = (summary: string) => routeSchema(tags, summary, { params, response: { 200: devisSchema, ...refusals } });
const adminTags = ['administration'];

/** The quote: the visitor's simulation, the customer's own quotes, and the back office's actions on any quote. */
export const quoteRoutes: CapabilityRoutes = {
  async visitor(app) {
    const { simulate } = apiRoutes.quotes;
    serve(app, simulate, {
      config: publicRateLimit(app),
      schema: routeSchema(tags, apiDocs.simulation, {
        body: simulationRequestSchema,
        response: { 200: simulationResultSchema, ...errorResponses(400, 422, 429, 502, 503, 504) },
      }),
      // A verified customer's simulation is saved as a quote: who asks matters, though anyone may.
      handler: async (request) =>
        customer.simulate(
          { ...depsOf(request), dailyQuoteLimit: app.config.dailyQuoteLimit },
          await app.guards.getViewer(request),
          request.body,
        ),
    });
  },

  /** Every route answers only about the caller's own quotes (the signed PDF: the administrator's too). */
  async customer(app) {
    const routes = apiRoutes.quotes;
    const viewerOf = app.guards.viewerOf;

    serve(app, routes.list, {
      schema: routeSchema(tags, apiDocs.myQuotes, {
        description: apiDocs.myQuotesSearch,
        querystring: devisListQuerySchema,
        response: { 200: devisListSchema, ...refusals },
      }),
      handler: async (request) => ({ devis: await customer.listActiveQuotes(depsOf(request), viewerOf(request), request.query.q) }),
    });

    serve(app, routes.listArchived, {
      schema: routeSchema(tags, apiDocs.myArchives, { response: { 200: devisListSchema, ...refusals } }),
      handler: async (request) => ({
        devis: await customer.listArchivedQuotes(depsOf(request), viewerOf(request)),
      }),
    });

    serve(app, routes.get, {
      schema: oneQuote(apiDocs.myQuote),
      handler: async (request) => customer.getOwnQuote(depsOf(request), viewerOf(request), request.params.id),
    });

    serve(app, routes.complete, {
      schema: { ...oneQuote(apiDocs.complete), body: completionSchema },
      handler: async (request) => customer.completeQuote(depsOf(request), viewerOf(request), request.params.id, request.body),
    });

    for (const action of [
      { route: routes.archive, summary: apiDocs.archive, run: customer.archiveQuote },
      { route: routes.restore, summary: apiDocs.restore, run: customer.restoreQuote },
    ]) {
      serve(app, action.route, {
        schema: oneQuote(action.summary),
        handler: async (request) => action.run(depsOf(request), viewerOf(request), request.params.id),
      });
    }

    serve(app, routes.delete, {
      schema: routeSchema(tags, apiDocs.delete, { params, response: { 204: z.null().describe(apiDocs.deleted), ...refusals } }),
      handler: async (request, reply) => {
        await customer.deleteOwnQuote(depsOf(request), viewerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.signedPdf, {
      schema: routeSchema(['fichiers'], apiDocs.signedDownload, {
        params,
        ...fileAnswer(['application/pdf'], apiDocs.signedPdf, errorResponses(401, 403, 404)),
      }),
      handler: async (request, reply) =>
        sendPdfDownload(reply, await getSignedQuoteFile(depsOf(request), viewerOf(request), request.params.id)),
    });
  },

  /** The back office's quote pages: the list, one quote, and every action of the transition table on it. */
  async admin(app) {
    const routes = apiRoutes.quotes;
    const adminOf = app.guards.viewerOf;

    serve(app, routes.adminList, {
      schema: routeSchema(adminTags, apiDocs.admin.list, {
        querystring: adminListQuerySchema,
        response: { 200: adminListResponseSchema, ...refusals },
      }),
      handler: async (request) => listAdminQuotes(depsOf(request), request.query),
    });

    serve(app, routes.adminListArchived, {
      schema: routeSchema(adminTags, apiDocs.admin.archives, { response: { 200: archivesResponseSchema, ...refusals } }),
      handler: async (request) => ({ devis: await listArchives(depsOf(request)) }),
    });

    serve(app, routes.adminGet, {
      schema: routeSchema(adminTags, apiDocs.admin.quote, { params, response: { 200: devisSchema, ...refusals } }),
      handler: async (request) => backOffice.getAdminQuote(depsOf(request), request.params.id),
    });

    serve(app, routes.confirm, {
      schema: routeSchema(adminTags, apiDocs.admin.confirm, {
        params,
        body: confirmBodySchema,
        response: { 200: devisSchema, ...refusals, ...errorResponses(422, 503) },
      }),
      handler: async (request) => backOffice.confirmQuote(depsOf(request), adminOf(request), request.params.id, request.body),
    });

    serve(app, routes.retryMail, {
      schema: routeSchema(adminTags, apiDocs.admin.retryMail, {
        params,
        response: { 200: devisSchema, ...refusals, ...errorResponses(422, 503) },
      }),
      handler: async (request) => backOffice.retryQuoteMail(depsOf(request), request.params.id),
    });

    for (const action of [
      { route: routes.confirmSigned, summary: apiDocs.admin.confirmSigned, run: backOffice.confirmSigned },
      { route: routes.finish, summary: apiDocs.admin.finish, run: backOffice.finishMission },
      { route: routes.adminArchive, summary: apiDocs.admin.archive, run: backOffice.archiveQuote },
      { route: routes.extend, summary: apiDocs.admin.extend, run: backOffice.extendQuote },
      { route: routes.adminRestore, summary: apiDocs.admin.restore, run: backOffice.restoreQuote },
    ]) {
      serve(app, action.route, {
        schema: routeSchema(adminTags, action.summary, { params, response: { 200: devisSchema, ...refusals } }),
        handler: async (request) => action.run(depsOf(request), adminOf(request), request.params.id),
      });
    }

    serve(app, routes.adminDelete, {
      // Sensitive: the password or a code again if the last one is a few minutes old.
      preHandler: app.guards.requireRecentAuthentication,
      schema: routeSchema(adminTags, apiDocs.admin.delete, {
        params,
        querystring: deleteQuoteQuerySchema,
        response: { 204: z.null(), ...refusals },
      }),
      handler: async (request, reply) => {
        await backOffice.removeQuote(depsOf(request), request.params.id, request.query.acompte);
        return reply.status(204).send(null);
      },
    });

    await app.register(signedUploadRoute);
  },
};

/** The upload of a signed PDF, in its own scope: only it parses multipart bodies. */
async function signedUploadRoute(app: RouteScope): Promise<void> {
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });
  serve(app, apiRoutes.quotes.uploadSigned, {
    schema: routeSchema(adminTags, apiDocs.admin.upload, {
      consumes: ['multipart/form-data'],
      params,
      response: { 200: devisSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
    }),
    handler: async (request) =>
      uploadSignedQuote(depsOf(request), app.guards.viewerOf(request), request.params.id, await readSingleFile(request)),
  });
}

/** The one file of the request, whole in memory (10 MiB at most), or a French refusal. */
async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', adminTexts.uploadNotPdf);
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (content) throw new AppError('validation', adminTexts.uploadTooManyFiles);
      // The file is stored under a name the server makes; a client name that tries to
      // climb directories says the request was forged, so it is refused outright.
      if (/[/\\]|\.\./.test(part.filename) || !isStorableText(part.filename)) throw new AppError('validation', adminTexts.uploadBadName);
      content = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('validation', adminTexts.uploadTooManyFiles);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', adminTexts.uploadTooLarge);
    if (error instanceof AppError) throw error;
    // Anything else the multipart parser stumbles on is the request's fault: no boundary,
    // a body cut off in a part's headers or in the file.
    request.log.warn({ err: error }, 'refused: malformed multipart body');
    throw new AppError('validation', adminTexts.uploadMalformed, { cause: error });
  }
  if (!content) throw new AppError('validation', texts.uploadNoFile);
  return content;
}
