import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '#domain/paths.ts';
import { signUpResponseSchema, signUpSchema, utilisateurSchema, viewerResponseSchema } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts/common.ts';
import { errorResponses } from '#server/http-schemas.ts';
import { getProfile, registerCustomer, verifyEmailLink, type AccountDeps } from './service.ts';
import { apiDocs } from '#domain/texts/server.ts';

export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (log: AccountDeps['log']): AccountDeps => ({
    config: app.config,
    database: app.database,
    auth: app.auth,
    outbox: app.outbox,
    background: app.background,
    log,
  });

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['comptes'],
        summary: apiDocs.me,
        response: { 200: viewerResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { user: await app.guards.getViewer(request) };
    },
  );

  app.post(
    '/api/comptes/inscription',
    {
      schema: {
        tags: ['comptes'],
        summary: apiDocs.signUp,
        body: signUpSchema,
        response: { 201: signUpResponseSchema, ...errorResponses(400, 422, 429) },
      },
    },
    async (request, reply) => {
      // The same answer for a new address, one with an account and the administrator's.
      await registerCustomer(deps(request.log), request.body, request.ip);
      return reply.status(201).send({ email: request.body.email, message: texts.signupSuccess });
    },
  );

  app.get(
    '/api/comptes/verification-email',
    {
      schema: {
        tags: ['comptes'],
        summary: apiDocs.verificationLink,
        querystring: z.object({ token: z.string().max(4096).default('') }),
      },
    },
    async (request, reply) => {
      const outcome = await verifyEmailLink(deps(request.log), request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${paths.connexion}?verification=${outcome}`, 303);
    },
  );

  app.get(
    '/api/comptes/profil',
    {
      schema: {
        tags: ['comptes'],
        summary: apiDocs.profile,
        security: [{ session: [] }],
        response: { 200: utilisateurSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return getProfile(app.database, viewer.id);
    },
  );
}
