import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { insertQuote } from '#server/quotes/back-office-test-factories.ts';
import { errorHandler } from '#server/error-handler.ts';
import { createQuoteInStatus, putCompletion, storedQuote } from '#server/quotes/test-factories.ts';
import { signUpBody } from '#server/accounts/test-factories.ts';
import { signBody } from '#server/signatures/test-factories.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, PUBLIC_URL, type TestApp, useTestApp } from '#server/test/helpers.ts';

/**
 * Text that a database cannot store, or stores altered, is refused by the domain schemas
 * before anything is written: NUL and the other C0/C1 control characters (tab and line
 * breaks only in multi-line fields), unpaired surrogates, strings longer than their column.
 * Each case below answered 500 on PostgreSQL, or stored U+FFFD, before the fix.
 */

const origin = { origin: PUBLIC_URL };
let ipCount = 0;
/** Each request from an address of its own: the per-IP limits are not what is tested here. */
const fresh = () => ({ ...origin, 'x-forwarded-for': `203.0.113.${(ipCount += 1) % 250}` });

describe.each(ENGINES)('input that reaches the database, on %s', (engine) => {
  const t = useTestApp(engine, { env: { PUBLIC_RATE_LIMIT: '0' } });
  let owner: Awaited<ReturnType<typeof createCustomer>>;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    owner = await createCustomer(t);
    admin = await createAdmin(t);
  });

  const complete = async (overrides: Parameters<typeof validCompletion>[0]) => {
    const quote = await createQuoteInStatus(t.app.database, owner, 'en attente');
    const response = await putCompletion(t, quote.id, owner.headers, validCompletion(overrides));
    const stored = await storedQuote(t, quote.id);
    return { response, stored };
  };

  const adminSearch = (q: string) => t.app.inject({ url: `/api/admin/devis?q=${encodeURIComponent(q)}`, headers: admin.headers });

  it('refuses a NUL in a name of the completion in French, stores nothing, and every admin search still answers', async () => {
    const { response, stored } = await complete({
      clientDetails: { nom: 'Jean\u0000Dupont', email: 'jean@exemple.fr', telephone: '06 12 34 56 78', siret: '732 829 320 00074' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation',
      message: 'Les données envoyées sont invalides.',
      details: [{ path: 'clientDetails.nom', message: 'Caractères non autorisés : retirez les caractères invisibles ou de contrôle.' }],
    });
    expect(stored.statut).toBe('en attente');
    expect(stored.clientDetails).toBeNull();
    expect((await adminSearch('jean')).statusCode).toBe(200);
  });

  it.each([
    ['a NUL', 'Clés\u0000à l’accueil'],
    ['a C1 control character', 'Clés\u0085à l’accueil'],
    ['an escape sequence', 'Clés \u001b[31mà l’accueil'],
    ['an unpaired surrogate', 'Clés \ud800 à l’accueil'],
    ['a lone low surrogate', 'Clés \udc00 à l’accueil'],
  ])('refuses %s in the comment, writing nothing', async (_what, commentaire) => {
    const { response, stored } = await complete({ commentaire });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'commentaire', message: 'Caractères non autorisés : retirez les caractères invisibles ou de contrôle.' },
    ]);
    expect(stored.commentaire).toBeNull();
  });

  it('keeps tabs and line breaks in the comment, and an emoji, exactly as typed', async () => {
    const commentaire = 'Ligne 1\r\nLigne 2\n\tretrait 🚗';
    const { response, stored } = await complete({ commentaire });
    expect(response.statusCode).toBe(200);
    expect(stored.commentaire).toBe(commentaire);
  });

  it.each([
    ['a tab in a name', { contactDepart: { nom: 'Élodie\tMartin', email: '', telephone: '06 11 22 33 44' } }, 'contactDepart.nom'],
    [
      'a line break in a brand',
      { infosVehicule: { ...validCompletion().infosVehicule, marque: 'Renault\nAlpine' } },
      'infosVehicule.marque',
    ],
    [
      'an unpaired surrogate in a name',
      { contactArrivee: { nom: 'Müller \ud83d', email: '', telephone: '04 78 00 00 00' } },
      'contactArrivee.nom',
    ],
  ] as const)('refuses %s, a single-line field', async (_what, overrides, path) => {
    const { response } = await complete(overrides as Parameters<typeof validCompletion>[0]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({
      path,
      message: 'Caractères non autorisés : retirez les caractères invisibles ou de contrôle.',
    });
  });

  it.each([
    ['a NUL in the address', { adresse: '3 place\u0000Bellecour' }],
    ['an unpaired surrogate in the name', { nom: 'Camille \udfff' }],
    ['a C1 character in the phone', { telephone: '06 11 22 33\u009b44' }],
  ])('refuses a sign-up with %s in French, creating no account', async (_what, overrides) => {
    const body = signUpBody(overrides);
    const response = await t.app.inject({ method: 'POST', url: '/api/comptes/inscription', headers: fresh(), payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation', message: 'Les données envoyées sont invalides.' });
    const user = await t.app.database.db.selectFrom('user').select('id').where('email', '=', body.email).executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it.each([
    ['an e-mail of 390 characters', `${'a'.repeat(380)}@exemple.fr`],
    ['an e-mail of 5 000 characters', `${'a'.repeat(5000)}@exemple.fr`],
    ['a NUL in the e-mail', 'camille\u0000@exemple.fr'],
    ['an unpaired surrogate in the e-mail', 'camille\ud800@exemple.fr'],
  ])('answers a sign-in with %s with 400 in French, counting nothing', async (_what, email) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: fresh(),
      payload: { email, password: 'un-mot-de-passe', rememberMe: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation', message: 'Adresse e-mail invalide.' });
    const throttled = await t.app.database.db.selectFrom('auth_throttle').select('key').where('key', 'like', '%camille%').execute();
    expect(throttled.filter((row) => row.key.includes('\u0000') || row.key.length > 300)).toEqual([]);
  });

  it.each([
    ['a NUL', 'abc\u0000def'],
    ['an unpaired surrogate', 'abc\ud800def'],
    ['a token of 10 000 characters', 'a'.repeat(10_000)],
  ])('answers a password reset whose token holds %s with 400 in French', async (_what, token) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: fresh(),
      payload: { token, newPassword: 'nouveau-mot-de-passe' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_token', message: 'Ce lien n’est pas valide ou a déjà été utilisé.' });
  });

  it.each([
    [
      'a password reset request',
      '/api/auth/request-password-reset',
      { email: 'x\u0000@exemple.fr', redirectTo: '/reinitialiser-mot-de-passe' },
    ],
    ['a new verification e-mail', '/api/auth/send-verification-email', { email: 'x\u0000@exemple.fr' }],
  ])('answers %s for an address holding a NUL with 400 in French', async (_what, url, payload) => {
    const response = await t.app.inject({ method: 'POST', url, headers: fresh(), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation', message: 'Adresse e-mail invalide.' });
  });

  it.each(['/api/devis/%00', '/api/devis/%ED%A0%80', '/api/devis/a%0Ab'])('answers GET %s with 400 in French', async (url) => {
    const response = await t.app.inject({ url, headers: owner.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation', message: 'Les données envoyées sont invalides.' });
  });

  it.each([
    ['a NUL', 'Jean\u0000Dupont'],
    ['an unpaired surrogate', 'Jean \ud800'],
    ['a C1 control character', 'Jean\u0085Dupont'],
  ])("refuses %s in the signer's name of an online signature, in French", async (_what, nomSignataire) => {
    const quote = await createQuoteInStatus(t.app.database, owner, 'envoyé');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/devis/${quote.id}/signer`,
      headers: owner.headers,
      payload: signBody(nomSignataire),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'nomSignataire', message: 'Caractères non autorisés : retirez les caractères invisibles ou de contrôle.' },
    ]);
  });

  it.each([
    ['the customer search', '/api/devis?q='],
    ['the admin search', '/api/admin/devis?q='],
    ['the admin group', '/api/admin/devis?groupe='],
    ['the address autocomplete', '/api/adresses?q='],
  ])('answers a NUL in %s with 400 in French', async (_what, prefix) => {
    const response = await t.app.inject({ url: `${prefix}Lyon%00`, headers: prefix.includes('admin') ? admin.headers : owner.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation' });
  });
});

describe.each(ENGINES)('the admin search index, on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { LOG_LEVEL: 'info' }, overrides: { logStream: { write: (line) => lines.push(line) } } });
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (q: string) => {
    const response = await t.app.inject({ url: `/api/admin/devis?q=${encodeURIComponent(q)}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { groups: { devis: { id: string }[] }[] }).groups.flatMap((group) => group.devis.map((devis) => devis.id));
  };
  const warningsAbout = (devisId: string) =>
    lines
      .map((line) => JSON.parse(line) as { level: number; devisId?: string })
      .filter((entry) => entry.level >= 40 && entry.devisId === devisId);

  it('indexes a quote stored with a NUL in its client name (before the text rule) and still finds it', async () => {
    const details = { nom: 'Jean\u0000Dupont', email: 'jean.dupont@exemple.fr', telephone: '06 12 34 56 78' };
    if (engine === 'postgres') {
      // jsonb holds no NUL at all: there, such a quote cannot even be stored.
      await expect(insertQuote(t, { email: details.email, clientDetails: details })).rejects.toThrow();
      return;
    }
    const quote = await insertQuote(t, { email: details.email, clientDetails: details });
    expect(await search('dupont')).toEqual([quote.id]);
    expect(await search('jean')).toEqual([quote.id]);
  });

  it('leaves out and logs a quote whose text the database refuses, and every search still answers', async () => {
    const db = t.app.database.db;
    if (engine === 'postgres') {
      await sql`create function refuse_poison() returns trigger language plpgsql as $$
        begin
          if new.texte like '%poison%' then raise exception 'refused' using errcode = '22021'; end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger refuse_poison before insert or update on devis_search for each row execute function refuse_poison()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_poison before insert on devis_search when new.texte like '%poison%'
        begin select raise(abort, 'refused'); end`.execute(db);
    }
    const good = await insertQuote(t, {
      email: 'lea@exemple.fr',
      clientDetails: { nom: 'Léa Martin', email: 'lea@exemple.fr', telephone: '06 00 00 00 01' },
    });
    const poisoned = await insertQuote(t, {
      email: 'poison@exemple.fr',
      clientDetails: { nom: 'Martin Poison', email: 'poison@exemple.fr', telephone: '06 00 00 00 02' },
    });

    expect(await search('martin')).toEqual([good.id]);
    expect(await search('lea')).toEqual([good.id]);
    expect(warningsAbout(poisoned.id).length).toBeGreaterThan(0);
    expect(warningsAbout(good.id)).toEqual([]);
  });
});

describe.each(ENGINES)('a database error caused by the data, on %s', (engine) => {
  let t: TestApp;
  let probe: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.app.database.db;
    if (engine === 'sqlite') await sql`create table probe (id integer primary key)`.execute(db);
    // The app's own error handler, behind routes that send data straight to the database.
    probe = Fastify();
    probe.setErrorHandler(errorHandler);
    probe.get('/nul', () => sql`select ${'a\u0000b'}::text as value`.execute(db));
    probe.get('/too-long', () =>
      db
        .insertInto('auth_throttle')
        .values({ key: 'k'.repeat(500), hits: 1, windowStart: 0 })
        .execute(),
    );
    probe.get('/not-a-number', () => sql`select ${'douze'}::integer as value`.execute(db));
    probe.get('/mismatch', () => sql`insert into probe (id) values (${'douze'})`.execute(db));
    probe.get('/broken-query', () => sql`select * from table_inexistante`.execute(db));
    await probe.ready();
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  const cases = engine === 'postgres' ? ['/nul', '/too-long', '/not-a-number'] : ['/mismatch'];
  it.each(cases)('answers %s with 400 in French, not 500', async (url) => {
    const response = await probe.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation', message: 'Les données envoyées sont invalides.' });
  });

  it('still answers 500, without details, to an error that is not about the data', async () => {
    const response = await probe.inject({ url: '/broken-query' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal', message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' });
  });
});
