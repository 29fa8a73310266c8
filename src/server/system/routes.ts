import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, apiRoutes } from '#domain/api-paths.ts';
import { indexedRoutes, paths } from '#domain/paths.ts';
import { publicConfig } from '#server/config.ts';
import { pingDatabase } from '#server/db/index.ts';
import { AppError } from '#server/errors.ts';
import { routeSchema } from '#server/http-schemas.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { apiDocs } from '#domain/texts/server.ts';

const tags = [apiDocs.systemTag];

/** The API's health check and public configuration, for anyone. */
export const systemRoutes: CapabilityRoutes = {
  async visitor(app) {
    serve(app, apiRoutes.system.health, {
      schema: routeSchema(tags, apiDocs.health, { response: { 200: z.object({ status: z.literal('ok') }) } }),
      handler: async (request) => {
        try {
          await pingDatabase(app.database.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          throw new AppError('unavailable');
        }
        return { status: 'ok' as const };
      },
    });

    serve(app, apiRoutes.system.config, {
      schema: routeSchema(tags, apiDocs.config, {
        response: {
          200: z.object({
            contact: z.object({ email: z.string(), phone: z.string() }),
            business: z.object({
              name: z.string(),
              owner: z.string(),
              siret: z.string(),
              address: z.string(),
              host: z.string(),
            }),
            privacy: z.object({
              processors: z.object({
                geocoder: z.string().nullable(),
                router: z.string().nullable(),
                smtp: z.string().nullable(),
                s3: z.string().nullable(),
                sms: z.string().nullable(),
              }),
              retention: z.object({
                sentMailDays: z.number(),
                expiredSessionDays: z.number(),
                verificationDays: z.number(),
                throttleHours: z.number(),
                auditDays: z.number(),
                trackingDays: z.number(),
              }),
            }),
            mediator: z.object({ nom: z.string(), url: z.string(), adresse: z.string().optional() }).nullable(),
          }),
        },
      }),
      handler: async () => publicConfig(app.config),
    });
  },
};

/** robots.txt and sitemap.xml: the site's, not the API's (no `/api` address, no role). */
export async function siteFiles(app: FastifyInstance): Promise<void> {
  // robots.txt and sitemap.xml need the site's absolute address, so they are answered here
  // from PUBLIC_URL rather than shipped as static files.
  app.get('/robots.txt', { schema: { tags, summary: apiDocs.robots } }, async (_request, reply) => {
    const origin = app.config.publicUrl;
    const privateAreas = [paths.espaceClient, '/devis/', paths.admin, `${API_PREFIX}/`];
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return ['User-agent: *', ...privateAreas.map((area) => `Disallow: ${area}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  });

  app.get('/sitemap.xml', { schema: { tags, summary: apiDocs.sitemap } }, async (_request, reply) => {
    const origin = app.config.publicUrl;
    const urls = indexedRoutes.map(({ path }) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  });
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
