import { describe, expect, it } from 'vitest';
import { securityMailTexts } from '#domain/texts/sessions.ts';
import {
  addressOf,
  buildTestAppForThisTest,
  createAdmin,
  createCustomer,
  ENGINES,
  linkIn,
  PUBLIC_URL,
  resetPasswordByMail,
  type TestApp,
} from '#server/test/helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** The name=value pairs of Set-Cookie headers, as a browser's cookie jar would send them back. */
const jarOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((cookie) => cookie.split(';')[0]!).join('; ');

let addressCount = 0;
/** A browser of its own: its address, its user agent and the cookies it was given (its jar). */
async function browserSignIn(t: TestApp, email: string, password: string, { userAgent = FIREFOX_LINUX, jar = '' } = {}) {
  addressCount += 1;
  const ip = `192.0.2.${(addressCount % 250) + 1}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: PUBLIC_URL, 'x-forwarded-for': ip, 'user-agent': userAgent, ...(jar ? { cookie: jar } : {}) },
    payload: { email, password, rememberMe: true },
  });
  return { statusCode: response.statusCode, ip, headers: { origin: PUBLIC_URL, cookie: jarOf(response.headers['set-cookie']) } };
}

const securityMails = async (t: TestApp, email: string) =>
  (await t.outbox()).filter(
    (mail) =>
      addressOf(mail) === email && Object.values(securityMailTexts).some((v) => typeof v === 'object' && v.subject === mail.subject),
  );

const listOf = async (t: TestApp, headers: Record<string, string>) => t.app.inject({ url: '/api/comptes/sessions', headers });

describe.each(ENGINES)('« Mes appareils » on %s', (engine) => {
  it('lists the sessions of two browsers and lets one disconnect the other, which is logged out at once', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const phone = await browserSignIn(t, customer.email, customer.password, { userAgent: IPHONE });
    const laptop = await browserSignIn(t, customer.email, customer.password);

    const listed = await listOf(t, phone.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    const sessions = listed.json().sessions as Array<Record<string, unknown>>;
    // The helper's own session, the phone's and the laptop's; the phone's first, as « cet appareil ».
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      estCetAppareil: true,
      navigateur: 'Safari 17',
      systeme: 'iOS 17.5',
      appareil: 'mobile',
      ip: phone.ip,
    });
    const laptopSession = sessions.find((s) => s.ip === laptop.ip)!;
    expect(laptopSession).toMatchObject({ estCetAppareil: false, navigateur: 'Firefox 132', systeme: 'Linux', appareil: 'desktop' });
    expect(sessions.filter((s) => s.estCetAppareil)).toHaveLength(1);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/comptes/sessions/${laptopSession.id}`, headers: phone.headers });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/me', headers: laptop.headers })).json()).toEqual({ user: null });
    expect((await listOf(t, laptop.headers)).statusCode).toBe(401);
    expect((await listOf(t, phone.headers)).json().sessions).toHaveLength(2);

    // Gone already: nothing to disconnect.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/comptes/sessions/${laptopSession.id}`, headers: phone.headers });
    expect(again.statusCode).toBe(404);
  });

  it("refuses to disconnect another account's session, which stays open", async () => {
    const t = await buildTestAppForThisTest(engine);
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    const bSession = (await listOf(t, b.headers!)).json().sessions[0].id as string;
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/comptes/sessions/${bSession}`, headers: a.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('not_found');
    expect((await t.app.inject({ url: '/api/me', headers: b.headers })).json().user.email).toBe(b.email);
    // Nor does « tous les autres » reach beyond the caller's account.
    await t.app.inject({ method: 'POST', url: '/api/comptes/sessions/deconnecter-autres', headers: a.headers });
    expect((await t.app.inject({ url: '/api/me', headers: b.headers })).json().user.email).toBe(b.email);
  });

  it('disconnects every other browser of the account and keeps the caller signed in', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const others = [
      await browserSignIn(t, customer.email, customer.password),
      await browserSignIn(t, customer.email, customer.password, { userAgent: IPHONE }),
    ];
    const response = await t.app.inject({ method: 'POST', url: '/api/comptes/sessions/deconnecter-autres', headers: customer.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deconnectees: 2 });
    for (const other of others) expect((await t.app.inject({ url: '/api/me', headers: other.headers })).json()).toEqual({ user: null });
    const mine = (await listOf(t, customer.headers!)).json().sessions;
    expect(mine).toHaveLength(1);
    expect(mine[0].estCetAppareil).toBe(true);
    const journal = await t.app.database.db.selectFrom('audit_log').selectAll().where('kind', '=', 'session.revoked_others').execute();
    expect(journal).toMatchObject([{ actorId: customer.id, compteId: customer.id, details: '{"sessions":2}' }]);
  });

  it("gives the administrator his own devices too, never a customer's", async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const admin = await createAdmin(t);
    const sessions = (await listOf(t, admin.headers)).json().sessions as Array<{ id: string }>;
    expect(sessions).toHaveLength(1);
    const customerSession = (await listOf(t, customer.headers!)).json().sessions[0].id;
    expect(sessions.map((s) => s.id)).not.toContain(customerSession);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/comptes/sessions/${customerSession}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});

describe.each(ENGINES)('security e-mails on %s', (engine) => {
  it('tells the owner of a sign-in from a new browser, not from a browser that signed in before, nor at the first sign-in', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    // createCustomer signed in once: the account's first sign-in, nothing to tell.
    expect(await securityMails(t, customer.email)).toEqual([]);

    const laptop = await browserSignIn(t, customer.email, customer.password, { userAgent: IPHONE });
    const mails = await securityMails(t, customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Nouvelle connexion à votre compte']);
    expect(mails[0]!.text).toContain('Safari 17, iOS 17.5');
    expect(mails[0]!.text).toContain(`adresse IP ${laptop.ip}`);
    expect(linkIn(mails[0]).pathname).toBe('/connexion');

    // The same browser (its device cookie in its jar) signs in again: known, no e-mail.
    const again = await browserSignIn(t, customer.email, customer.password, { jar: laptop.headers.cookie });
    expect(again.statusCode).toBe(200);
    expect(await securityMails(t, customer.email)).toHaveLength(1);
  });

  it('tells the owner when the password is reset, and journals it', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    expect((await resetPasswordByMail(t, customer.email, 'nouveau-mot-de-passe')).statusCode).toBe(200);
    const mails = await securityMails(t, customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Votre mot de passe a été modifié']);
    expect(linkIn(mails[0]).pathname).toBe('/mot-de-passe-oublie');
    const journal = await t.app.database.db
      .selectFrom('audit_log')
      .select(['kind', 'compteId'])
      .where('kind', '=', 'auth.password_reset')
      .execute();
    expect(journal).toEqual([{ kind: 'auth.password_reset', compteId: customer.id }]);
  });

  it('tells the owner once when guesses lock the account, not at every refused try', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await browserSignIn(t, customer.email, `devinette-${i}`)).statusCode);
    // Five guesses reach the password check; the sixth locks the account; the rest are refused too.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429]);
    const mails = await securityMails(t, customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Connexion à votre compte bloquée temporairement']);
    expect(mails[0]!.text).toContain('pendant 15 minutes');
    const kinds = await t.app.database.db
      .selectFrom('audit_log')
      .select('kind')
      .where('compteId', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual([
      'auth.sign_in',
      ...Array(5).fill('auth.sign_in_failed'),
      'auth.account_locked',
      ...Array(3).fill('auth.sign_in_failed'),
    ]);
  });

  it('sends no lock e-mail for an address without an account', async () => {
    const t = await buildTestAppForThisTest(engine);
    for (let i = 0; i < 7; i += 1) await browserSignIn(t, 'personne@exemple.fr', `devinette-${i}`);
    expect(await securityMails(t, 'personne@exemple.fr')).toEqual([]);
    const locked = await t.app.database.db
      .selectFrom('audit_log')
      .select(['kind', 'actorEmail', 'compteId'])
      .where('kind', '=', 'auth.account_locked')
      .execute();
    expect(locked).toEqual([{ kind: 'auth.account_locked', actorEmail: 'personne@exemple.fr', compteId: null }]);
  });
});
