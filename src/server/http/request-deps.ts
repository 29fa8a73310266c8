import type { FastifyRequest } from 'fastify';

/**
 * What a service may take of the application for one request: the stores, the outbox, the
 * configuration and the adapters the app was built with, plus the request's own logger and
 * client IP. Each service names the part it uses in its own `…Deps` type; a route hands it
 * `depsOf(request)` whole.
 */
export function depsOf(request: FastifyRequest) {
  const { config, database, outbox, fileStore, auth, geo, seal, background, invoiceHooks, einvoicing, payments } = request.server;
  return {
    config,
    database,
    outbox,
    fileStore,
    auth,
    geo,
    seal,
    background,
    invoiceHooks,
    einvoicing,
    payments,
    log: request.log,
    ip: request.ip,
  };
}

export type RequestDeps = ReturnType<typeof depsOf>;
