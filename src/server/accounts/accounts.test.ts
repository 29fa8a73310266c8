import { createEmailVerificationToken } from 'better-auth/api';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { texts } from '#domain/texts/common.ts';
import { signUpBody } from './test-factories.ts';
import {
  addressOf,
  ADMIN_EMAIL,
  buildTestApp,
  buildTestAppForThisTest,
  createAdmin,
  createCustomer,
  ENGINES,
  lastMailTo,
  linkIn,
  PUBLIC_URL,
  resetPasswordByMail,
  signIn,
  type TestApp,
  useTestApp,
} from '#server/test/helpers.ts';
import { startSmtpReceiver } from '#server/test/smtp-receiver.ts';

const origin = { origin: PUBLIC_URL };
function signUp(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/comptes/inscription', headers: origin, payload: body });
}

function postSignIn(t: TestApp, email: string, password: string, rememberMe = true) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: origin,
    payload: { email, password, rememberMe },
  });
}

function followLink(t: TestApp, link: URL) {
  return t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
}

describe.each(ENGINES)('accounts on %s', (engine) => {
  const t = useTestApp(engine);

  it('signs a customer up with a profile, a hashed password and a French verification e-mail whose link works once', async () => {
    const customer = signUpBody({ email: `  Camille.${Date.now()}@Exemple.FR ` });
    const email = customer.email.trim().toLowerCase();
    const response = await signUp(t, customer);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email, message: texts.signupSuccess });

    const user = await t.app.database.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(false);
    const profile = await t.app.database.db.selectFrom('utilisateurs').selectAll().where('uid', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      nom: 'Camille Martin',
      telephone: '06 11 22 33 44',
      email,
      type: 'particulier',
      adresse: '3 place Bellecour, 69002 Lyon',
    });
    expect(new Date(profile.dateInscription).toISOString()).toBe(profile.dateInscription);

    const account = await t.app.database.db.selectFrom('account').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(account.password).toBeTruthy();
    expect(account.password).not.toContain(customer.motDePasse);
    expect(account.password?.length).toBeGreaterThan(40);

    const mail = await lastMailTo(t, email);
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail?.text).toContain('Bonjour Camille Martin');
    expect(mail?.html).toContain('Confirmer mon adresse e-mail');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/api/comptes/verification-email`);

    const first = await followLink(t, link);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/connexion?verification=ok');
    const verified = await t.app.database.db.selectFrom('user').select('emailVerified').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Boolean(verified.emailVerified)).toBe(true);

    const again = await followLink(t, link);
    expect(again.headers.location).toBe('/connexion?verification=deja-utilise');

    const session = await signIn(t, email, customer.motDePasse);
    const me = await t.app.inject({ url: '/api/me', headers: session });
    expect(me.json().user).toMatchObject({ email, role: 'customer', emailVerified: true });
    const own = await t.app.inject({ url: '/api/comptes/profil', headers: session });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ uid: user.id, nom: 'Camille Martin', type: 'particulier' });
  });

  it('refuses an expired or forged verification link with a clear outcome', async () => {
    const customer = signUpBody();
    await signUp(t, customer);
    const { secret } = await t.app.auth.$context;
    const expired = await createEmailVerificationToken(secret, customer.email, undefined, -60);
    const late = await t.app.inject(`/api/comptes/verification-email?token=${expired}`);
    expect(late.headers.location).toBe('/connexion?verification=expire');
    const forged = await createEmailVerificationToken('un-autre-secret-de-plus-de-32-caracteres', customer.email, undefined, 3600);
    const wrong = await t.app.inject(`/api/comptes/verification-email?token=${forged}`);
    expect(wrong.headers.location).toBe('/connexion?verification=invalide');
    const garbage = await t.app.inject('/api/comptes/verification-email?token=nimporte-quoi');
    expect(garbage.headers.location).toBe('/connexion?verification=invalide');
  });

  it('creates no account for the administrator address, whatever its case and spaces, and answers as for any address', async () => {
    for (const email of [ADMIN_EMAIL, `  ${ADMIN_EMAIL.toUpperCase()}  `]) {
      const response = await signUp(t, signUpBody({ email }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ email: ADMIN_EMAIL, message: texts.signupSuccess });
    }
    const users = await t.app.database.db.selectFrom('user').select('id').where('email', '=', ADMIN_EMAIL).execute();
    expect(users).toHaveLength(0);
  });

  it('creates no second account for the same e-mail, and refuses incomplete or mismatched forms', async () => {
    const customer = signUpBody();
    expect((await signUp(t, customer)).statusCode).toBe(201);
    const twice = await signUp(t, { ...customer, email: customer.email.toUpperCase() });
    expect(twice.statusCode).toBe(201);
    expect(twice.json()).toEqual({ email: customer.email, message: texts.signupSuccess });
    const users = await t.app.database.db.selectFrom('user').select('id').where('email', '=', customer.email).execute();
    expect(users).toHaveLength(1);

    const mismatch = await signUp(t, signUpBody({ confirmation: 'autre-chose' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toContainEqual({ path: 'confirmation', message: texts.passwordMismatch });

    const missing = await signUp(t, signUpBody({ adresse: '   ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('validation');

    const short = await signUp(t, signUpBody({ motDePasse: 'court', confirmation: 'court' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toContainEqual({ path: 'motDePasse', message: 'Le mot de passe doit contenir au moins 8 caractères.' });
  });

  it("hides better-auth's own sign-up and verification endpoints", async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { email: 'pirate@exemple.fr', password: 'mot-de-passe', name: 'x' },
    });
    expect(raw.statusCode).toBe(404);
    expect((await t.app.inject('/api/auth/verify-email?token=x')).statusCode).toBe(404);
  });

  it('refuses an unverified customer, then a wrong password, in French', async () => {
    const unverified = await createCustomer(t, { verified: false });
    const refused = await postSignIn(t, unverified.email, unverified.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'email_not_verified',
      message: 'Veuillez vérifier votre adresse email (y compris le dossier spam) avant de continuer.',
    });
    expect(refused.headers['set-cookie']).toBeUndefined();

    const wrong = await postSignIn(t, unverified.email, 'pas-le-bon-mot-de-passe');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_credentials', message: 'E-mail ou mot de passe incorrect.' });
  });

  it('resends the verification e-mail on request', async () => {
    const unverified = await createCustomer(t, { verified: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: origin,
      payload: { email: unverified.email },
    });
    expect(response.statusCode).toBe(200);
    const link = linkIn(await lastMailTo(t, unverified.email));
    expect((await followLink(t, link)).headers.location).toBe('/connexion?verification=ok');
    expect((await postSignIn(t, unverified.email, unverified.password)).statusCode).toBe(200);
  });

  it('sets a session-only cookie without "rester connecté" and a persistent one with it', async () => {
    const customer = await createCustomer(t);
    const sessionOnly = await postSignIn(t, customer.email, customer.password, false);
    const onlyCookie = [sessionOnly.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('convoyage.session_token='));
    expect(onlyCookie).toBeDefined();
    expect(onlyCookie).not.toMatch(/max-age|expires/i);

    const persistent = await postSignIn(t, customer.email, customer.password, true);
    const keptCookie = [persistent.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('convoyage.session_token='));
    expect(keptCookie).toMatch(/Max-Age=\d{6,}/);
  });

  it('answers 401 to a visitor and 403 to a customer on an admin route, 200 to the admin', async () => {
    const visitor = await t.app.inject('/api/admin/devis');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'unauthenticated', message: 'Vous devez être connecté pour effectuer cette action.' });
    const customer = await createCustomer(t);
    const refused = await t.app.inject({ url: '/api/admin/devis', headers: customer.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Vous n’avez pas les droits nécessaires pour effectuer cette action.' });
    const admin = await createAdmin(t);
    const allowed = await t.app.inject({ url: '/api/admin/devis', headers: admin.headers });
    expect(allowed.statusCode).toBe(200);
    expect(Array.isArray(allowed.json().groups)).toBe(true);
  });

  it('ends the session on the server at logout', async () => {
    const customer = await createCustomer(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: customer.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: customer.headers });
    expect(me.json()).toEqual({ user: null });
  });

  it('ends a session at its absolute lifetime however often it is used: 30 days for a customer, 7 for the administrator', async () => {
    const db = t.app.database.db;
    /**
     * Moves the login of every session of this user `days` back, in the engine's own date
     * format; the session was in use a moment ago (the administrator's idle timeout is not this test's).
     */
    const loggedInDaysAgo = async (userId: string, days: number) => {
      const { rows } = await sql<{ createdAt: string | Date }>`select "createdAt" from "session" where "userId" = ${userId}`.execute(db);
      const asStored = (date: Date) => (typeof rows[0]?.createdAt === 'string' ? date.toISOString() : date);
      const when = asStored(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
      await sql`update "session" set "createdAt" = ${when}, "lastActivityAt" = ${asStored(new Date())} where "userId" = ${userId}`.execute(
        db,
      );
    };
    const sessionsOf = async (userId: string) => (await sql`select id from "session" where "userId" = ${userId}`.execute(db)).rows.length;

    const customer = await createCustomer(t);
    await loggedInDaysAgo(customer.id, 29);
    expect((await t.app.inject({ url: '/api/devis', headers: customer.headers })).statusCode).toBe(200);
    await loggedInDaysAgo(customer.id, 31);
    expect((await t.app.inject({ url: '/api/me', headers: customer.headers })).json()).toEqual({ user: null });
    expect((await t.app.inject({ url: '/api/devis', headers: customer.headers })).statusCode).toBe(401);
    expect(await sessionsOf(customer.id)).toBe(0);

    const admin = await createAdmin(t);
    const adminId = (await db.selectFrom('user').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
    await loggedInDaysAgo(adminId, 6);
    expect((await t.app.inject({ url: '/api/admin/devis', headers: admin.headers })).statusCode).toBe(200);
    await loggedInDaysAgo(adminId, 8);
    expect((await t.app.inject({ url: '/api/admin/devis', headers: admin.headers })).statusCode).toBe(401);
  });

  it('lets the address of a sign-up that crashed half-way be used again, once no sign-up can still be under way', async () => {
    const db = t.app.database.db;
    const customer = signUpBody();
    expect((await signUp(t, customer)).statusCode).toBe(201);
    const first = await db.selectFrom('user').select(['id', 'createdAt']).where('email', '=', customer.email).executeTakeFirstOrThrow();
    // What a crash between the account and the profile leaves: an unverified account, no profile.
    await db.deleteFrom('utilisateurs').where('uid', '=', first.id).execute();
    // Recent: it could be a sign-up still under way, so the address reads as taken (and is left alone).
    expect((await signUp(t, customer)).statusCode).toBe(201);
    expect(await db.selectFrom('user').select('id').where('email', '=', customer.email).execute()).toEqual([{ id: first.id }]);

    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const stored = typeof first.createdAt === 'string' ? anHourAgo.toISOString() : anHourAgo;
    await db.updateTable('user').set({ createdAt: stored }).where('id', '=', first.id).execute();
    const again = await signUp(t, customer);
    expect(again.statusCode).toBe(201);
    const users = await db.selectFrom('user').select('id').where('email', '=', customer.email).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.id).not.toBe(first.id);
    expect(await db.selectFrom('account').select('id').where('userId', '=', first.id).execute()).toHaveLength(0);
    expect(await db.selectFrom('utilisateurs').select('uid').where('email', '=', customer.email).execute()).toEqual([
      { uid: users[0]!.id },
    ]);
  });

  it('never replaces a verified account, even one without profile', async () => {
    const db = t.app.database.db;
    const customer = await createCustomer(t);
    await db.deleteFrom('utilisateurs').where('uid', '=', customer.id).execute();
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await db.updateTable('user').set({ createdAt: anHourAgo }).where('id', '=', customer.id).execute();
    const response = await signUp(t, signUpBody({ email: customer.email }));
    expect(response.statusCode).toBe(201);
    expect(await db.selectFrom('user').select('id').where('id', '=', customer.id).execute()).toHaveLength(1);
  });

  it('leaves no account behind when the profile cannot be written', async () => {
    const broken = await buildTestApp(engine);
    try {
      await broken.app.database.db.schema.alterTable('utilisateurs').renameTo('utilisateurs_hors_service').execute();
      const customer = signUpBody();
      const response = await signUp(broken, customer);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toBe('internal');
      const users = await broken.app.database.db.selectFrom('user').select('id').where('email', '=', customer.email).execute();
      expect(users).toHaveLength(0);
      expect(await broken.outbox()).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

describe.each(ENGINES)('accounts on a fresh app each, on %s', (engine) => {
  it('resets a forgotten password by e-mail link, once, and revokes the other sessions', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: origin,
        payload: { email, redirectTo: '/reinitialiser-mot-de-passe' },
      });
    const known = await ask(customer.email);
    const unknown = await ask('personne@exemple.fr');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const mail = await lastMailTo(t, customer.email);
    expect(mail?.subject).toBe('Réinitialisation de votre mot de passe');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/reinitialiser-mot-de-passe');
    const token = link.searchParams.get('token');
    const reset = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: origin, payload: { token, newPassword } });
    expect((await reset('nouveau-mot-de-passe')).statusCode).toBe(200);

    const old = await t.app.inject({ url: '/api/me', headers: customer.headers });
    expect(old.json()).toEqual({ user: null });
    expect((await postSignIn(t, customer.email, customer.password)).statusCode).toBe(401);
    expect((await postSignIn(t, customer.email, 'nouveau-mot-de-passe')).statusCode).toBe(200);

    const reused = await reset('encore-un-autre');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'invalid_token', message: 'Ce lien n’est pas valide ou a déjà été utilisé.' });
  });

  it('locks one account after 5 failed sign-ins, even with the right password next, until a reset', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postSignIn(t, customer.email, `faux-${attempt}-mot-de-passe`)).statusCode).toBe(401);
    }
    const locked = await postSignIn(t, customer.email, customer.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'account_locked',
      message: 'Trop de tentatives de connexion pour ce compte. Réessayez dans 15 minutes ou réinitialisez votre mot de passe.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same IP is not affected.
    const other = await createCustomer(t);
    expect((await postSignIn(t, other.email, other.password)).statusCode).toBe(200);

    expect((await resetPasswordByMail(t, customer.email, 'nouveau-mot-de-passe')).statusCode).toBe(200);
    expect((await postSignIn(t, customer.email, 'nouveau-mot-de-passe')).statusCode).toBe(200);
  });

  it('lets at most 5 of 20 simultaneous guesses from 20 addresses reach the password check', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            headers: { ...origin, 'x-forwarded-for': `192.0.2.${i + 1}` },
            payload: { email: customer.email, password: `devinette-${i}`, rememberMe: true },
          })
          .then((response) => response.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect((await postSignIn(t, customer.email, customer.password)).statusCode).toBe(429);
  });

  it('limits sign-in attempts per client IP (stored in the database)', async () => {
    const t = await buildTestAppForThisTest(engine);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await postSignIn(t, `inconnu${attempt}@exemple.fr`, 'mot-de-passe-x')).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const last = await postSignIn(t, 'encore@exemple.fr', 'mot-de-passe-x');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ error: 'rate_limited', message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' });
    const stored = await t.app.database.db
      .selectFrom('rateLimit' as never)
      .selectAll()
      .execute();
    expect(stored.length).toBeGreaterThan(0);
  });

  it('limits sign-ups per e-mail and per client IP', async () => {
    const t = await buildTestAppForThisTest(engine);
    const email = `repetition-${Date.now()}@exemple.fr`;
    const sameEmail: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) sameEmail.push((await signUp(t, signUpBody({ email }))).statusCode);
    expect(sameEmail).toEqual([201, 201, 201, 429]);

    const byIp: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) byIp.push((await signUp(t, signUpBody())).statusCode);
    // 4 attempts above + 6 here fit in the 10 allowed per IP; the 11th is refused.
    expect(byIp.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(byIp[6]).toBe(429);
    const refused = await signUp(t, signUpBody());
    expect(refused.json()).toMatchObject({ error: 'rate_limited', message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' });
  });
});

describe('verification e-mail over SMTP', () => {
  it('reaches a real SMTP server with a link that verifies the account', async () => {
    const receiver = await startSmtpReceiver();
    const t = await buildTestApp('sqlite', { env: { SMTP_URL: receiver.url } });
    try {
      const customer = signUpBody();
      expect((await signUp(t, customer)).statusCode).toBe(201);
      await t.app.outbox.drain();
      expect(receiver.messages).toHaveLength(1);
      const mail = receiver.messages[0];
      expect(addressOf(mail!)).toBe(customer.email);
      expect(mail?.subject).toBe('Confirmez votre adresse e-mail');
      expect(mail?.html).toContain('lang="fr"');
      const response = await followLink(t, linkIn(mail));
      expect(response.headers.location).toBe('/connexion?verification=ok');
      expect((await postSignIn(t, customer.email, customer.motDePasse)).statusCode).toBe(200);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
