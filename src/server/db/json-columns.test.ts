import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { buildTestApp, createCustomer, createPgDatabase, ENGINES, useTestApp, type TestApp } from '#server/test/helpers.ts';
import { migrateToLatest, openDatabase } from './index.ts';
import * as initial from './migrations/2026-11-21-001-initial.ts';
import * as accounts from './migrations/2026-11-21-002-accounts.ts';
import * as admin from './migrations/2026-11-21-003-admin.ts';

type LogLine = { level: number; msg: string; devisId?: string; column?: string; reason?: string };

/** A JSON value our schemas refuse, and one that is not JSON at all (jsonb keeps such text as a JSON string). */
const corrupt = (t: TestApp, text: string) => (t.app.database.engine === 'postgres' ? sql`to_jsonb(${text}::text)` : sql`${text}`);

describe.each(ENGINES)('the JSON columns of a quote on %s', (engine) => {
  const lines: string[] = [];
  const t = useTestApp(engine, { env: { LOG_LEVEL: 'info' }, overrides: { logStream: { write: (line) => lines.push(line) } } });
  const corruptLogs = () =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'corrupt JSON column of a quote: read as empty');

  it('reads nested objects as the checked objects of the domain', async () => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente', {
      clientDetails: { nom: 'Hélène Dupré', email: 'helene@exemple.fr', telephone: '06 11 22 33 44' },
      clauses: { km: true, longDistance: false },
    });
    expect(quote.clientDetails).toEqual({ nom: 'Hélène Dupré', email: 'helene@exemple.fr', telephone: '06 11 22 33 44' });
    expect(quote.clauses).toEqual({ km: true, longDistance: false });
    expect(quote.options).toBeNull();
  });

  it('logs a corrupt value with its quote and column, and answers the rest of the quote', async () => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente', {
      contactDepart: { nom: 'Garage du Rhône', email: '', telephone: '04 78 00 00 00' },
    });
    await sql`update devis set "clientDetails" = ${JSON.stringify({ nom: 42 })}, "options" = ${corrupt(t, 'pas du json')} where id = ${quote.id}`.execute(
      t.app.database.db,
    );
    const before = corruptLogs().length;

    const response = await t.app.inject({ url: `/api/devis/${quote.id}`, headers: customer.headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: quote.id,
      clientDetails: null,
      options: null,
      contactDepart: { nom: 'Garage du Rhône', email: '', telephone: '04 78 00 00 00' },
    });
    const logged = corruptLogs().slice(before);
    expect(logged.map((line) => [line.devisId, line.column])).toEqual([
      [quote.id, 'clientDetails'],
      [quote.id, 'options'],
    ]);
    expect(logged.every((line) => line.level >= 50)).toBe(true);
  });
});

describe.each(ENGINES)('the migration to typed JSON columns on %s', (engine) => {
  it('keeps every existing text, valid or not (jsonb on PostgreSQL)', async () => {
    const t = await buildTestApp(engine);
    // A database as the previous migrations left it, beside the app's own.
    const pg = engine === 'postgres' ? await createPgDatabase() : null;
    const logged: object[] = [];
    const database = openDatabase(pg ? { kind: 'postgres', url: pg.url } : { kind: 'sqlite', file: `${t.dataDir}/before.sqlite` }, {
      warn: () => {},
      error: (details) => logged.push(details),
    });
    try {
      const previous = { '2026-11-21-001-initial': initial, '2026-11-21-002-accounts': accounts, '2026-11-21-003-admin': admin };
      const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => previous } }).migrateToLatest();
      expect(error).toBeUndefined();
      const row = (id: string, numero: number, clientDetails: string) =>
        sql`insert into devis (id, "numeroDevis", "dateSimulation", "adresseDepart", "adresseArrivee", "typeVehicule", "distanceKm", "prixCentimes", "clientDetails", "createdAt", "updatedAt")
            values (${id}, ${numero}, '2026-11-01', 'Paris', 'Lyon', 'Berline', 465, 41850, ${clientDetails}, '2026-11-01', '2026-11-01')`.execute(
          database.db,
        );
      await row('valide', 1, JSON.stringify({ nom: 'Zoé', email: 'zoe@exemple.fr', telephone: '0600000000' }));
      await row('abime', 2, '{"nom": "Zoé", tronqué');

      await migrateToLatest(database.db);

      const quotes = await database.db.selectFrom('devis').select(['id', 'clientDetails', 'version']).orderBy('numeroDevis').execute();
      expect(quotes).toEqual([
        { id: 'valide', clientDetails: { nom: 'Zoé', email: 'zoe@exemple.fr', telephone: '0600000000' }, version: 1 },
        { id: 'abime', clientDetails: null, version: 1 },
      ]);
      expect(logged).toEqual([{ devisId: 'abime', column: 'clientDetails', reason: 'not JSON' }]);
      if (pg) {
        const stored = await sql<{
          type: string;
          text: string;
        }>`select pg_typeof("clientDetails")::text as type, "clientDetails" #>> '{}' as text from devis where id = 'abime'`.execute(
          database.db,
        );
        expect(stored.rows).toEqual([{ type: 'jsonb', text: '{"nom": "Zoé", tronqué' }]);
      }
    } finally {
      await database.close();
      await pg?.drop();
      await t.close();
    }
  });
});
