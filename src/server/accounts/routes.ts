import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '#domain/paths.ts';
import { signUpResponseSchema, signUpSchema, utilisateurSchema, viewerResponseSchema } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts.ts';
import { notFound } from '#server/errors.ts';
import { findUtilisateur, listUtilisateurs } from './repository.ts';
import { registerCustomer, verifyEmailLink, type AccountDeps } from './service.ts';

const errorSchema = z.object({ error: z.string(), message: z.string(), details: z.unknown().optional() });

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
        summary: "L'utilisateur connecté et son rôle (user: null pour un visiteur)",
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
        summary:
          'Créer un compte client (profil utilisateurs compris) et envoyer l’e-mail de vérification ; même réponse pour une adresse déjà inscrite, dont le titulaire est prévenu par e-mail',
        body: signUpSchema,
        response: { 201: signUpResponseSchema, 422: errorSchema, 429: errorSchema },
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
        summary: 'Lien de vérification de l’e-mail : vérifie puis redirige vers /connexion?verification=…',
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
        summary: 'Le profil du client connecté (nom, téléphone, e-mail, type, adresse)',
        response: { 200: utilisateurSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await app.guards.requireUser(request);
      const profile = await findUtilisateur(app.database.db, viewer.id);
      if (!profile) throw notFound();
      reply.header('cache-control', 'private, no-store');
      return profile;
    },
  );

  app.get(
    '/api/comptes/utilisateurs',
    {
      schema: {
        tags: ['comptes'],
        summary: 'Administrateur : les comptes clients inscrits, du plus récent au plus ancien',
        response: { 200: z.object({ utilisateurs: z.array(utilisateurSchema) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      await app.guards.requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return { utilisateurs: await listUtilisateurs(app.database.db) };
    },
  );
}
