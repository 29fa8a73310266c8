import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import { apiRoutes, type ApiRoute } from '#domain/api-paths.ts';
import { buildApp, type AppOverrides } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { setAccountTwoFactor, upsertAdmin } from '#server/cli/admin.ts';
import { TOTP } from 'otpauth';
import { addressOf, linkIn, readOutbox } from './outbox.ts';
import { forgetLastTotpStep } from './totp-steps.ts';

export { addressOf, linkIn, readOutbox } from './outbox.ts';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

export const ADMIN_EMAIL = 'admin@convoyage.test';
export const ADMIN_PASSWORD = 'admin-mot-de-passe';
export const PUBLIC_URL = 'http://localhost:3000';
/** The administrator's second factor in tests, set as the operator would (`npm run admin -- --totp-secret`). */
export const ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code an authenticator app shows now for a base32 secret (`offset` periods of 30 s away). */
export const totpCode = (secret: string, offset = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });

/**
 * The code of `secret` for a new sign-in or re-authentication of `email`. A code is accepted
 * once (two-factor/: its 30-second step is recorded), and tests sign in many times a minute:
 * the account's last used step is forgotten first, as waiting for the next code would do.
 */
export async function freshTotpCode(testApp: TestApp, email: string, secret: string): Promise<string> {
  await forgetLastTotpStep(testApp.app.database.db, email);
  return totpCode(secret);
}

/**
 * A fresh PostgreSQL database on the test cluster, dropped by the returned function: empty, or
 * `migrated`, a copy of the template that the global setup migrated once.
 */
export async function createPgDatabase({ migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}${migrated ? ` template ${inject('pgTemplate')}` : ''}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
export type TestAppOptions = { env?: Record<string, string>; overrides?: AppOverrides };

/**
 * The whole app on a fresh temporary DATA_DIR (and a fresh database on PostgreSQL), its
 * schema copied from the global setup's migrated templates; the app's start then finds
 * every migration done.
 */
export async function buildTestApp(engine: Engine = 'sqlite', { env = {}, overrides = {} }: TestAppOptions = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'convoyage-test-'));
  // A caller that names its own database (a restart, a restore) keeps it.
  const database = engine === 'postgres' && !env.DATABASE_URL ? await createPgDatabase({ migrated: true }) : null;
  if (engine === 'sqlite' && !env.DATA_DIR && !env.DATABASE_URL)
    copyFileSync(inject('sqliteTemplate'), path.join(dataDir, 'convoyage.sqlite'));
  const fullEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    ADMIN_EMAIL,
    LOG_LEVEL: 'silent',
    // The pruning task runs only when a test calls it (privacy/retention.test.ts).
    RETENTION_INTERVAL_MINUTES: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  const config: Config = loadConfig(fullEnv);
  const app = await buildApp(config, overrides);
  await app.ready();

  return {
    app,
    config,
    dataDir,
    env: fullEnv,
    /** Work requests left running ends, every e-mail due now is sent (the outbox worker), then the files are read. */
    async outbox() {
      await app.background.drain();
      await app.outbox.drain();
      return readOutbox(dataDir);
    },
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app of a describe block: built before its first test, closed after its last. The
 * object returned is filled in when the block starts, so tests use it as they would the
 * result of buildTestApp (`t.app.inject(…)`).
 */
export function useTestApp(engine: Engine = 'sqlite', options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(engine, options));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** An app of its own for the test that calls it, closed when that test ends. */
export async function buildTestAppForThisTest(engine: Engine = 'sqlite', options: TestAppOptions = {}): Promise<TestApp> {
  const t = await buildTestApp(engine, options);
  onTestFinished(() => t.close());
  return t;
}

/** How many quotes the database holds. */
export async function countQuotes(t: TestApp): Promise<number> {
  const row = await t.app.database.db
    .selectFrom('devis')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A quote's history as stored (who included), oldest first. */
export function historyOf(t: TestApp, devisId: string) {
  return t.app.database.db.selectFrom('devis_historique').selectAll().where('devisId', '=', devisId).orderBy('id').execute();
}

let signInCount = 0;

/** The name=value pairs of a response's Set-Cookie headers, merged over `previous` (same names replaced, expired ones dropped). */
export function mergeCookies(previous: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const cookie of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const pair = cookie.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0/i.test(cookie) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * Signs in from a forwarded address of its own (the app trusts the loopback proxy), so the
 * per-IP sign-in limit never trips a test that is not about it. An account with a second
 * factor gives the code computed from `totpSecret` in the same browser and from the same address.
 */
export async function signIn(testApp: TestApp, email: string, password: string, rememberMe = true, totpSecret?: string) {
  signInCount += 1;
  const forwardedFor = `198.51.${Math.floor(signInCount / 250) % 250}.${(signInCount % 250) + 1}`;
  const headers = { origin: PUBLIC_URL, 'x-forwarded-for': forwardedFor };
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password, rememberMe },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed (${response.statusCode}): ${response.body}`);
  const cookie = mergeCookies('', response.headers['set-cookie']);
  if (!(response.json() as { twoFactorRedirect?: boolean }).twoFactorRedirect) return { cookie, origin: PUBLIC_URL };
  if (!totpSecret) throw new Error(`sign-in of ${email} asks for a second factor: pass its secret`);
  const second = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: { ...headers, cookie },
    payload: { code: await freshTotpCode(testApp, email, totpSecret) },
  });
  if (second.statusCode !== 200) throw new Error(`second factor refused (${second.statusCode}): ${second.body}`);
  return { cookie: mergeCookies(cookie, second.headers['set-cookie']), origin: PUBLIC_URL };
}

let customerCount = 0;

/** A verified customer with a session: `headers` go straight into app.inject. */
export async function createCustomer(testApp: TestApp, { verified = true, name = 'Client Test' } = {}) {
  customerCount += 1;
  const email = `client${customerCount}-${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = 'mot-de-passe-solide';
  const ctx = await testApp.app.auth.$context;
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: verified }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  const headers = verified ? await signIn(testApp, email, password) : undefined;
  return { id: user.id, email, password, name, headers };
}

/**
 * The administrator, his second factor set to ADMIN_TOTP_SECRET with the command's own code
 * (`--totp-secret`), signed in with his password and a code.
 */
export async function createAdmin(testApp: TestApp) {
  await upsertAdmin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, env: testApp.env });
  await setAccountTwoFactor({ email: ADMIN_EMAIL, action: { secret: ADMIN_TOTP_SECRET }, env: testApp.env });
  const headers = await signInAdmin(testApp);
  return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, totpSecret: ADMIN_TOTP_SECRET, headers };
}

