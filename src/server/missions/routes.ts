import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
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
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { PHOTO_TYPES } from './photos.ts';
import {
  getCustomerInspections,
  getFeedState,
  getMissionView,
  getPhotoFile,
  getPlanning,
  getReportFile,
  regenerateFeed,
  renderFeed,
} from './service.ts';
import { completeInspection, removePhoto, storePhoto } from './inspections.ts';

const idParam = devisIdParamsSchema.shape.id;
const params = devisIdParamsSchema;
const stepParams = z.object({ id: idParam, etape: etapeSchema });
const photoParams = z.object({ id: idParam, etape: etapeSchema, photoId: clientIdSchema });
const refusals = errorResponses(400, 401, 403, 404, 409);
/** A photo the page compressed is at most 400 kB; the service refuses past that in French, Fastify past this. */
const PHOTO_BODY_LIMIT = 2 * 1024 * 1024;

const tags = ['missions'];

/** The mission: planning, calendar feed, inspections and their photos and reports. */
export const missionRoutes: CapabilityRoutes = {
  /** The back office's side: planning, inspections and their photos, the calendar feed's link. */
  async admin(app) {
    const routes = apiRoutes.missions;
    // Photos arrive as the image itself, one a request (PUT: sent again, stored once).
    app.addContentTypeParser([...PHOTO_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('*', (_request, _payload, done) => done(new AppError('unsupported_media_type', m.photoUnsupportedType)));

    app.get(
      routes.planning.path,
      { schema: routeSchema(tags, m.apiDocs.planning, { response: { 200: planningResponseSchema, ...refusals } }) },
      async (request) => getPlanning(depsOf(request)),
    );

    app.get(
      routes.get.path,
      { schema: routeSchema(tags, m.apiDocs.mission, { params, response: { 200: missionViewSchema, ...refusals } }) },
      async (request) => getMissionView(depsOf(request), request.params.id),
    );

    app.put(
      routes.putPhoto.path,
      {
        schema: routeSchema(tags, m.apiDocs.putPhoto, {
          params: photoParams,
          querystring: photoQuerySchema,
          consumes: [...PHOTO_TYPES],
          response: { 200: missionPhotoSchema, 201: missionPhotoSchema, ...refusals, ...errorResponses(413, 415, 422) },
        }),
      },
      async (request, reply) => {
        const { id, etape, photoId } = request.params;
        if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', m.photoUnsupportedType);
        const { photo, created } = await storePhoto(depsOf(request), id, etape, photoId, request.query, request.body);
        return reply.status(created ? 201 : 200).send(photo);
      },
    );

    app.delete(
      routes.deletePhoto.path,
      { schema: routeSchema(tags, m.apiDocs.deletePhoto, { params: photoParams, response: { 204: z.null(), ...refusals } }) },
      async (request, reply) => {
        const { id, etape, photoId } = request.params;
        await removePhoto(depsOf(request), id, etape, photoId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      routes.completeInspection.path,
      {
        schema: routeSchema(tags, m.apiDocs.complete, {
          params: stepParams,
          body: inspectionBodySchema,
          response: { 200: missionViewSchema, ...refusals, ...errorResponses(503) },
        }),
        // Two drawn signatures and some sixty damages at most.
        bodyLimit: 1024 * 1024,
      },
      async (request) => {
        const { id, etape } = request.params;
        return completeInspection(depsOf(request), app.guards.viewerOf(request), id, etape, request.body);
      },
    );

    app.get(
      routes.feedState.path,
      { schema: routeSchema(tags, m.apiDocs.feedState, { response: { 200: feedStateSchema, ...refusals } }) },
      async (request) => getFeedState(depsOf(request)),
    );

    app.post(
      routes.regenerateFeed.path,
      { schema: routeSchema(tags, m.apiDocs.feedRegenerate, { response: { 200: feedStateSchema, ...refusals } }) },
      async (request) => regenerateFeed(depsOf(request)),
    );
  },

  /** What the customer sees of his mission: the completed inspections, their photos and PVs (the administrator too). */
  async customer(app) {
    const routes = apiRoutes.missions;

    app.get(
      routes.customerInspections.path,
      { schema: routeSchema(tags, m.apiDocs.customerInspections, { params, response: { 200: customerInspectionsSchema, ...refusals } }) },
      async (request) => {
        const viewer = app.guards.viewerOf(request);
        return getCustomerInspections(depsOf(request), viewer, request.params.id);
      },
    );

    app.get(
      routes.photo.path,
      {
        schema: routeSchema(tags, m.apiDocs.photo, {
          params: z.object({ id: idParam, photoId: clientIdSchema }),
          querystring: z.object({ taille: z.enum(['photo', 'vignette']).default('photo') }),
          produces: ['image/jpeg'],
          response: { 200: z.any().describe(m.apiDocs.photoBody), ...refusals },
        }),
      },
      async (request, reply) => {
        const viewer = app.guards.viewerOf(request);
        const content = await getPhotoFile(depsOf(request), viewer, request.params.id, request.params.photoId, request.query.taille);
        return reply
          .header('content-type', 'image/jpeg')
          .header('content-disposition', `inline; filename="photo-${request.params.photoId}.jpg"`)
          .header('x-content-type-options', 'nosniff')
          .send(content);
      },
    );

    app.get(
      routes.report.path,
      {
        schema: routeSchema(tags, m.apiDocs.pv, {
          params: stepParams,
          produces: ['application/pdf'],
          response: { 200: z.any().describe(m.apiDocs.pvBody), ...refusals },
        }),
      },
      async (request, reply) => {
        const viewer = app.guards.viewerOf(request);
        return sendPdfDownload(reply, await getReportFile(depsOf(request), viewer, request.params.id, request.params.etape));
      },
    );
  },

  /** The calendar feed: a phone's calendar has no session, the secret token in the link is the key. */
  async visitor(app) {
    app.get(
      apiRoutes.missions.feed.path,
      {
        schema: routeSchema(['missions'], m.apiDocs.feed, {
          querystring: z.object({ token: z.string().max(200).optional() }),
          produces: ['text/calendar'],
          response: { 200: z.any().describe(m.apiDocs.feedBody), ...errorResponses(403) },
        }),
      },
      async (request, reply) => {
        const feed = await renderFeed(depsOf(request), request.query.token);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="missions.ics"')
          .header('cache-control', 'private, no-cache')
          .send(feed);
      },
    );
  },
};
