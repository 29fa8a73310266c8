import { beforeAll, describe, expect, it } from 'vitest';
import { texts } from '#domain/texts/common.ts';
import { createAdmin, createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';
import { insertQuote, makePdf, multipartBody, uploadSigned } from './back-office-test-factories.ts';

type Headers = { cookie: string; origin: string };

describe.each(ENGINES)('the admin back office on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: Headers;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Hélène Dupré' });
  });

  const routes = async () => {
    const quote = await insertQuote(t, { uid: customer.id, email: customer.email });
    const upload = multipartBody([{ filename: 'signe.pdf', contentType: 'application/pdf', content: await makePdf() }]);
    return [
      { method: 'GET', url: '/api/admin/devis' },
      { method: 'GET', url: '/api/admin/devis-archives' },
      { method: 'GET', url: `/api/admin/devis/${quote.id}` },
      {
        method: 'POST',
        url: `/api/admin/devis/${quote.id}/confirmer`,
        payload: { prixFinal: '350', clauses: { km: true, longDistance: false } },
      },
      { method: 'POST', url: `/api/admin/devis/${quote.id}/confirmer-signe` },
      { method: 'POST', url: `/api/admin/devis/${quote.id}/terminer` },
      { method: 'POST', url: `/api/admin/devis/${quote.id}/archiver` },
      { method: 'POST', url: `/api/admin/devis/${quote.id}/restaurer` },
      { method: 'DELETE', url: `/api/admin/devis/${quote.id}` },
      { method: 'POST', url: `/api/admin/devis/${quote.id}/devis-signe`, payload: upload.payload, contentType: upload.contentType },
    ] as const;
  };

  it('answers 403 to a customer and 401 to a visitor on every admin route, changing nothing', async () => {
    for (const route of await routes()) {
      const headers = 'contentType' in route ? { 'content-type': route.contentType } : {};
      const asCustomer = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: 'payload' in route ? route.payload : undefined,
        headers: { ...headers, ...customer.headers },
      });
      expect(asCustomer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asCustomer.json().error).toBe('forbidden');
      const asVisitor = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: 'payload' in route ? route.payload : undefined,
        headers,
      });
      expect(asVisitor.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    const rows = await t.app.database.db
      .selectFrom('devis')
      .select(['id', 'statut', 'signedFileKey'])
      .where('uid', '=', customer.id)
      .execute();
    expect(rows.every((row) => row.statut === 'en attente de confirmation' && row.signedFileKey === null)).toBe(true);
    expect(await t.outbox()).toHaveLength(0);
    for (const row of rows) expect(await t.app.fileStore.exists(`devis-signes/${row.id}.pdf`)).toBe(false);
  });

  it('shows a quote with its status history: who, when, from, to', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé', uid: customer.id, email: customer.email });
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/confirmer-signe`, headers: admin });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().statut).toBe('en cours');
    const response = await t.app.inject({ url: `/api/admin/devis/${quote.id}`, headers: admin });
    expect(response.statusCode).toBe(200);
    const devis = response.json();
    expect(devis.clientDetails.nom).toBe('Hélène Dupré');
    expect(devis.historique.at(-1)).toMatchObject({ fromStatut: 'envoyé', toStatut: 'en cours', byRole: 'admin' });
    expect(Date.parse(devis.historique.at(-1).at)).not.toBeNaN();
  });

  it('moves a mission to its end and refuses what the status does not allow (409)', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    const tooEarly = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/terminer`, headers: admin });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe('Cette action n’est pas possible dans l’état actuel du devis.');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/confirmer-signe`, headers: admin })).json().statut,
    ).toBe('en cours');
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/terminer`, headers: admin })).json().statut).toBe(
      'terminé',
    );
    const archive = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/archiver`, headers: admin });
    expect(archive.statusCode).toBe(409);
  });

  it('archives, lists the archives by number, restores to en attente and deletes for good', async () => {
    const first = await insertQuote(t, { statut: 'en attente' });
    const second = await insertQuote(t, { statut: 'en attente de confirmation', email: null });
    for (const quote of [second, first]) {
      const archived = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/archiver`, headers: admin });
      expect(archived.json()).toMatchObject({ statut: 'archivé', archive: true });
    }
    const archives = (await t.app.inject({ url: '/api/admin/devis-archives', headers: admin })).json().devis as {
      id: string;
      numeroDevis: number;
    }[];
    const numbers = archives.map((devis) => devis.numeroDevis);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(archives.map((devis) => devis.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${first.id}/restaurer`, headers: admin });
    expect(restored.json()).toMatchObject({ statut: 'en attente', archive: false });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${second.id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/admin/devis/${second.id}`, headers: admin })).statusCode).toBe(404);
    const history = await t.app.database.db.selectFrom('devis_historique').select('id').where('devisId', '=', second.id).execute();
    expect(history).toHaveLength(0);
  });

  it('deletes a quote in any status together with its signed PDF', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé', uid: customer.id, email: customer.email });
    const uploaded = await uploadSigned(t, admin, quote.id, [
      { filename: 'signe.pdf', contentType: 'application/pdf', content: await makePdf() },
    ]);
    expect(uploaded.statusCode).toBe(200);
    expect(await t.app.fileStore.exists(`devis-signes/${quote.id}.pdf`)).toBe(true);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.fileStore.exists(`devis-signes/${quote.id}.pdf`)).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('answers 404 in French for a quote that does not exist', async () => {
    const response = await t.app.inject({ url: '/api/admin/devis/inexistant', headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(texts.quoteNotFound);
  });
});
