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
import { errorResponses, fileAnswer, refusals, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { sendFile } from '#server/http/send-file.ts';
import { serve } from '#server/http/serve.ts';
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

    serve(app, routes.planning, {
      schema: routeSchema(tags, m.apiDocs.planning, { response: { 200: planningResponseSchema, ...refusals } }),
      handler: async (request) => getPlanning(depsOf(request)),
    });

    serve(app, routes.get, {
      schema: routeSchema(tags, m.apiDocs.mission, { params, response: { 200: missionViewSchema, ...refusals } }),
      handler: async (request) => getMissionView(depsOf(request), request.params.id),
    });

    serve(app, routes.putPhoto, {
      schema: routeSchema(tags, m.apiDocs.putPhoto, {
        params: photoParams,
        querystring: photoQuerySchema,
        consumes: [...PHOTO_TYPES],
        response: { 200: missionPhotoSchema, 201: missionPhotoSchema, ...refusals, ...errorResponses(413, 415, 422) },
      }),
      handler: async (request, reply) => {
        const { id, etape, photoId } = request.params;
        if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', m.photoUnsupportedType);
        const { photo, created } = await storePhoto(depsOf(request), id, etape, photoId, request.query, request.body);
        return reply.status(created ? 201 : 200).send(photo);
      },
    });

    serve(app, routes.deletePhoto, {
      schema: routeSchema(tags, m.apiDocs.deletePhoto, { params: photoParams, response: { 204: z.null(), ...refusals } }),
      handler: async (request, reply) => {
        const { id, etape, photoId } = request.params;
        await removePhoto(depsOf(request), id, etape, photoId);
        return reply.status(204).send(null);
      },
    });

    serve(app, routes.completeInspection, {
      schema: routeSchema(tags, m.apiDocs.complete, {
        params: stepParams,
        body: inspectionBodySchema,
        response: { 200: missionViewSchema, ...refusals, ...errorResponses(503) },
      }),
      // Two drawn signatures and some sixty damages at most.
      bodyLimit: 1024 * 1024,
      handler: async (request) => {
        const { id, etape } = request.params;
        return completeInspection(depsOf(request), app.guards.viewerOf(request), id, etape, request.body);
      },
    });

    serve(app, routes.feedState, {
      schema: routeSchema(tags, m.apiDocs.feedState, { response: { 200: feedStateSchema, ...refusals } }),
      handler: async (request) => getFeedState(depsOf(request)),
    });

    serve(app, routes.regenerateFeed, {
      schema: routeSchema(tags, m.apiDocs.feedRegenerate, { response: { 200: feedStateSchema, ...refusals } }),
      handler: async (request) => regenerateFeed(depsOf(request)),
    });
  },

  /** What the customer sees of his mission: the completed inspections, their photos and PVs (the administrator too). */
  async customer(app) {
    const routes = apiRoutes.missions;

    serve(app, routes.customerInspections, {
      schema: routeSchema(tags, m.apiDocs.customerInspections, { params, response: { 200: customerInspectionsSchema, ...refusals } }),
      handler: async (request) => {
        const viewer = app.guards.viewerOf(request);
        return getCustomerInspections(depsOf(request), viewer, request.params.id);
      },
    });

    serve(app, routes.photo, {
      schema: routeSchema(tags, m.apiDocs.photo, {
        params: z.object({ id: idParam, photoId: clientIdSchema }),
        querystring: z.object({ taille: z.enum(['photo', 'vignette']).default('photo') }),
        ...fileAnswer(['image/jpeg'], m.apiDocs.photoBody),
      }),
      handler: async (request, reply) => {
        const viewer = app.guards.viewerOf(request);
        const content = await getPhotoFile(depsOf(request), viewer, request.params.id, request.params.photoId, request.query.taille);
        return sendFile(reply, { content, type: 'image/jpeg', filename: `photo-${request.params.photoId}.jpg` }, 'inline');
      },
    });

    serve(app, routes.report, {
      schema: routeSchema(tags, m.apiDocs.pv, {
        params: stepParams,
        ...fileAnswer(['application/pdf'], m.apiDocs.pvBody),
      }),
      handler: async (request, reply) => {
        const viewer = app.guards.viewerOf(request);
        return sendPdfDownload(reply, await getReportFile(depsOf(request), viewer, request.params.id, request.params.etape));
      },
    });
  },

  /** The calendar feed: a phone's calendar has no session, the secret token in the link is the key. */
  async visitor(app) {
    serve(app, apiRoutes.missions.feed, {
      schema: routeSchema(['missions'], m.apiDocs.feed, {
        querystring: z.object({ token: z.string().max(200).optional() }),
        ...fileAnswer(['text/calendar'], m.apiDocs.feedBody, errorResponses(403)),
      }),
      handler: async (request, reply) => {
        const feed = await renderFeed(depsOf(request), request.query.token);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="missions.ics"')
          .header('cache-control', 'private, no-cache')
          .send(feed);
      },
    });
  },
};
