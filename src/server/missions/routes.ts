import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientIdSchema,
  customerInspectionsSchema,
  etapeSchema,
  feedStateSchema,
  inspectionBodySchema,
  missionPhotoSchema,
  missionViewSchema,
  photoQuerySchema,
  planningResponseSchema,
} from '#domain/schemas/missions.ts';
import { devisIdParamsSchema } from '#domain/schemas/devis.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { sendPdfDownload } from '#server/documents/documents.ts';
import { AppError } from '#server/errors.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { PHOTO_TYPES } from './photos.ts';
import {
  completeInspection,
  getCustomerInspections,
  getFeedState,
  getMissionView,
  getPhotoFile,
  getPlanning,
  getReportFile,
  regenerateFeed,
  removePhoto,
  renderFeed,
  storePhoto,
  type MissionDeps,
} from './service.ts';

const idParam = devisIdParamsSchema.shape.id;
const params = devisIdParamsSchema;
const stepParams = z.object({ id: idParam, etape: etapeSchema });
const photoParams = z.object({ id: idParam, etape: etapeSchema, photoId: clientIdSchema });
const refusals = errorResponses(400, 401, 403, 404, 409);
const security = [{ session: [] }];
/** A photo the page compressed is at most 400 kB; the service refuses past that in French, Fastify past this. */
const PHOTO_BODY_LIMIT = 2 * 1024 * 1024;

const depsOf = (app: FastifyInstance, request: FastifyRequest): MissionDeps => ({
  database: app.database,
  fileStore: app.fileStore,
  outbox: app.outbox,
  config: app.config,
  log: request.log,
});

/** The mission: planning, calendar feed, inspections and their photos and reports. */
export async function missionRoutes(app: FastifyInstance): Promise<void> {
  await app.register(backOfficeRoutes);
  await app.register(documentRoutes);
  await app.register(feedRoute);
}

/** The back office's side: every route requires the administrator, before the body is read. */
async function backOfficeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['missions'];
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    await app.guards.requireAdmin(request);
  });
  // Photos arrive as the image itself, one a request (PUT: sent again, stored once).
  app.addContentTypeParser([...PHOTO_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) => done(new AppError('unsupported_media_type', m.photoUnsupportedType)));

  app.get(
    '/api/admin/missions',
    {
      schema: {
        tags,
        summary: m.apiDocs.planning,
        security,
        response: { 200: planningResponseSchema, ...refusals },
      },
    },
    async (request) => getPlanning(depsOf(app, request)),
  );

  app.get(
    '/api/admin/missions/:id',
    {
      schema: {
        tags,
        summary: m.apiDocs.mission,
        security,
        params,
        response: { 200: missionViewSchema, ...refusals },
      },
    },
    async (request) => getMissionView(depsOf(app, request), request.params.id),
  );

  app.put(
    '/api/admin/missions/:id/:etape/photos/:photoId',
    {
      schema: {
        tags,
        summary: m.apiDocs.putPhoto,
        security,
        params: photoParams,
        querystring: photoQuerySchema,
        consumes: [...PHOTO_TYPES],
        response: { 200: missionPhotoSchema, 201: missionPhotoSchema, ...refusals, ...errorResponses(413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { id, etape, photoId } = request.params;
      if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', m.photoUnsupportedType);
      const { photo, created } = await storePhoto(depsOf(app, request), id, etape, photoId, request.query, request.body);
      return reply.status(created ? 201 : 200).send(photo);
    },
  );

  app.delete(
    '/api/admin/missions/:id/:etape/photos/:photoId',
    {
      schema: {
        tags,
        summary: m.apiDocs.deletePhoto,
        security,
        params: photoParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const { id, etape, photoId } = request.params;
      await removePhoto(depsOf(app, request), id, etape, photoId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/missions/:id/:etape',
    {
      schema: {
        tags,
        summary: m.apiDocs.complete,
        security,
        params: stepParams,
        body: inspectionBodySchema,
        response: { 200: missionViewSchema, ...refusals, ...errorResponses(503) },
      },
      // Two drawn signatures and some sixty damages at most.
      bodyLimit: 1024 * 1024,
    },
    async (request) => {
      const admin = await app.guards.requireAdmin(request);
      const { id, etape } = request.params;
      return completeInspection(depsOf(app, request), admin, id, etape, request.body);
    },
  );

  app.get(
    '/api/admin/planning/agenda',
    {
      schema: {
        tags,
        summary: m.apiDocs.feedState,
        security,
        response: { 200: feedStateSchema, ...refusals },
      },
    },
    async (request) => getFeedState(depsOf(app, request)),
  );

  app.post(
    '/api/admin/planning/agenda',
    {
      schema: {
        tags,
        summary: m.apiDocs.feedRegenerate,
        security,
        response: { 200: feedStateSchema, ...refusals },
      },
    },
    async (request) => regenerateFeed(depsOf(app, request)),
  );
}

/** What the customer sees of his mission: the completed inspections, their photos and PVs (the administrator too). */
async function documentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['missions'];
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    await app.guards.requireUser(request);
  });

  app.get(
    '/api/devis/:id/etats-des-lieux',
    {
      schema: {
        tags,
        summary: m.apiDocs.customerInspections,
        security,
        params,
        response: { 200: customerInspectionsSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await app.guards.requireUser(request);
      return getCustomerInspections(depsOf(app, request), viewer, request.params.id);
    },
  );

  app.get(
    '/api/devis/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: m.apiDocs.photo,
        security,
        params: z.object({ id: idParam, photoId: clientIdSchema }),
        querystring: z.object({ taille: z.enum(['photo', 'vignette']).default('photo') }),
        produces: ['image/jpeg'],
        response: { 200: z.any().describe(m.apiDocs.photoBody), ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      const content = await getPhotoFile(depsOf(app, request), viewer, request.params.id, request.params.photoId, request.query.taille);
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', `inline; filename="photo-${request.params.photoId}.jpg"`)
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );

  app.get(
    '/api/devis/:id/pv/:etape',
    {
      schema: {
        tags,
        summary: m.apiDocs.pv,
        security,
        params: stepParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe(m.apiDocs.pvBody), ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      return sendPdfDownload(reply, await getReportFile(depsOf(app, request), viewer, request.params.id, request.params.etape));
    },
  );
}

/** The calendar feed: a phone's calendar has no session, the secret token in the link is the key. */
async function feedRoute(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/planning.ics',
    {
      schema: {
        tags: ['missions'],
        summary: m.apiDocs.feed,
        querystring: z.object({ token: z.string().max(200).optional() }),
        produces: ['text/calendar'],
        response: { 200: z.any().describe(m.apiDocs.feedBody), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const feed = await renderFeed(depsOf(app, request), request.query.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="missions.ics"')
        .header('cache-control', 'private, no-cache')
        .send(feed);
    },
  );
}
