import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createMailer } from './mail/mailer.ts';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, readOutbox, useTestApp } from './test/helpers.ts';
import { startSmtpReceiver } from './test/smtp-receiver.ts';
import pino from 'pino';

describe.each(ENGINES)('the application on %s', (engine) => {
  const t = useTestApp(engine);

  it('answers the health check once the database is reachable', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document and its explorer under /api/docs', async () => {
    const spec = await t.app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths).toHaveProperty('/api/health');
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API route with a JSON 404 in French', async () => {
    const response = await t.app.inject('/api/nexiste-pas');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'route_not_found', message: 'Cette adresse de l’API n’existe pas.' });
  });

  it('refuses malformed JSON with a 400 and a French message, never a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_json', message: 'Le corps de la requête n’est pas un JSON valide.' });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('says in French why a request breaks a rule that carries no message of its own', async () => {
    const customer = await createCustomer(t);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(apiRoutes.missions.photo, { id: 'devis-1', photoId: 'pas-un-identifiant' }),
      headers: customer.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation',
      message: 'Les données envoyées sont invalides.',
      details: [{ path: 'photoId', message: 'UUID invalide' }],
    });
  });

  it('refuses deeply nested JSON and prototype-pollution keys on every route, better-auth included', async () => {
    const deep = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}`;
    for (const url of ['/api/auth/sign-in/email', '/api/getDistance']) {
      const nested = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().message).toBe('Les données envoyées sont trop profondément imbriquées.');
      const polluted = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"depart": "Paris", "arrivee": "Lyon", "__proto__": {"isAdmin": true}}',
      });
      expect(polluted.statusCode).toBe(400);
      expect(polluted.json().error).toBe('invalid_json');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('sends security headers with a self-only Content-Security-Policy', async () => {
    const response = await t.app.inject('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('tells a visitor apart from the administrator created by the admin command', async () => {
    const visitor = await t.app.inject('/api/me');
    expect(visitor.json()).toEqual({ user: null });
    const admin = await createAdmin(t);
    const me = await t.app.inject({ url: '/api/me', headers: admin.headers });
    expect(me.json().user).toMatchObject({ email: admin.email, role: 'admin', emailVerified: true });
  });

  it('keeps its data across a restart on the same database', async () => {
    await createAdmin(t);
    const again = await buildTestApp(engine, {
      env: { DATA_DIR: t.dataDir, ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}) },
    });
    try {
      const users = await again.app.database.db.selectFrom('user').select('email').execute();
      expect(users.map((user) => user.email)).toContain('admin@convoyage.test');
    } finally {
      await again.app.close();
    }
  });
});

describe('configuration', () => {
  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/convoyage-config-test' })).toThrowError(ConfigError);
    // In English, as the README that lists the variables, whatever the language of the API's answers.
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/convoyage-config-test' })).toThrowError(/PORT: Invalid input/);
    expect(() => loadConfig({ ROUTER: 'osrm', DATA_DIR: '/tmp/convoyage-config-test' })).toThrowError(/OSRM_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/convoyage-config-test' })).toThrowError(/DATABASE_URL/);
  });

  it('generates AUTH_SECRET into DATA_DIR once and reuses it', () => {
    const dir = `/tmp/convoyage-secret-${process.pid}-${Date.now()}`;
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
  });

  it('accepts ROUTER=geoplateforme, with the public endpoint by default or GEOPLATEFORME_ROUTING_URL', () => {
    const base = { DATA_DIR: '/tmp/convoyage-config-test', ROUTER: 'geoplateforme' };
    expect(loadConfig(base).geo).toMatchObject({ router: 'geoplateforme', geoplateformeRoutingUrl: undefined });
    const custom = loadConfig({ ...base, GEOPLATEFORME_ROUTING_URL: 'http://127.0.0.1:8080/navigation/itineraire' });
    expect(custom.geo.geoplateformeRoutingUrl).toBe('http://127.0.0.1:8080/navigation/itineraire');
    expect(() => loadConfig({ ...base, GEOPLATEFORME_ROUTING_URL: 'not a url' })).toThrowError(/GEOPLATEFORME_ROUTING_URL/);
    expect(() => loadConfig({ ...base, ROUTER: 'ign' })).toThrowError(/ROUTER/);
  });

  it('uses PostgreSQL when DATABASE_URL starts with postgres://', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/convoyage-config-test', DATABASE_URL: 'postgres://u@h/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });
});

describe('mailer', () => {
  const message = {
    to: 'client@exemple.fr',
    subject: 'Votre devis n° 12 – 1 234,50 €',
    text: 'Bonjour, voici votre devis.',
    html: '<p>Bonjour, voici votre devis.</p>',
    attachments: [{ filename: 'devis-12.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' }],
  };

  it('writes one RFC 822 .eml file per message into the outbox', async () => {
    const dir = `/tmp/convoyage-outbox-${process.pid}-${Date.now()}`;
    const mailer = createMailer({ from: 'Convoyage <no-reply@exemple.fr>', outboxDir: `${dir}/mails`, logger: pino({ level: 'silent' }) });
    await mailer.send(message);
    const [mail, ...rest] = await readOutbox(dir);
    expect(rest).toHaveLength(0);
    expect(mail?.subject).toBe(message.subject);
    expect(mail?.text?.trim()).toBe(message.text);
    expect(mail?.attachments[0]?.filename).toBe('devis-12.pdf');
  });

  it('delivers through SMTP to a real SMTP server when SMTP_URL is set', async () => {
    const receiver = await startSmtpReceiver();
    const mailer = createMailer({
      smtpUrl: receiver.url,
      from: 'Convoyage <no-reply@exemple.fr>',
      outboxDir: '/nonexistent',
      logger: pino({ level: 'silent' }),
    });
    try {
      await mailer.send(message);
      expect(receiver.messages).toHaveLength(1);
      expect(receiver.messages[0]?.subject).toBe(message.subject);
      expect(receiver.messages[0]?.attachments[0]?.contentType).toBe('application/pdf');
    } finally {
      mailer.close();
      await receiver.close();
    }
  });
});
