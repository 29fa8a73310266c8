import { z } from 'zod';
import { apiRoutes } from '#domain/api-paths.ts';
import { paths } from '#domain/paths.ts';
import { signUpResponseSchema, signUpSchema, utilisateurSchema, viewerResponseSchema } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts/common.ts';
import { apiDocs } from '#domain/texts/server.ts';
import { errorResponses, routeSchema } from '#server/http-schemas.ts';
import { depsOf } from '#server/http/request-deps.ts';
import type { CapabilityRoutes } from '#server/http/role-scopes.ts';
import { serve } from '#server/http/serve.ts';
import { getProfile, registerCustomer, verifyEmailLink } from './service.ts';

const tags = ['comptes'];

/** Accounts: who is signed in, the sign-up, the verification link, and the customer's profile. */
export const accountRoutes: CapabilityRoutes = {
  async visitor(app) {
    const routes = apiRoutes.accounts;
    serve(app, routes.me, {
      schema: routeSchema(tags, apiDocs.me, { response: { 200: viewerResponseSchema } }),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { user: await app.guards.getViewer(request) };
      },
    });

    serve(app, routes.signUp, {
      schema: routeSchema(tags, apiDocs.signUp, {
        body: signUpSchema,
        response: { 201: signUpResponseSchema, ...errorResponses(400, 422, 429) },
      }),
      handler: async (request, reply) => {
        // The same answer for a new address, one with an account and the administrator's.
        await registerCustomer(depsOf(request), request.body, request.ip);
        return reply.status(201).send({ email: request.body.email, message: texts.signupSuccess });
      },
    });

    serve(app, routes.verifyEmail, {
      schema: routeSchema(tags, apiDocs.verificationLink, { querystring: z.object({ token: z.string().max(4096).default('') }) }),
      handler: async (request, reply) => {
        const outcome = await verifyEmailLink(depsOf(request), request.query.token);
        reply.header('cache-control', 'no-store');
        return reply.redirect(`${paths.connexion}?verification=${outcome}`, 303);
      },
    });
  },

  async customer(app) {
    serve(app, apiRoutes.accounts.profile, {
      schema: routeSchema(tags, apiDocs.profile, { response: { 200: utilisateurSchema, ...errorResponses(401, 403, 404) } }),
      handler: async (request) => getProfile(app.database, app.guards.viewerOf(request).id),
    });
  },
};
