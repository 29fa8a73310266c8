import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerResponseSchema } from '../../domain/schemas/accounts.ts';

export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

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
}
