import { sql } from 'kysely';
import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { securityErrorMessages } from '#domain/texts/security.ts';
import { securityMailTexts } from '#domain/texts/sessions.ts';
import { setAccountTwoFactor, upsertAdmin } from '#server/cli/admin.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ADMIN_TOTP_SECRET,
  addressOf,
  buildTestAppForThisTest,
  createAdmin,
  createCustomer,
  ENGINES,
  freshTotpCode,
  mergeCookies,
  PUBLIC_URL,
  totpCode,
  type TestApp,
  signInAdmin,
} from '#server/test/helpers.ts';

/**
 * The second factor (TOTP, better-auth's two-factor plugin behind our bridge): required for
 * the administrator, optional for customers; its codes bounded like passwords; the
 * administrator's idle timeout; re-authentication before sensitive actions.
 */

let addressCount = 0;
const newAddress = () => {
  addressCount += 1;
  return `192.0.2.${(addressCount % 250) + 1}`;
};

type Browser = { cookie: string; address: string };

/** A browser (its cookie jar and address) that gives an e-mail and password. */
async function passwordStep(t: TestApp, email: string, password: string, browser: Browser = { cookie: '', address: newAddress() }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: PUBLIC_URL, 'x-forwarded-for': browser.address, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
    payload: { email, password, rememberMe: true },
  });
  browser.cookie = mergeCookies(browser.cookie, response.headers['set-cookie']);
  return { statusCode: response.statusCode, body: response.json() as Record<string, unknown>, browser };
}

