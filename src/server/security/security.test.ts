import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuoteInStatus, customerQuoteRoutes } from '#server/quotes/test-factories.ts';
import { signBody } from '#server/signatures/test-factories.ts';
import { buildTestApp, countQuotes, createCustomer, ENGINES, PUBLIC_URL, type TestApp, useTestApp } from '#server/test/helpers.ts';

const SIMULATION = { adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Citadine' };

function cookieAttributes(setCookie: string | string[] | undefined, name: string): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.includes(name)) ?? '';
}

describe.each(ENGINES)('sessions and headers on %s', (engine) => {
  const t = useTestApp(engine);

  it('refuses a write from another origin or a cross-site request, and stores nothing', async () => {
    const customer = await createCustomer(t);
    const before = await countQuotes(t);
    for (const headers of [
      { cookie: customer.headers!.cookie, origin: 'https://pirate.example' },
      { cookie: customer.headers!.cookie, 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/devis/simulation', payload: SIMULATION, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'forbidden', message: 'Requête refusée : elle ne provient pas de ce site.' });
    }
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie: customer.headers!.cookie, origin: 'https://pirate.example' },
    });
    expect(signOut.statusCode).toBe(403);
    expect(await countQuotes(t)).toBe(before);
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/devis/simulation', payload: SIMULATION, headers: customer.headers });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await countQuotes(t)).toBe(before + 1);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, without Secure over plain HTTP', async () => {
    const customer = await createCustomer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': '192.0.2.10' },
      payload: { email: customer.email, password: customer.password, rememberMe: true },
    });
    const session = cookieAttributes(response.headers['set-cookie'], 'session_token');
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const customer = await createCustomer(t);
    const before = await t.app.inject({ url: '/api/me', headers: customer.headers });
    expect(before.json().user?.email).toBe(customer.email);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {}, headers: customer.headers });
    expect(out.statusCode).toBe(200);
    // The browser would have dropped the cookie; an attacker who copied it keeps it.
    const replay = await t.app.inject({ url: '/api/me', headers: customer.headers });
    expect(replay.json().user).toBeNull();
    const sessions = await t.app.database.db
      .selectFrom('session' as never)
      .selectAll()
      .where('userId' as never, '=', customer.id as never)
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it.each([
    ['the health check', '/api/health'],
    ['an unknown API route', '/api/inconnue'],
    ['a page of the SPA', '/espace-client'],
    ['an unknown page', '/inconnue'],
    ['the OpenAPI document', '/api/docs/json'],
    ['the OpenAPI explorer', '/api/docs/'],
  ])('sends the security headers on %s', async (_name, url) => {
    const response = await t.app.inject(url);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // One frame-ancestors directive (a browser obeys the first one it reads), no empty directive.
    expect(csp.match(/frame-ancestors[^;]*/g)).toEqual(["frame-ancestors 'none'"]);
    expect(csp.split(';').filter((directive) => directive.trim() === '')).toEqual([]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure and sends HSTS', async () => {
    const t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'https://convoyage.example' } });
    try {
      const customer = await createCustomer(t, { verified: false });
      const ctx = await t.app.auth.$context;
      await ctx.internalAdapter.updateUser(customer.id, { emailVerified: true });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://convoyage.example', 'x-forwarded-for': '192.0.2.11', 'x-forwarded-proto': 'https' },
        payload: { email: customer.email, password: customer.password, rememberMe: false },
      });
      expect(response.statusCode).toBe(200);
      const session = cookieAttributes(response.headers['set-cookie'], 'session_token');
      expect(session).toMatch(/Secure/i);
      expect(session).toMatch(/HttpOnly/i);
      expect(session).not.toMatch(/Max-Age|Expires/i);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await t.close();
    }
  });
});

describe('the better-auth bridge', () => {
  it('exposes only the endpoints the product uses', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const customer = await createCustomer(t);
      for (const [method, url] of [
        ['POST', '/api/auth/update-user'],
        ['POST', '/api/auth/change-password'],
        ['GET', '/api/auth/list-sessions'],
        ['POST', '/api/auth/sign-up/email'],
        ['GET', '/api/auth/verify-email'],
        ['GET', '/api/auth/get-session'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: customer.headers,
          ...(method === 'POST' ? { payload: { name: { tout: 'objet' } } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      const user = await t.app.database.db.selectFrom('user').select('name').where('id', '=', customer.id).executeTakeFirstOrThrow();
      expect(user.name).toBe(customer.name);
    } finally {
      await t.close();
    }
  });
});

describe('request logs', () => {
  it('never contain a one-time token', async () => {
    const lines: string[] = [];
    const { requestSerializers } = await import('#server/app.ts');
    const t = await buildTestApp('sqlite', {
      overrides: { logger: { level: 'info', serializers: requestSerializers, stream: { write: (line: string) => lines.push(line) } } },
    });
    try {
      await t.app.inject('/api/comptes/verification-email?token=SECRET-DE-VERIFICATION');
      await t.app.inject('/reinitialiser-mot-de-passe?token=SECRET-DE-REINITIALISATION&x=1');
      expect(lines.join('\n')).toContain('token=[redacted]');
      expect(lines.join('\n')).not.toMatch(/SECRET-DE-/);
    } finally {
      await t.close();
    }
  });
});

describe.each(ENGINES)("a customer asking for another customer's quote on %s", (engine) => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { LOG_LEVEL: 'info' }, overrides: { logStream: { write: (line) => lines.push(line) } } });
  });
  afterAll(async () => {
    await t.close();
  });

  const routesFor = (id: string) =>
    [
      ...customerQuoteRoutes(id),
      { method: 'GET', url: `/api/devis/${id}/devis-signe` },
      { method: 'GET', url: `/api/devis/${id}/signature` },
      { method: 'GET', url: `/api/devis/${id}/devis-envoye` },
      { method: 'POST', url: `/api/devis/${id}/signer`, payload: signBody('Bob') },
    ] as const;
  const warningsFrom = (start: number) =>
    lines
      .slice(start)
      .map((line) => JSON.parse(line) as { level: number; msg: string; userId?: string; devisId?: string })
      .filter((entry) => entry.level >= 40);

  it('gets 404 on every route, each logged as a warning with its user id and the quote id, and nothing else', async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, alice, 'en attente');
    const start = lines.length;

    for (const route of routesFor(quote.id)) {
      const response = await t.app.inject({ ...route, headers: bob.headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }

    const warnings = warningsFrom(start);
    expect(warnings).toHaveLength(routesFor(quote.id).length);
    for (const warning of warnings) {
      expect(warning).toMatchObject({ level: 40, msg: 'refused: quote of another user', userId: bob.id, devisId: quote.id });
    }
    const written = lines.slice(start).join('\n');
    const sessionToken = bob.headers!.cookie.split('=').slice(1).join('=');
    for (const secret of [bob.email, alice.email, bob.password, sessionToken]) expect(written).not.toContain(secret);
  });

  it('logs no warning when the quote does not exist', async () => {
    const bob = await createCustomer(t);
    const start = lines.length;
    for (const route of routesFor('nexiste-pas')) {
      const response = await t.app.inject({ ...route, headers: bob.headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect(lines.length).toBeGreaterThan(start);
    expect(warningsFrom(start)).toEqual([]);
  });
});
