import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { privacyTexts as p } from '#domain/texts/privacy.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { sendFile } from '#server/http/send-file.ts';
import { serve } from '#server/http/serve.ts';
import { exportAccountData, exportFileName } from './export.ts';
import { deleteOwnAccount } from './service.ts';

const deleteBodySchema = z.object({ motDePasse: z.string().min(1).max(128) });

/** The customer's rights over his own account (RGPD): take his data away, or leave. */
export const privacyRoutes: CapabilityRoutes = {
  async customer(app) {
    serve(app, apiRoutes.privacy.exportData, {
      schema: routeSchema(['comptes'], p.apiExport, { response: errorResponses(401, 403) }),
      handler: async (request, reply) => {
        const now = new Date();
        const data = await exportAccountData(depsOf(request), app.guards.viewerOf(request), now);
        // Indented text, read by people as well as programs: sent as is, past the route's serializer.
        return sendFile(reply, {
          content: JSON.stringify(data, null, 2),
          type: 'application/json; charset=utf-8',
          filename: exportFileName(now),
        });
      },
    });

    serve(app, apiRoutes.privacy.deleteAccount, {
      schema: routeSchema(['comptes'], p.apiDelete, {
        body: deleteBodySchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 409, 429) },
      }),
      handler: async (request, reply) => {
        await deleteOwnAccount(depsOf(request), app.guards.viewerOf(request), request.body.motDePasse);
        // The session row is gone already; the browser forgets its cookies too.
        const { authCookies } = await app.auth.$context;
        const secure = app.config.publicUrl.startsWith('https://') ? '; Secure' : '';
        reply.header(
          'set-cookie',
          [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
            (cookie) => `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
          ),
        );
        return { message: p.deleted };
      },
    });
  },
};
