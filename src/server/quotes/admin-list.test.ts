import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminListResponse, DevisSummary } from '#domain/schemas/admin.ts';
import { insertUtilisateur } from '#server/accounts/repository.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';
import { transitionQuote } from '#server/quotes/repository.ts';
import { foldSearchText } from './list-repository.ts';
import { insertQuote } from './back-office-test-factories.ts';

describe('the search folding', () => {
  it('ignores case and accents', () => {
    expect(foldSearchText('  Hélène   ŒUVRAY Çà ')).toBe('helene oeuvray ca');
  });
});

describe.each(ENGINES)('the admin list on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: { cookie: string; origin: string };
  const list = async (query = '') => {
    const response = await t.app.inject({ url: `/api/admin/devis${query}`, headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json() as AdminListResponse;
  };
  const touch = (id: string, updatedAt: string) => t.app.database.db.updateTable('devis').set({ updatedAt }).where('id', '=', id).execute();

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    const helene = { nom: 'Hélène Dupré', email: 'helene@exemple.fr', telephone: '06 11 22 33 44' };
    const marc = { nom: 'Marc Petit', email: 'marc@exemple.fr', telephone: '07 99 88 77 66' };
    const a1 = await insertQuote(t, { email: helene.email, clientDetails: helene, statut: 'en attente de confirmation' });
    const a2 = await insertQuote(t, { email: helene.email, clientDetails: helene, statut: 'envoyé' });
    const b1 = await insertQuote(t, { email: marc.email, clientDetails: marc, statut: 'en cours' });
    const c1 = await insertQuote(t, { email: null, clientDetails: null, statut: 'en attente' });
    await touch(a1.id, '2026-11-01T10:00:00.000Z');
    await touch(a2.id, '2026-11-03T10:00:00.000Z');
    await touch(b1.id, '2026-11-05T10:00:00.000Z');
    await touch(c1.id, '2026-10-01T10:00:00.000Z');
  });

  it('groups quotes by client e-mail, latest activity first, with counts and an unknown-client group', async () => {
    const result = await list();
    expect(result.totalGroups).toBe(3);
    expect(result.totalDevis).toBe(4);
    expect(result.groups.map((group) => [group.email, group.count, group.derniereActivite])).toEqual([
      ['marc@exemple.fr', 1, '2026-11-05T10:00:00.000Z'],
      ['helene@exemple.fr', 2, '2026-11-03T10:00:00.000Z'],
      ['client-inconnu', 1, '2026-10-01T10:00:00.000Z'],
    ]);
    expect(result.groups[1]?.devis.map((devis) => devis.statut)).toEqual(['envoyé', 'en attente de confirmation']);
  });

  it('searches by e-mail, by name without accents or case, and by phone with or without spaces', async () => {
    for (const q of ['HELENE@exemple', 'helene dupre', 'Dupré', '0611223344', '06 11 22']) {
      const result = await list(`?q=${encodeURIComponent(q)}`);
      expect(
        result.groups.map((group) => group.email),
        q,
      ).toEqual(['helene@exemple.fr']);
    }
    expect((await list('?q=personne')).groups).toEqual([]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).groups).toEqual([]);
  });

  // With the clock stopped, the change lands in the same millisecond as the first search.
  it.each([false, true])('finds a quote again after its client details changed (clock stopped: %s)', async (isClockStopped) => {
    if (isClockStopped) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date());
    }
    try {
      const quote = await insertQuote(t, {
        email: 'zoe@exemple.fr',
        clientDetails: { nom: 'Zoé Avant', email: 'zoe@exemple.fr', telephone: '0600000000' },
      });
      expect((await list('?q=avant')).totalDevis).toBe(1);
      await transitionQuote(t.app.database, {
        id: quote.id,
        expected: quote.statut,
        to: quote.statut,
        changes: { clientDetails: { nom: 'Zoé Après', email: 'zoe@exemple.fr', telephone: '0600000000' } },
        by: { userId: null, role: 'admin' },
      });
      expect((await list('?q=avant')).totalDevis).toBe(0);
      expect((await list('?q=apres')).groups.map((group) => group.email)).toEqual(['zoe@exemple.fr']);
      await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin });
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by status and pages the groups', async () => {
    const sent = await list('?statut=envoy%C3%A9');
    expect(sent.groups.map((group) => [group.email, group.count])).toEqual([['helene@exemple.fr', 1]]);
    const pending = await list(`?statut=${encodeURIComponent('en attente')}`);
    expect(pending.groups.map((group) => group.email)).toEqual(['client-inconnu']);

    const first = await list('?groupsPerPage=2&page=1');
    const second = await list('?groupsPerPage=2&page=2');
    expect(first.totalGroups).toBe(3);
    expect(first.groups.map((group) => group.email)).toEqual(['marc@exemple.fr', 'helene@exemple.fr']);
    expect(second.groups.map((group) => group.email)).toEqual(['client-inconnu']);

    const group = await list(`?groupe=${encodeURIComponent('helene@exemple.fr')}`);
    expect(group.groups[0]?.devis).toHaveLength(2);
    const unknown = await list('?groupe=client-inconnu');
    expect(unknown.groups[0]?.devis).toHaveLength(1);
  });

  it('refuses an unknown status filter with 400', async () => {
    const response = await t.app.inject({ url: '/api/admin/devis?statut=perdu', headers: admin });
    expect(response.statusCode).toBe(400);
  });
});

describe.each(ENGINES)('the client’s name and phone in the admin lists on %s', (engine) => {
  it('are those of the completed quote, else those its owner signed up with', async () => {
    const t = await buildTestApp(engine);
    try {
      const admin = (await createAdmin(t)).headers;
      const customer = await createCustomer(t, { name: 'Société Martin Transports' });
      await insertUtilisateur(t.app.database.db, {
        uid: customer.id,
        nom: 'Société Martin Transports',
        telephone: '04 72 00 00 00',
        email: customer.email,
        type: 'entreprise',
        adresse: '3 place Bellecour, 69002 Lyon',
        dateInscription: '2026-11-01T09:00:00.000Z',
      });
      const owner = { uid: customer.id, email: customer.email };
      const simulated = await insertQuote(t, { ...owner, clientDetails: null, statut: 'en attente' });
      const completed = await insertQuote(t, { ...owner, statut: 'en attente de confirmation' });
      const archived = await insertQuote(t, { ...owner, clientDetails: null, statut: 'archivé', archive: 1 });
      const anonymous = await insertQuote(t, { email: null, clientDetails: null, statut: 'en attente' });

      const list = (await t.app.inject({ url: '/api/admin/devis', headers: admin })).json() as AdminListResponse;
      const shown = new Map(list.groups.flatMap((group) => group.devis).map((devis) => [devis.id, devis]));
      expect(shown.get(simulated.id)).toMatchObject({ clientNom: 'Société Martin Transports', clientTelephone: '04 72 00 00 00' });
      expect(shown.get(completed.id)).toMatchObject({ clientNom: 'Hélène Dupré', clientTelephone: '06 11 22 33 44' });
      expect(shown.get(anonymous.id)).toMatchObject({ clientNom: null, clientTelephone: null });

      const archives = (await t.app.inject({ url: '/api/admin/devis-archives', headers: admin })).json() as { devis: DevisSummary[] };
      expect(archives.devis.find((devis) => devis.id === archived.id)).toMatchObject({ clientNom: 'Société Martin Transports' });
    } finally {
      await t.close();
    }
  });
});