/** A new session of the administrator made by createAdmin: his password, then a code of his second factor. */
export const signInAdmin = (testApp: TestApp) => signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD, true, ADMIN_TOTP_SECRET);

/** The last e-mail sent to `email`, once every e-mail due is sent. */
export async function lastMailTo(testApp: TestApp, email: string) {
  return (await testApp.outbox()).filter((mail) => addressOf(mail) === email).at(-1);
}

/** « Mot de passe oublié » as a customer does it: the request, the link of its e-mail, the new password. The reset's answer. */
export async function resetPasswordByMail(testApp: TestApp, email: string, newPassword: string) {
  const headers = { origin: PUBLIC_URL };
  const { requestPasswordReset, resetPassword } = apiRoutes.auth;
  const request = await testApp.app.inject({
    method: requestPasswordReset.method,
    url: requestPasswordReset.path,
    headers,
    payload: { email },
  });
  expect(request.statusCode).toBe(200);
  const token = linkIn(await lastMailTo(testApp, email)).searchParams.get('token');
  return testApp.app.inject({ method: resetPassword.method, url: resetPassword.path, headers, payload: { token, newPassword } });
}

/** The outbox's rows of one kind about a quote or to a recipient (the e-mails queued, sent or cancelled), oldest first. */
export function queuedMessages(testApp: TestApp, kind: string, about: { devisId: string } | { recipient: string }) {
  const [column, value] = 'devisId' in about ? (['devisId', about.devisId] as const) : (['recipient', about.recipient] as const);
  return testApp.app.database.db
    .selectFrom('outbox')
    .select(['id', 'status'])
    .where('kind', '=', kind)
    .where(column, '=', value)
    .orderBy('createdAt')
    .execute();
}

/** A provider's notification: the raw JSON bytes posted to its webhook route, with the provider's signature header. */
export function postWebhook(testApp: TestApp, route: ApiRoute, payload: string | Buffer, signature: Record<string, string>) {
  return testApp.app.inject({
    method: route.method,
    url: route.path,
    headers: { 'content-type': 'application/json', ...signature },
    payload,
  });
}
