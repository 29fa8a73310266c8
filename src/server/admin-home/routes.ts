import { apiRoutes } from '#domain/api-paths.ts';
import { aFaireSchema } from '#domain/schemas/a-faire.ts';
import { adminHomeApiDocs } from '#domain/texts/admin-home.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { getAFaire } from './service.ts';

/** The back office's home: « À faire » at the top of /admin (issue 34). */
export const adminHomeRoutes: CapabilityRoutes = {
  async admin(app) {
    serve(app, apiRoutes.adminHome.aFaire, {
      schema: routeSchema(['administration'], adminHomeApiDocs.aFaire, { response: { 200: aFaireSchema, ...errorResponses(401, 403) } }),
      handler: async (request) => getAFaire(depsOf(request)),
    });
  },
};
