import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '#domain/statuses.ts';
import type { Config } from '#server/config.ts';
import { apiErrorMessages } from '#domain/texts.ts';
import { AppError } from '#server/errors.ts';
import { isAdminEmail, type Auth } from './auth.ts';

export type Viewer = {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
};

const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
/** The viewer a guard let through, per request: handlers behind a guard hook read it. */
const admitted = new WeakMap<FastifyRequest, Viewer>();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * However often it is used (better-auth extends a session a day at a time), a session ends
 * this long after its login, so a stolen cookie does not live for ever: a customer logs in
 * again after 30 days, the administrator, who can read and change everything, after 7.
 */
const SESSION_MAX_AGE_MS: Record<Role, number> = { customer: 30 * DAY_MS, admin: 7 * DAY_MS };

/**
 * Small guards in the style of `requireUserId`: they return what the route needs or throw
 * the right answer (401 or 403). Every refusal is logged. A route plugin runs one of them
 * once, in a hook, and its handlers take the viewer from `viewerOf`.
 */
export function createGuards(auth: Auth, config: Config) {
  function getViewer(request: FastifyRequest): Promise<Viewer | null> {
    let viewer = viewerCache.get(request);
    if (!viewer && !request.headers.cookie?.includes('session_token')) {
      // No session cookie: a visitor, without asking better-auth (public routes stay fast).
      viewer = Promise.resolve(null);
      viewerCache.set(request, viewer);
    }
    if (!viewer) {
      viewer = auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then(async (session) => {
        if (!session) return null;
        const { user } = session;
        const role: Role = isAdminEmail(config, user.email) && user.emailVerified ? 'admin' : 'customer';
        if (Date.now() - new Date(session.session.createdAt).getTime() > SESSION_MAX_AGE_MS[role]) {
          request.log.info({ userId: user.id, role }, 'session ended: older than its absolute lifetime');
          await (await auth.$context).internalAdapter.deleteSession(session.session.token);
          return null;
        }
        return { id: user.id, email: user.email, name: user.name, role, emailVerified: user.emailVerified };
      });
      viewerCache.set(request, viewer);
    }
    return viewer;
  }

  async function verifiedViewer(request: FastifyRequest): Promise<Viewer> {
    const viewer = await getViewer(request);
    if (!viewer) {
      request.log.warn({ url: request.url }, 'refused: not authenticated');
      throw new AppError('unauthenticated');
    }
    if (!viewer.emailVerified) {
      request.log.warn({ url: request.url, userId: viewer.id }, 'refused: e-mail not verified');
      throw new AppError('forbidden', apiErrorMessages.email_not_verified);
    }
    return viewer;
  }

  /** A logged-in customer or admin whose e-mail is verified. */
  async function requireUser(request: FastifyRequest): Promise<Viewer> {
    const viewer = await verifiedViewer(request);
    admitted.set(request, viewer);
    return viewer;
  }

  async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
    const viewer = await verifiedViewer(request);
    if (viewer.role !== 'admin') {
      request.log.warn({ url: request.url, userId: viewer.id }, 'refused: not the administrator');
      throw new AppError('forbidden');
    }
    admitted.set(request, viewer);
    return viewer;
  }

  /** The viewer the route's guard let through; a handler reached without one is a bug (500). */
  function viewerOf(request: FastifyRequest): Viewer {
    const viewer = admitted.get(request);
    if (!viewer) throw new Error(`no guard ran before the handler of ${request.method} ${request.routeOptions.url}`);
    return viewer;
  }

  return { getViewer, requireUser, requireAdmin, viewerOf };
}

export type Guards = ReturnType<typeof createGuards>;

/**
 * For a route plugin whose every route is a verified user's: the guard runs once, before body
 * validation (a visitor is told to log in, not that the payload is wrong), its handlers read
 * the viewer with `guards.viewerOf`, and no answer is kept by a cache.
 */
export function requireUserOnEveryRoute(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    await app.guards.requireUser(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}
