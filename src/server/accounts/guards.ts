import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '#domain/statuses.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { AppError } from '#server/errors.ts';
import { isAdminEmail, type Config } from '#server/config.ts';
import type { Viewer } from '#server/viewer.ts';
import type { Auth } from './auth.ts';

/** The session behind a viewer, for the idle timeout and re-authentication. */
type SessionFacts = { id: string; token: string; createdAt: Date; reauthenticatedAt: Date | null };

const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
const sessionFacts = new WeakMap<FastifyRequest, SessionFacts>();
/** The viewer a guard let through, per request: handlers behind a guard hook read it. */
const admitted = new WeakMap<FastifyRequest, Viewer>();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * However often it is used (better-auth extends a session a day at a time), a session ends
 * this long after its login, so a stolen cookie does not live for ever: a customer logs in
 * again after 30 days, the administrator, who can read and change everything, after 7.
 */
const SESSION_MAX_AGE_MS: Record<Role, number> = { customer: 30 * DAY_MS, admin: 7 * DAY_MS };

/** An administrator's session records its last request at most this often (one write a minute, not one per request). */
const ACTIVITY_WRITE_EVERY_MS = 60_000;

const timeOf = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : 0);

/**
 * Small guards in the style of `requireUserId`: they return what the route needs or throw
 * the right answer (401 or 403). Every refusal is logged. The role scopes (http/role-scopes.ts)
 * run one of them once per request, and handlers take the viewer from `viewerOf`.
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
        const now = Date.now();
        const ctx = await auth.$context;
        if (now - timeOf(session.session.createdAt) > SESSION_MAX_AGE_MS[role]) {
          request.log.info({ userId: user.id, role }, 'session ended: older than its absolute lifetime');
          await ctx.internalAdapter.deleteSession(session.session.token);
          return null;
        }
        if (user.twoFactorEnabled === true && !session.session.twoFactorVerifiedAt) {
          // Opened with the password alone before the account's second factor was set (from the
          // shell, or in another browser): it never gave a code, so it is no session any more.
          request.log.info({ userId: user.id, role }, 'session ended: opened without the second factor now in force');
          await ctx.internalAdapter.deleteSession(session.session.token);
          return null;
        }
        if (role === 'admin') {
          // The administrator's session also ends after a while without any request.
          const lastActivity = Math.max(timeOf(session.session.createdAt), timeOf(session.session.lastActivityAt));
          if (now - lastActivity > config.sessions.adminIdleTimeoutMs) {
            request.log.info({ userId: user.id, role }, 'session ended: idle for too long');
            await ctx.internalAdapter.deleteSession(session.session.token);
            return null;
          }
          if (now - lastActivity > ACTIVITY_WRITE_EVERY_MS) {
            await ctx.internalAdapter.updateSession(session.session.token, { lastActivityAt: new Date(now) });
          }
        }
        sessionFacts.set(request, {
          id: session.session.id,
          token: session.session.token,
          createdAt: new Date(session.session.createdAt),
          reauthenticatedAt: session.session.reauthenticatedAt ? new Date(session.session.reauthenticatedAt) : null,
        });
        const twoFactorEnabled = user.twoFactorEnabled === true;
        return {
          id: user.id,
          email: user.email,
          name: user.name,
          role,
          emailVerified: user.emailVerified,
          twoFactorEnabled,
          twoFactorSetupRequired: role === 'admin' && !twoFactorEnabled,
        };
      });
      viewerCache.set(request, viewer);
    }
    return viewer;
  }

  async function verifiedViewer(request: FastifyRequest, { duringSetup = false } = {}): Promise<Viewer> {
    const viewer = await getViewer(request);
    if (!viewer) {
      request.log.warn({ url: request.url }, 'refused: not authenticated');
      throw new AppError('unauthenticated');
    }
    if (!viewer.emailVerified) {
      request.log.warn({ url: request.url, userId: viewer.id }, 'refused: e-mail not verified');
      throw new AppError('forbidden', apiErrorMessages.email_not_verified);
    }
    if (viewer.twoFactorSetupRequired && !duringSetup) {
      request.log.warn({ url: request.url, userId: viewer.id }, 'refused: second factor to set up first');
      throw new AppError('two_factor_setup_required');
    }
    return viewer;
  }

  /** Any verified account, the administrator included before he has set up his second factor (the set-up routes). */
  async function requireAccount(request: FastifyRequest): Promise<Viewer> {
    const viewer = await verifiedViewer(request, { duringSetup: true });
    admitted.set(request, viewer);
    return viewer;
  }

  /**
   * For sensitive actions: the password or a code was given within the last few minutes
   * (at sign-in, or again through POST /api/comptes/reauthentification), else 403
   * `reauthentication_required` and the client asks for it, then tries again.
   */
  async function requireRecentAuthentication(request: FastifyRequest): Promise<void> {
    const facts = await sessionOf(request);
    const last = Math.max(facts.createdAt.getTime(), facts.reauthenticatedAt?.getTime() ?? 0);
    if (Date.now() - last > config.sessions.reauthMaxAgeMs) {
      request.log.warn({ url: request.url }, 'refused: re-authentication required');
      throw new AppError('reauthentication_required');
    }
  }

  /** The session of a request a guard let through. */
  async function sessionOf(request: FastifyRequest): Promise<SessionFacts> {
    await getViewer(request);
    const facts = sessionFacts.get(request);
    if (!facts) throw new AppError('unauthenticated');
    return facts;
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

  return { getViewer, requireUser, requireAdmin, requireAccount, requireRecentAuthentication, sessionOf, viewerOf };
}

export type Guards = ReturnType<typeof createGuards>;
