import { describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { createQuoteInStatus, putCompletion } from '#server/quotes/test-factories.ts';
import { signUpBody } from './test-factories.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { confirmQuote, insertQuote } from '#server/quotes/back-office-test-factories.ts';
import {
  addressOf,
  ADMIN_EMAIL,
  createAdmin,
  createCustomer,
  ENGINES,
  linkIn,
  PUBLIC_URL,
  signIn,
  useTestApp,
} from '#server/test/helpers.ts';

/**
 * Password-reset links, answers that do not tell which addresses have an account, limits on
 * the e-mails one address can be sent, and the one e-mail rule.
 */

let addressCount = 0;
const headers = () => ({
  origin: PUBLIC_URL,
  'x-forwarded-for': `198.19.${Math.floor((addressCount += 1) / 250)}.${(addressCount % 250) + 1}`,
});

describe.each(ENGINES)('account links and addresses, on %s', (engine) => {
  const t = useTestApp(engine);

  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: headers(),
      payload: { email, redirectTo: '/reinitialiser-mot-de-passe' },
    });
  const reset = (token: string | null, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: headers(), payload: { token, newPassword } });
  const resetTokensTo = async (email: string) =>
    (await t.outbox()).filter((mail) => addressOf(mail) === email).map((mail) => linkIn(mail).searchParams.get('token'));

  it('answers a reset request in French, the same for an address with or without an account', async () => {
    const customer = await createCustomer(t);
    const known = await requestReset(customer.email);
    const unknown = await requestReset('personne@exemple.fr');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      status: true,
      message:
        'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient d’être envoyé. Le lien est valable 1 heure.',
    });
    expect(unknown.body).toBe(known.body);
  });

  it('makes every earlier reset link of the account useless once one of them is used', async () => {
    const customer = await createCustomer(t);
    await requestReset(customer.email);
    await requestReset(customer.email);
    const [a, b] = await resetTokensTo(customer.email);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);

    expect((await reset(b!, 'nouveau-mot-de-passe-b')).statusCode).toBe(200);
    const withA = await reset(a!, 'nouveau-mot-de-passe-a');
    expect(withA.statusCode).toBe(400);
    expect(withA.json()).toEqual({ error: 'invalid_token', message: 'Ce lien n’est pas valide ou a déjà été utilisé.' });

    // Another account's pending link is left alone.
    const other = await createCustomer(t);
    await requestReset(other.email);
    const [otherToken] = await resetTokensTo(other.email);
    const third = await createCustomer(t);
    await requestReset(third.email);
    const [thirdToken] = await resetTokensTo(third.email);
    expect((await reset(thirdToken!, 'encore-un-mot-de-passe')).statusCode).toBe(200);
    expect((await reset(otherToken!, 'encore-un-mot-de-passe')).statusCode).toBe(200);
  });

  it.each([
    'client,pirate@evil.example',
    'client@exemple.fr, pirate@evil.example',
    'Client <client@exemple.fr>',
    'client@exemple',
    'client@@exemple.fr',
  ])('refuses %j as the client e-mail of a completion, and as a contact e-mail', async (email) => {
    const customer = await createCustomer(t);
    for (const overrides of [
      { clientDetails: { ...validCompletion().clientDetails, email } },
      { contactDepart: { ...validCompletion().contactDepart, email } },
    ]) {
      const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
      const response = await putCompletion(t, quote.id, customer.headers, validCompletion(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual({
        path: 'clientDetails' in overrides ? 'clientDetails.email' : 'contactDepart.email',
        message: 'Adresse e-mail invalide.',
      });
    }
  });

  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/comptes/inscription',
      headers: headers(),
      payload: signUpBody({ email, motDePasse: 'un-autre-mot-de-passe', confirmation: 'un-autre-mot-de-passe' }),
    });
  const mailsTo = async (email: string) => (await t.outbox()).filter((mail) => addressOf(mail) === email);

  it("answers a sign-up the same way for a new address, one with an account and the administrator's, and tells the owner", async () => {
    await createAdmin(t);
    const owner = await createCustomer(t, { name: 'Inès Moreau' });
    const unverified = await createCustomer(t, { name: 'Paul Girard', verified: false });
    const fresh = `nouvelle-${Date.now()}@exemple.fr`;

    const answers = await Promise.all(
      [fresh, owner.email, ADMIN_EMAIL, unverified.email].map(async (email) => [email, await signUp(email)] as const),
    );
    for (const [email, answer] of answers) {
      expect(answer.statusCode, email).toBe(201);
      expect(answer.json(), email).toEqual({ email, message: texts.signupSuccess });
    }

    // Nothing changed for the existing accounts: one account each, the same password.
    for (const email of [owner.email, ADMIN_EMAIL, unverified.email]) {
      expect(await t.app.database.db.selectFrom('user').select('id').where('email', '=', email).execute(), email).toHaveLength(1);
    }
    await signIn(t, owner.email, owner.password);

    // What each address received.
    expect((await mailsTo(fresh)).map((mail) => mail.subject)).toEqual(['Confirmez votre adresse e-mail']);
    const [notice] = await mailsTo(owner.email);
    expect(notice?.subject).toBe('Tentative de création de compte avec votre adresse e-mail');
    expect(notice?.text).toContain('Bonjour Inès Moreau,');
    expect(notice?.text).toContain('aucun nouveau compte n’a été créé');
    expect(notice?.text).toContain(`${PUBLIC_URL}/connexion`);
    expect(notice?.text).toContain(`${PUBLIC_URL}/mot-de-passe-oublie`);
    expect((await mailsTo(ADMIN_EMAIL)).map((mail) => mail.subject)).toEqual(['Tentative de création de compte avec votre adresse e-mail']);
    // Not verified yet: a new verification link, which works.
    const [verification] = await mailsTo(unverified.email);
    expect(verification?.subject).toBe('Confirmez votre adresse e-mail');
    const link = linkIn(verification);
    expect((await t.app.inject({ url: `${link.pathname}${link.search}` })).headers.location).toBe('/connexion?verification=ok');
  });

  it('sends at most 3 reset e-mails an hour to one address, whatever the number of client addresses, and answers an unknown address alike', async () => {
    const customer = await createCustomer(t);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let request = 0; request < 15; request += 1) {
      known.push((await requestReset(customer.email)).statusCode);
      unknown.push((await requestReset('personne-inconnue@exemple.fr')).statusCode);
    }
    expect(known).toEqual([200, 200, 200, ...Array(12).fill(429)]);
    expect(unknown).toEqual(known);
    const refused = await requestReset(customer.email);
    expect(refused.json()).toMatchObject({
      error: 'rate_limited',
      message: 'Trop d’e-mails ont déjà été envoyés à cette adresse. Réessayez dans une heure.',
    });
    expect(await mailsTo(customer.email)).toHaveLength(3);
    // Counted in the database, where every instance sees the same count.
    const row = await t.app.database.db
      .selectFrom('auth_throttle')
      .select('hits')
      .where('key', '=', `mail:reset:${customer.email}`)
      .executeTakeFirst();
    expect(Number(row?.hits)).toBeGreaterThan(3);
  });

  it('sends at most 3 account e-mails an hour to one address: sign-ups and new verification e-mails together', async () => {
    const unverified = await createCustomer(t, { verified: false });
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: headers(), payload: { email: unverified.email } });
    expect((await signUp(unverified.email)).statusCode).toBe(201);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Trop d’e-mails ont déjà été envoyés à cette adresse. Réessayez dans une heure.');
    expect((await signUp(unverified.email)).statusCode).toBe(429);
    expect((await mailsTo(unverified.email)).map((mail) => mail.subject)).toEqual(Array(3).fill('Confirmez votre adresse e-mail'));
  });

  it('sends no quote to a client e-mail stored before the rule that names two recipients', async () => {
    const admin = await createAdmin(t);
    const quote = await insertQuote(t, {
      email: 'client@exemple.fr',
      clientDetails: { nom: 'Client', email: 'client,pirate@evil.example', telephone: '06 11 22 33 44' },
    });
    const response = await confirmQuote(t, admin.headers, quote.id, '420,50', { km: false, longDistance: false });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(adminTexts.clientEmailInvalid);
    const row = await t.app.database.db.selectFrom('devis').select('statut').where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(row.statut).toBe('en attente de confirmation');
    expect((await t.outbox()).filter((mail) => mail.text?.includes(`n° ${quote.numeroDevis}`))).toEqual([]);
  });
});
