import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiRoute } from '#domain/api-paths.ts';
import type { RouteScope } from './role-scopes.ts';

/** A handler typed from its route's zod schemas: its request's params, query and body, and what it may answer. */
export type RouteHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a few routes set besides their schema and handler: a rate limit or a role's exception (`config`), a larger body, a check first. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler'>;

/**
 * Declares the route of an entry of the API path table (src/domain/api-paths.ts) on its role's
 * scope, the way Fastify's `route` does, but with the method and the path taken from the entry.
 * The schema is the OpenAPI one (`routeSchema`), typed as written so that the handler's request
 * and answer are typed from it.
 */
export function serve<const S extends FastifySchema>(
  app: RouteScope,
  entry: ApiRoute,
  route: RouteExtras & { schema: S; handler: RouteHandler<S> },
): void {
  app.route<RouteGenericInterface, ContextConfigDefault, S>({ ...route, method: entry.method, url: entry.path });
}
