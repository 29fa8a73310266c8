import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { serverMessages } from '#domain/texts/server.ts';

/**
 * The public routes that cost something (geocoding, routing — billed with ROUTER=google —
 * and one saved quote per customer simulation) are limited per client: per account when a
 * session is present, per address otherwise. Counters live in each instance's memory: the
 * aim is to stop a runaway bot, not to count exactly across instances. PUBLIC_RATE_LIMIT=0
 * switches them off (benchmarks).
 */
export async function registerPublicRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: async (request: FastifyRequest) => {
      const viewer = await app.guards.getViewer(request);
      return viewer ? `user:${viewer.id}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', serverMessages.tooManyRequests(Math.ceil(context.ttl / 1000))),
  });
}

/** Route option: `config: publicRateLimit(app, 1)` allows that many times the base rate per minute. */
export function publicRateLimit(app: FastifyInstance, times = 1): FastifyContextConfig {
  const perMinute = app.config.publicRateLimit;
  return { rateLimit: perMinute > 0 ? { max: perMinute * times, timeWindow: 60_000 } : false };
}
