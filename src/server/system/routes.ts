import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfig } from '../config.ts';
import { pingDatabase } from '../db/index.ts';
import { AppError } from '../errors.ts';

export async function systemRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['système'],
        summary: "État du service (200 dès que la base de données répond)",
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.database.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('unavailable');
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['système'],
        summary: "Identité de l'entreprise et coordonnées de contact",
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
          }),
        },
      },
    },
    async () => publicConfig(app.config),
  );
}
