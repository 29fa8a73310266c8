import { describe, expect, it } from 'vitest';
import {
  addressOf,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ADMIN_TOTP_SECRET,
  buildTestAppForThisTest,
  createAdmin,
  createCustomer,
  ENGINES,
  freshTotpCode,
  linkIn,
  PUBLIC_URL,
  type TestApp,
} from '#server/test/helpers.ts';

/**
 * Guessing a password is bounded per account whatever the number of addresses it comes
 * from, yet the owner, who knows the password, is never refused in a browser where the
 * account signed in before (OWASP's device cookies, accounts/device-cookie.ts).
 */

type Attempt = { statusCode: number; error?: string; cookies: string[] };

/** The name=value pairs of Set-Cookie headers. */
const cookiesOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((cookie) => cookie.split(';')[0]!);
const deviceCookies = (cookies: string[]) => cookies.filter((cookie) => /^convoyage\.device_/.test(cookie));

let addressCount = 0;
const newAddress = () => {
  addressCount += 1;
  return `198.18.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`;
};

async function signInAttempt(t: TestApp, email: string, password: string, cookie?: string): Promise<Attempt> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: PUBLIC_URL, 'x-forwarded-for': newAddress(), ...(cookie ? { cookie } : {}) },
    payload: { email, password, rememberMe: true },
  });
  const body = response.json() as { error?: string };
  return { statusCode: response.statusCode, error: body.error, cookies: cookiesOf(response.headers['set-cookie']) };
}

/** The administrator's second step (a code of his app) in the browser of `attempt`: that browser's cookies afterwards. */
async function withCode(t: TestApp, attempt: Attempt): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: { origin: PUBLIC_URL, 'x-forwarded-for': newAddress(), cookie: attempt.cookies.join('; ') },
    payload: { code: await freshTotpCode(t, ADMIN_EMAIL, ADMIN_TOTP_SECRET) },
  });
  expect(response.statusCode).toBe(200);
  return [...attempt.cookies.filter((cookie) => !cookie.endsWith('=')), ...cookiesOf(response.headers['set-cookie'])];
}

/** Guesses from `count` addresses, `parallel` at a time; the answers' statuses. */
async function guessFromManyAddresses(t: TestApp, email: string, count: number, parallel = 10): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) =>
      signInAttempt(t, email, `devinette-${start + i}`).then((attempt) => attempt.statusCode),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

describe.each(ENGINES)('sign-in guessing on %s', (engine) => {
  it('lets 100 addresses guessing the administrator reach the password check at most 5 times, and the administrator still gets in from a known browser', async () => {
    const t = await buildTestAppForThisTest(engine);
    await createAdmin(t);
    const first = await signInAttempt(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    // A browser is known once both factors were given in it.
    expect(deviceCookies(first.cookies)).toEqual([]);
    const [device] = deviceCookies(await withCode(t, first));
    expect(device).toBeDefined();

    const statuses = await guessFromManyAddresses(t, ADMIN_EMAIL, 100);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    // The owner, in the browser that signed in before, from yet another address: in.
    const owner = await signInAttempt(t, ADMIN_EMAIL, ADMIN_PASSWORD, device);
    expect(owner.statusCode).toBe(200);
    const session = (await withCode(t, owner)).filter((cookie) => cookie.includes('session_token')).join('; ');
    expect((await t.app.inject({ url: '/api/admin/devis', headers: { cookie: session } })).statusCode).toBe(200);
    // And again after more guessing.
    await guessFromManyAddresses(t, ADMIN_EMAIL, 20);
    expect((await signInAttempt(t, ADMIN_EMAIL, ADMIN_PASSWORD, device)).statusCode).toBe(200);

    // A browser the account never signed in from waits, even with the right password.
    const unknownBrowser = await signInAttempt(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(unknownBrowser).toMatchObject({ statusCode: 429, error: 'account_locked' });
  });

  it('bounds guessing from a known browser too, and trusts no device cookie of another account, forged or tampered with', async () => {
    const t = await buildTestAppForThisTest(engine);
    const victim = await createCustomer(t);
    const attacker = await createCustomer(t);
    const attackerDevice = deviceCookies((await signInAttempt(t, attacker.email, attacker.password)).cookies)[0]!;
    const victimDevice = deviceCookies((await signInAttempt(t, victim.email, victim.password)).cookies)[0]!;

    await guessFromManyAddresses(t, victim.email, 10);
    expect((await signInAttempt(t, victim.email, victim.password)).statusCode).toBe(429);

    // The attacker's own device cookie, under its own name or renamed to the victim's: unknown browser.
    const victimCookieName = victimDevice.split('=')[0]!;
    const attackerValue = attackerDevice.slice(attackerDevice.indexOf('=') + 1);
    for (const cookie of [attackerDevice, `${victimCookieName}=${attackerValue}`]) {
      expect((await signInAttempt(t, victim.email, victim.password, cookie)).statusCode).toBe(429);
    }
    // The victim's cookie with its value changed (signature no longer matches): unknown browser.
    const value = decodeURIComponent(victimDevice.slice(victimCookieName.length + 1));
    const tampered = `${victimCookieName}=${encodeURIComponent(`AAAAAAAAAAAAAAAAAAAAAA${value.slice(22)}`)}`;
    expect((await signInAttempt(t, victim.email, victim.password, tampered)).statusCode).toBe(429);

    // The victim's real cookie: 10 wrong passwords are checked, then that browser is unknown too.
    const fromDevice: number[] = [];
    for (let guess = 0; guess < 11; guess += 1)
      fromDevice.push((await signInAttempt(t, victim.email, `faux-${guess}`, victimDevice)).statusCode);
    expect(fromDevice.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(fromDevice[10]).toBe(429);
  });

  it('trusts the browser in which the password was reset from the e-mailed link', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    await guessFromManyAddresses(t, customer.email, 10);
    expect((await signInAttempt(t, customer.email, customer.password)).statusCode).toBe(429);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: PUBLIC_URL },
      payload: { email: customer.email, redirectTo: '/reinitialiser-mot-de-passe' },
    });
    const mail = (await t.outbox()).filter((message) => addressOf(message) === customer.email).at(-1);
    const token = linkIn(mail).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: PUBLIC_URL },
      payload: { token, newPassword: 'nouveau-mot-de-passe' },
    });
    expect(reset.statusCode).toBe(200);
    const [device] = deviceCookies(cookiesOf(reset.headers['set-cookie']));
    expect(device).toBeDefined();

    await guessFromManyAddresses(t, customer.email, 10);
    expect((await signInAttempt(t, customer.email, 'nouveau-mot-de-passe', device)).statusCode).toBe(200);
    expect((await signInAttempt(t, customer.email, 'nouveau-mot-de-passe')).statusCode).toBe(429);
  });
});
