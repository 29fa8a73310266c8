import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRouteList, routeKey, type ApiAccess, type ApiRoute } from '#domain/api-paths.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A `customer` route that the administrator may call before he has set his second factor
     * up (the set-up routes themselves); every other route refuses him until then.
     */
    duringTwoFactorSetup?: boolean;
  }
}

/** The Fastify instance a capability's routes are declared on: the zod schemas type each handler. */
export type RouteScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * One capability's routes, by the role that may call them (its entries' `access` in
 * src/domain/api-paths.ts). Each function declares its routes with `serve` (./serve.ts) on the
 * scope it is given; the scope has run the guard and set the cache headers already, so a
 * handler reads its caller with `app.guards.viewerOf(request)` and never checks the role again.
 */
export type CapabilityRoutes = { [Access in ApiAccess]?: (app: RouteScope) => Promise<void> };

const ROLES: readonly ApiAccess[] = ['visitor', 'customer', 'admin'];

const routeByKey = new Map(apiRouteList.map((route) => [routeKey(route), route]));

/** The table's entry of a route being registered (a HEAD route is its GET's). */
function tableEntryOf(route: RouteOptions): ApiRoute | undefined {
  const method = [route.method].flat()[0] === 'HEAD' ? 'GET' : String([route.method].flat()[0]);
  return routeByKey.get(`${method} ${route.url}`);
}

/** What each role's scope runs before anything else of the request, the body included. */
const guardOf: Record<ApiAccess, ((app: FastifyInstance, request: FastifyRequest) => Promise<unknown>) | null> = {
  visitor: null,
  customer: (app, request) =>
    request.routeOptions.config.duringTwoFactorSetup ? app.guards.requireAccount(request) : app.guards.requireUser(request),
  admin: (app, request) => app.guards.requireAdmin(request),
};

/**
 * Registers every capability's routes inside one scope per role. The `customer` and `admin`
 * scopes run their guard once, on the request (a visitor gets 401 and a customer 403 before
 * the body is even read), mark every answer `private, no-store` and document the session they
 * need; `extend` adds what one scope needs more (the admin's journal). A route whose table entry names another role, or
 * that is not in the table, stops the start: it would otherwise be served with the wrong guard.
 */
export async function registerRoleScopes(
  app: FastifyInstance,
  capabilities: readonly CapabilityRoutes[],
  extend: Partial<Record<ApiAccess, (scope: FastifyInstance) => Promise<void>>> = {},
): Promise<void> {
  for (const access of ROLES) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        const entry = tableEntryOf(route);
        if (!entry) throw new Error(`${routeKey({ method: String(route.method), path: route.url })} is not in src/domain/api-paths.ts`);
        if (entry.access !== access)
          throw new Error(`${routeKey(entry)} is declared for the ${entry.access} scope, registered in the ${access} scope`);
        // The API's documentation says which routes need a session.
        if (access !== 'visitor') route.schema = { security: [{ session: [] }], ...route.schema };
      });
      const guard = guardOf[access];
      if (guard) {
        scope.addHook('onRequest', async (request, reply) => {
          reply.header('cache-control', 'private, no-store');
          await guard(scope, request);
        });
      }
      await extend[access]?.(scope);
      for (const capability of capabilities) {
        const routes = capability[access];
        if (routes) await scope.register(async (instance) => routes(instance.withTypeProvider<ZodTypeProvider>()));
      }
    });
  }
}