/** The second step in the same browser: a code of the app, or a backup code. */
async function codeStep(t: TestApp, browser: Browser, code: string, kind: 'totp' | 'backup' = 'totp', extra: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/auth/two-factor/${kind === 'totp' ? 'verify-totp' : 'verify-backup-code'}`,
    headers: { origin: PUBLIC_URL, 'x-forwarded-for': browser.address, cookie: browser.cookie },
    payload: { code, ...extra },
  });
  browser.cookie = mergeCookies(browser.cookie, response.headers['set-cookie']);
  return { statusCode: response.statusCode, error: (response.json() as { error?: string }).error };
}

const hasSession = (browser: Browser) => /session_token=/.test(browser.cookie);
const adminQuotes = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/admin/devis', headers: { cookie } });
const call = (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: PUBLIC_URL }, ...(payload ? { payload } : {}) });

/** What the account's owner was told of its second factor: the first paragraph of each e-mail, in order. */
const twoFactorMails = async (t: TestApp, email: string) =>
  (await t.outbox())
    .filter((mail) => addressOf(mail) === email && mail.subject === securityMailTexts.twoFactorChanged.subject)
    .map((mail) => mail.text);

/** The journal's kinds about an account, oldest first. */
const journalOf = async (t: TestApp, email: string) =>
  (
    await t.app.database.db.selectFrom('audit_log').select('kind').where('actorEmail', '=', email.toLowerCase()).orderBy('id').execute()
  ).map((row) => row.kind);

/** Sets a column of every session of a user to `minutes` ago, in the engine's own date format. */
async function sessionsSet(t: TestApp, email: string, column: 'createdAt' | 'lastActivityAt' | 'reauthenticatedAt', minutes: number) {
  const db = t.app.database.db;
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const { rows } = await sql<{ createdAt: string | Date }>`select "createdAt" from "session" where "userId" = ${user.id}`.execute(db);
  const when = new Date(Date.now() - minutes * 60_000);
  const stored = typeof rows[0]?.createdAt === 'string' ? when.toISOString() : when;
  await sql`update "session" set ${sql.ref(column)} = ${stored} where "userId" = ${user.id}`.execute(db);
}

/** The current 30-second step of the codes, and the code of `secret` for a given step. */
const currentStep = () => Math.floor(Date.now() / 30_000);
const codeOfStep = (secret: string, step: number) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: step * 30_000 });

describe.each(ENGINES)('second factor on %s', (engine) => {
  it('takes the administrator to set it up at his first login, then asks for a code at every login', async () => {
    const t = await buildTestAppForThisTest(engine);
    await upsertAdmin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, env: t.env });

    // First login: the password opens a session that only the set-up routes answer.
    const first = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    const me = (await call(t, 'GET', '/api/me', first.browser.cookie)).json();
    expect(me.user).toMatchObject({ role: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: true });
    const refused = await adminQuotes(t, first.browser.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'two_factor_setup_required' });
    expect((await call(t, 'GET', '/api/comptes/profil', first.browser.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/comptes/double-authentification', first.browser.cookie)).json()).toEqual({
      active: false,
      requise: true,
    });

    const setup = await call(t, 'POST', '/api/comptes/double-authentification/configuration', first.browser.cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json() as { secret: string; otpauthUrl: string; qrCode: string };
    const base32 = secret.replace(/\s/g, '');
    expect(base32).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${base32}`);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Until a first code confirms it, the password alone still signs in (and still opens nothing).
    expect((await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.twoFactorRedirect).toBeUndefined();

    const wrong = await call(t, 'POST', '/api/comptes/double-authentification/activation', first.browser.cookie, { code: '000000' });
    expect(wrong.json()).toMatchObject({ error: 'invalid_two_factor_code' });
    const activationCode = totpCode(base32);
    const activated = await call(t, 'POST', '/api/comptes/double-authentification/activation', first.browser.cookie, {
      code: activationCode,
    });
    expect(activated.statusCode).toBe(200);
    const { codesSecours } = activated.json() as { codesSecours: string[] };
    expect(codesSecours).toHaveLength(10);
    expect(new Set(codesSecours).size).toBe(10);
    expect((await adminQuotes(t, first.browser.cookie)).statusCode).toBe(200);

    // Next login: the password alone gives no session.
    const second = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(hasSession(second.browser)).toBe(false);
    expect((await call(t, 'GET', '/api/me', second.browser.cookie)).json()).toEqual({ user: null });
    expect((await adminQuotes(t, second.browser.cookie)).statusCode).toBe(401);
    expect(await codeStep(t, second.browser, '123456')).toMatchObject({ statusCode: 401, error: 'invalid_two_factor_code' });
    // The set-up's code was used: it signs in nobody.
    expect(await codeStep(t, second.browser, activationCode)).toMatchObject({ statusCode: 401, error: 'invalid_two_factor_code' });
    expect(hasSession(second.browser)).toBe(false);
    // « Rester connecté » and trustDevice do not make this browser skip the code next time.
    expect(await codeStep(t, second.browser, totpCode(base32, 1), 'totp', { trustDevice: true })).toMatchObject({ statusCode: 200 });
    expect((await adminQuotes(t, second.browser.cookie)).statusCode).toBe(200);
    expect(second.browser.cookie).not.toMatch(/trust_device/);
    const again = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD, second.browser);
    expect(again.body).toMatchObject({ twoFactorRedirect: true });

    // The administrator cannot turn it off.
    const off = await call(t, 'DELETE', '/api/comptes/double-authentification', first.browser.cookie);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ error: 'two_factor_required' });
  });

  it('accepts each backup code once', async () => {
    const t = await buildTestAppForThisTest(engine);
    await createAdmin(t);
    const { backupCodes } = await setAccountTwoFactor({ email: ADMIN_EMAIL, action: { secret: ADMIN_TOTP_SECRET }, env: t.env });
    expect(backupCodes).toHaveLength(10);

    const first = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await codeStep(t, first.browser, backupCodes[0]!, 'backup')).toMatchObject({ statusCode: 200 });
    expect((await adminQuotes(t, first.browser.cookie)).statusCode).toBe(200);

    const second = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await codeStep(t, second.browser, backupCodes[0]!, 'backup')).toMatchObject({ statusCode: 401, error: 'invalid_backup_code' });
    expect(hasSession(second.browser)).toBe(false);
    expect(await codeStep(t, second.browser, backupCodes[1]!, 'backup')).toMatchObject({ statusCode: 200 });
    expect((await adminQuotes(t, second.browser.cookie)).statusCode).toBe(200);

    // New codes replace all the old ones (the code just given counts as a recent proof), and the owner is told.
    const renewed = await call(t, 'POST', '/api/comptes/double-authentification/codes-secours', second.browser.cookie);
    const fresh = (renewed.json() as { codesSecours: string[] }).codesSecours;
    expect(fresh).toHaveLength(10);
    const third = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await codeStep(t, third.browser, backupCodes[2]!, 'backup')).toMatchObject({ statusCode: 401, error: 'invalid_backup_code' });
    expect(await codeStep(t, third.browser, fresh[0]!, 'backup')).toMatchObject({ statusCode: 200 });
    expect((await twoFactorMails(t, ADMIN_EMAIL)).at(-1)).toContain('De nouveaux codes de secours ont été créés pour votre compte le ');
    expect(await journalOf(t, ADMIN_EMAIL)).toEqual(
      expect.arrayContaining([
        'auth.two_factor_secret_set',
        'auth.backup_code_used',
        'auth.backup_code_failed',
        'auth.backup_codes_renewed',
      ]),
    );
  });

  it('accepts a code of the app once, at sign-in and at re-authentication alike, on every instance', async () => {
    const t = await buildTestAppForThisTest(engine);
    // A second instance of the app on the same database (and the same AUTH_SECRET).
    const other = await buildTestAppForThisTest(engine, { env: t.env });
    await createAdmin(t);
    // Two sign-ins at once, one on each instance, with the same code: one of them only.
    const [onFirst, onOther] = [await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD), await passwordStep(other, ADMIN_EMAIL, ADMIN_PASSWORD)];
    await freshTotpCode(t, ADMIN_EMAIL, ADMIN_TOTP_SECRET); // the code createAdmin signed in with is forgotten
    const step = currentStep();
    const code = codeOfStep(ADMIN_TOTP_SECRET, step);
    const answers = await Promise.all([codeStep(t, onFirst.browser, code), codeStep(other, onOther.browser, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const [signedIn, refused] = answers[0]!.statusCode === 200 ? [onFirst, onOther] : [onOther, onFirst];
    const refusedApp = refused === onFirst ? t : other;
    expect(answers.find((answer) => answer.statusCode === 401)).toMatchObject({ error: 'invalid_two_factor_code' });
    expect(hasSession(refused.browser)).toBe(false);

    // Later in its window, on either instance: refused, and so is the code before it, with the usual message.
    const again = await refusedApp.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': refused.browser.address, cookie: refused.browser.cookie },
      payload: { code },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'invalid_two_factor_code', message: securityErrorMessages.invalid_two_factor_code });
    expect(await codeStep(refusedApp, refused.browser, codeOfStep(ADMIN_TOTP_SECRET, step - 1))).toMatchObject({ statusCode: 401 });
    expect(hasSession(refused.browser)).toBe(false);

    // Re-authentication: the code that signed in is refused; the next one is accepted, once,
    // and then signs in nobody.
    const cookie = signedIn.browser.cookie;
    const reauth = (app: TestApp, value: string) => call(app, 'POST', '/api/comptes/reauthentification', cookie, { code: value });
    expect((await reauth(t, code)).json()).toMatchObject({ error: 'reauthentication_failed' });
    const next = codeOfStep(ADMIN_TOTP_SECRET, step + 1);
    expect((await reauth(t, next)).statusCode).toBe(204);
    expect((await reauth(other, next)).statusCode).toBe(401);
    expect(await codeStep(refusedApp, refused.browser, next)).toMatchObject({ statusCode: 401, error: 'invalid_two_factor_code' });
    expect(hasSession(refused.browser)).toBe(false);
    // Each refusal is journalled as a refused code.
    const { rows } = await sql<{ details: string }>`select "details" from "audit_log" where "kind" = 'auth.two_factor_failed'`.execute(
      t.app.database.db,
    );
    expect(rows.map((row) => JSON.parse(row.details).raison)).toContain('CODE_ALREADY_USED');
  });

  it('ends the sessions opened before the second factor was set from the shell', async () => {
    const t = await buildTestAppForThisTest(engine);
    await upsertAdmin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, env: t.env });
    // Before the secret is set: the password alone opens a session limited to the set-up.
    const before = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await adminQuotes(t, before.browser.cookie)).json()).toMatchObject({ error: 'two_factor_setup_required' });

    await setAccountTwoFactor({ email: ADMIN_EMAIL, action: { secret: ADMIN_TOTP_SECRET }, env: t.env });
    expect((await adminQuotes(t, before.browser.cookie)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/me', before.browser.cookie)).json()).toEqual({ user: null });
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from "session"`.execute(t.app.database.db);
    expect(Number(rows[0]!.n)).toBe(0);

    // A session that gave a code is a full one; replacing the secret from the shell ends it too.
    const signedIn = await signInAdmin(t);
    expect((await adminQuotes(t, signedIn.cookie)).statusCode).toBe(200);
    await setAccountTwoFactor({ email: ADMIN_EMAIL, action: { secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' }, env: t.env });
    expect((await adminQuotes(t, signedIn.cookie)).statusCode).toBe(401);
  });

  it('serves an account with a second factor only in sessions that gave a code', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    // His phone, signed in with the password while he had no second factor.
    const phone = await passwordStep(t, customer.email, customer.password);
    expect((await call(t, 'GET', '/api/devis', phone.browser.cookie)).statusCode).toBe(200);

    // He turns it on from his computer: that session gave the first code and goes on; the phone's ends.
    const computer = customer.headers!.cookie;
    const { secret } = (await call(t, 'POST', '/api/comptes/double-authentification/configuration', computer)).json() as { secret: string };
    const code = totpCode(secret.replace(/\s/g, ''));
    expect((await call(t, 'POST', '/api/comptes/double-authentification/activation', computer, { code })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/devis', computer)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/devis', phone.browser.cookie)).statusCode).toBe(401);
  });

  it('bounds code guessing per sign-in and per account, yet lets the administrator in from a browser he completed a sign-in in', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = await createAdmin(t);
    // The administrator's own browser: a sign-in completed there before.
    const own = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await codeStep(t, own.browser, await freshTotpCode(t, ADMIN_EMAIL, ADMIN_TOTP_SECRET))).toMatchObject({ statusCode: 200 });
    expect(own.browser.cookie).toMatch(/convoyage\.device_/);

    // An attacker who knows the password: five wrong codes end the pending sign-in.
    const attacker = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(attacker.body.twoFactorRedirect).toBe(true);
    // Only the code step was reached: no device cookie for a browser that gave the password alone.
    expect(attacker.browser.cookie).not.toMatch(/convoyage\.device_/);
    const statuses: (string | undefined)[] = [];
    for (let guess = 0; guess < 6; guess += 1) statuses.push((await codeStep(t, attacker.browser, `00000${guess}`)).error);
    expect(statuses.slice(0, 5).every((error) => error === 'invalid_two_factor_code' || error === 'two_factor_locked')).toBe(true);
    expect(statuses[5]).toMatch(/two_factor_(too_many_attempts|expired|locked)/);

    // More sign-ins from more browsers: the account's count of unknown browsers stops them, right code or not.
    let locked = 0;
    for (let round = 0; round < 3; round += 1) {
      const next = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      if (next.statusCode !== 200) continue;
      const answer = await codeStep(t, next.browser, '999999');
      if (answer.error === 'two_factor_locked') locked += 1;
    }
    expect(locked).toBeGreaterThan(0);
    const unknown = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    if (unknown.statusCode === 200) {
      expect(await codeStep(t, unknown.browser, totpCode(ADMIN_TOTP_SECRET))).toMatchObject({
        statusCode: 429,
        error: 'two_factor_locked',
      });
    } else {
      expect(unknown.statusCode).toBe(429);
    }

    // The real administrator, in his own browser: in.
    const back = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD, { cookie: own.browser.cookie, address: newAddress() });
    expect(back.statusCode).toBe(200);
    expect(await codeStep(t, back.browser, await freshTotpCode(t, ADMIN_EMAIL, ADMIN_TOTP_SECRET))).toMatchObject({ statusCode: 200 });
    expect((await adminQuotes(t, back.browser.cookie)).statusCode).toBe(200);
    expect(admin.email).toBe(ADMIN_EMAIL);
  });

  it('is cleared by the reset command: the sessions end and the set-up is asked again', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = await createAdmin(t);
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(200);
    await setAccountTwoFactor({ email: ADMIN_EMAIL, action: { reset: true }, env: t.env });
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(401);

    const next = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(next.body.twoFactorRedirect).toBeUndefined();
    expect((await adminQuotes(t, next.browser.cookie)).json()).toMatchObject({ error: 'two_factor_setup_required' });
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from "twoFactor"`.execute(t.app.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
    // The owner is told, and the journal keeps it (the command has no IP).
    const told = await twoFactorMails(t, ADMIN_EMAIL);
    expect(told.at(-1)).toContain('a été retirée depuis le serveur le ');
    expect((await journalOf(t, ADMIN_EMAIL)).filter((kind) => kind === 'auth.two_factor_reset')).toHaveLength(1);

    // A new secret set up at once: its first code is taken, though the old secret's last code
    // was of this very step (pinned one step ahead, so that the clock cannot move past it).
    const user = await t.app.database.db.selectFrom('user').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    await t.app.database.db
      .insertInto('totp_last_step')
      .values({ userId: user.id, step: currentStep() + 1 })
      .onConflict((conflict) => conflict.column('userId').doUpdateSet({ step: currentStep() + 1 }))
      .execute();
    await setAccountTwoFactor({ email: ADMIN_EMAIL, action: { reset: true }, env: t.env });
    const again = await passwordStep(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const setup = await call(t, 'POST', '/api/comptes/double-authentification/configuration', again.browser.cookie);
    const base32 = (setup.json() as { secret: string }).secret.replace(/\s/g, '');
    const activated = await call(t, 'POST', '/api/comptes/double-authentification/activation', again.browser.cookie, {
      code: codeOfStep(base32, currentStep()),
    });
    expect(activated.statusCode).toBe(200);
  });

  it('ends an administrator session after 30 minutes without a request, not a customer one', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = await createAdmin(t);
    const customer = await createCustomer(t);

    await sessionsSet(t, ADMIN_EMAIL, 'createdAt', 29);
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(200);
    // That request was activity: the clock starts again from it.
    await sessionsSet(t, ADMIN_EMAIL, 'createdAt', 60);
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(200);

    await sessionsSet(t, ADMIN_EMAIL, 'lastActivityAt', 31);
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/me', admin.headers.cookie)).json()).toEqual({ user: null });

    await sessionsSet(t, customer.email, 'createdAt', 24 * 60);
    expect((await call(t, 'GET', '/api/devis', customer.headers!.cookie)).statusCode).toBe(200);
  });

  it('follows ADMIN_IDLE_TIMEOUT_MINUTES', async () => {
    const t = await buildTestAppForThisTest(engine, { env: { ADMIN_IDLE_TIMEOUT_MINUTES: '120' } });
    const admin = await createAdmin(t);
    await sessionsSet(t, ADMIN_EMAIL, 'createdAt', 90);
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(200);
    await sessionsSet(t, ADMIN_EMAIL, 'createdAt', 200);
    await sessionsSet(t, ADMIN_EMAIL, 'lastActivityAt', 121);
    expect((await adminQuotes(t, admin.headers.cookie)).statusCode).toBe(401);
  });

  it('asks for the password or a code again before deleting a quote when the last one is older than 5 minutes', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = await createAdmin(t);
    const customer = await createCustomer(t);
    const first = await createQuoteInStatus(t.app.database, customer);
    const second = await createQuoteInStatus(t.app.database, customer);
    const cookie = admin.headers.cookie;

    // Signed in a moment ago: no question.
    expect((await call(t, 'DELETE', `/api/admin/devis/${first.id}`, cookie)).statusCode).toBe(204);

    await sessionsSet(t, ADMIN_EMAIL, 'createdAt', 10);
    const refused = await call(t, 'DELETE', `/api/admin/devis/${second.id}`, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'reauthentication_required',
      message: expect.stringContaining('confirmez votre identité'),
    });
    expect(await t.app.database.db.selectFrom('devis').select('id').where('id', '=', second.id).executeTakeFirst()).toBeDefined();

    const wrongPassword = await call(t, 'POST', '/api/comptes/reauthentification', cookie, { motDePasse: 'pas-le-bon' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ error: 'reauthentication_failed' });
    expect((await call(t, 'POST', '/api/comptes/reauthentification', cookie, { code: '000000' })).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/comptes/reauthentification', cookie, { motDePasse: ADMIN_PASSWORD })).statusCode).toBe(204);
    expect((await call(t, 'DELETE', `/api/admin/devis/${second.id}`, cookie)).statusCode).toBe(204);

    // With a code of the app instead (one not used at sign-in: the next one), some minutes later.
    const third = await createQuoteInStatus(t.app.database, customer);
    await sessionsSet(t, ADMIN_EMAIL, 'reauthenticatedAt', 10);
    expect((await call(t, 'DELETE', `/api/admin/devis/${third.id}`, cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/comptes/reauthentification', cookie, { code: totpCode(ADMIN_TOTP_SECRET, 1) })).statusCode).toBe(
      204,
    );
    expect((await call(t, 'DELETE', `/api/admin/devis/${third.id}`, cookie)).statusCode).toBe(204);
  });

  it('bounds re-authentication guesses per session', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = await createAdmin(t);
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      statuses.push(
        (await call(t, 'POST', '/api/comptes/reauthentification', admin.headers.cookie, { motDePasse: `faux-${guess}` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The account is not locked: a new sign-in works.
    expect((await signInAdmin(t)).cookie).toMatch(/session_token=/);
  });

  it('is optional for a customer, who may turn it on and off', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const cookie = customer.headers!.cookie;
    expect((await call(t, 'GET', '/api/comptes/double-authentification', cookie)).json()).toEqual({ active: false, requise: false });
    expect((await call(t, 'GET', '/api/devis', cookie)).statusCode).toBe(200);

    const setup = (await call(t, 'POST', '/api/comptes/double-authentification/configuration', cookie)).json() as { secret: string };
    const base32 = setup.secret.replace(/\s/g, '');
    expect((await call(t, 'POST', '/api/comptes/double-authentification/activation', cookie, { code: totpCode(base32) })).statusCode).toBe(
      200,
    );

    const next = await passwordStep(t, customer.email, customer.password);
    expect(next.body).toMatchObject({ twoFactorRedirect: true });
    expect(await codeStep(t, next.browser, totpCode(base32, 1))).toMatchObject({ statusCode: 200 });
    expect((await call(t, 'GET', '/api/devis', next.browser.cookie)).statusCode).toBe(200);

    // Turning it off is a change of the second factor: a recent password or code first.
    await sessionsSet(t, customer.email, 'createdAt', 10);
    expect((await call(t, 'DELETE', '/api/comptes/double-authentification', next.browser.cookie)).json()).toMatchObject({
      error: 'reauthentication_required',
    });
    const reauthCode = await freshTotpCode(t, customer.email, base32);
    expect((await call(t, 'POST', '/api/comptes/reauthentification', next.browser.cookie, { code: reauthCode })).statusCode).toBe(204);
    expect((await call(t, 'DELETE', '/api/comptes/double-authentification', next.browser.cookie)).statusCode).toBe(204);
    expect((await passwordStep(t, customer.email, customer.password)).body.twoFactorRedirect).toBeUndefined();

    // Each change of the second factor is told to the owner by e-mail, and journalled.
    const told = await twoFactorMails(t, customer.email);
    expect(told).toHaveLength(2);
    expect(told[0]).toContain('La double authentification a été activée sur votre compte le ');
    expect(told[1]).toContain('La double authentification a été désactivée sur votre compte le ');
    expect(told[1]).toContain(securityMailTexts.twoFactorChanged.ifNotYou);
    expect(await journalOf(t, customer.email)).toEqual(
      expect.arrayContaining(['auth.two_factor_enabled', 'auth.two_factor_verified', 'auth.reauthenticated', 'auth.two_factor_disabled']),
    );
  });
});
