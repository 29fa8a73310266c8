import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema, adminListResponseSchema, archivesResponseSchema, confirmBodySchema } from '#domain/schemas/admin.ts';
import { devisIdParamsSchema, devisSchema } from '#domain/schemas/devis.ts';
import { isStorableText } from '#domain/schemas/text.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { AppError } from '#server/errors.ts';
import { MAX_UPLOAD_BYTES } from '#server/files/pdf-check.ts';
import { errorResponses } from '#server/http-schemas.ts';
import {
  archiveQuote,
  confirmQuote,
  confirmSigned,
  finishMission,
  getAdminQuote,
  listAdminQuotes,
  listArchives,
  removeQuote,
  restoreQuote,
  retryQuoteMail,
  uploadSignedQuote,
  type AdminDeps,
} from './service.ts';
import { apiDocs } from '#domain/texts/server.ts';

const tags = ['administration'];
const params = devisIdParamsSchema;
const errors = errorResponses(400, 401, 403, 404, 409);

function depsOf(app: FastifyInstance, request: FastifyRequest): AdminDeps {
  return { database: app.database, outbox: app.outbox, fileStore: app.fileStore, config: app.config, log: request.log };
}

/** Every route of the back office, behind one guard: the administrator only. */
export async function adminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Before the body is even read: a visitor gets 401, a customer 403, on every route below
  // (the upload's scope included); handlers read the administrator from `viewerOf`.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    await app.guards.requireAdmin(request);
  });
  const adminOf = app.guards.viewerOf;

  app.get(
    '/api/admin/devis',
    {
      schema: {
        tags,
        summary: apiDocs.admin.list,
        querystring: adminListQuerySchema,
        response: { 200: adminListResponseSchema, ...errors },
      },
    },
    async (request) => listAdminQuotes(depsOf(app, request), request.query),
  );

  app.get(
    '/api/admin/devis-archives',
    {
      schema: { tags, summary: apiDocs.admin.archives, response: { 200: archivesResponseSchema, ...errors } },
    },
    async (request) => ({ devis: await listArchives(depsOf(app, request)) }),
  );

  app.get(
    '/api/admin/devis/:id',
    {
      schema: { tags, summary: apiDocs.admin.quote, params, response: { 200: devisSchema, ...errors } },
    },
    async (request) => getAdminQuote(depsOf(app, request), request.params.id),
  );

  app.post(
    '/api/admin/devis/:id/confirmer',
    {
      schema: {
        tags,
        summary: apiDocs.admin.confirm,
        params,
        body: confirmBodySchema,
        response: { 200: devisSchema, ...errors, ...errorResponses(422, 503) },
      },
    },
    async (request) => confirmQuote(depsOf(app, request), adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/devis/:id/renvoyer-email',
    {
      schema: {
        tags,
        summary: apiDocs.admin.retryMail,
        params,
        response: { 200: devisSchema, ...errors, ...errorResponses(422, 503) },
      },
    },
    async (request) => retryQuoteMail(depsOf(app, request), request.params.id),
  );

  const simpleActions = [
    { url: '/api/admin/devis/:id/confirmer-signe', summary: apiDocs.admin.confirmSigned, run: confirmSigned },
    { url: '/api/admin/devis/:id/terminer', summary: apiDocs.admin.finish, run: finishMission },
    { url: '/api/admin/devis/:id/archiver', summary: apiDocs.admin.archive, run: archiveQuote },
    { url: '/api/admin/devis/:id/restaurer', summary: apiDocs.admin.restore, run: restoreQuote },
  ] as const;
  for (const action of simpleActions) {
    app.post(
      action.url,
      { schema: { tags, summary: action.summary, params, response: { 200: devisSchema, ...errors } } },
      async (request) => action.run(depsOf(app, request), adminOf(request), request.params.id),
    );
  }

  app.delete(
    '/api/admin/devis/:id',
    {
      schema: { tags, summary: apiDocs.admin.delete, params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      // Sensitive: the password or a code again if the last one is a few minutes old.
      await app.guards.requireRecentAuthentication(request);
      await removeQuote(depsOf(app, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(signedUploadRoute);
}

/** The upload route, in its own scope: only it parses multipart bodies. */
async function signedUploadRoute(instance: FastifyInstance): Promise<void> {
  await instance.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/devis/:id/devis-signe',
    {
      schema: {
        tags,
        summary: apiDocs.admin.upload,
        consumes: ['multipart/form-data'],
        params,
        response: { 200: devisSchema, ...errors, ...errorResponses(413, 415, 422) },
      },
    },
    async (request) => {
      const content = await readSingleFile(request);
      return uploadSignedQuote(depsOf(app, request), app.guards.viewerOf(request), request.params.id, content);
    },
  );
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
