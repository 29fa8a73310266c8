import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase, ENGINES, type Engine } from '#server/test/helpers.ts';
import { migrateToLatest, migrations, openDatabase, type DatabaseHandle } from './index.ts';

describe('several instances starting together on an empty PostgreSQL database', () => {
  it('all come up: the migrations run once, the others wait for them', async () => {
    const database = await createPgDatabase();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => buildTestApp('postgres', { env: { DATABASE_URL: database.url } })),
    );
    const apps = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason?.cause ?? result.reason)] : []));
      expect(failures).toEqual([]);
      for (const { app } of apps) {
        const health = await app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(200);
      }
    } finally {
      for (const testApp of apps) await testApp.app.close();
      await database.drop();
    }
  });
});

describe('a database migrated before a migration whose name sorts earlier', () => {
  it('runs that migration too (branches add migrations of the same day side by side)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-migrations-'));
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'convoyage.sqlite') });
    try {
      const earlier = '2026-11-23-import-001-firebase';
      const { [earlier]: _left, ...before } = migrations;
      const first = await new Migrator({ db: database.db, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(first.error).toBeUndefined();
      await migrateToLatest(database.db);
      const tables = (await database.db.introspection.getTables()).map((table) => table.name);
      expect(tables).toContain('firebase_import');
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An empty database of the engine, opened, and what removes it. */
async function emptyDatabase(engine: Engine): Promise<{ database: DatabaseHandle; remove: () => Promise<void> }> {
  if (engine === 'postgres') {
    const created = await createPgDatabase();
    const database = openDatabase({ kind: 'postgres', url: created.url });
    return { database, remove: async () => (await database.close(), await created.drop()) };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-migrations-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'convoyage.sqlite') });
  return { database, remove: async () => (await database.close(), rmSync(dir, { recursive: true, force: true })) };
}

describe.each(ENGINES)('one bank debit per expense, on a database that already links two (%s)', (engine) => {
  it('keeps the first link made and frees the later debit, to be recorded again', async () => {
    const { database, remove } = await emptyDatabase(engine);
    try {
      const name = '2026-11-28-payments-002-one-debit-per-expense';
      const { [name]: _left, ...before } = migrations;
      expect(
        (await new Migrator({ db: database.db, provider: { getMigrations: async () => before } }).migrateToLatest()).error,
      ).toBeUndefined();
      await database.db
        .insertInto('releves')
        .values({
          id: 'r1',
          format: 'camt.053',
          version: '001.001.08',
          compte: null,
          nomFichier: 'releve.xml',
          sha256: 'x',
          nbOperations: 2,
          nbNouvelles: 2,
          byUserId: null,
          importeLe: '2026-11-28T08:00:00.000Z',
        })
        .execute();
      const debit = (id: string, updatedAt: string) => ({
        id,
        releveId: 'r1',
        cle: `cle-${id}`,
        date: '2026-11-20',
        montantCentimes: -3_500,
        contrepartie: 'APRR',
        libelle: 'CB PEAGE',
        referenceBanque: null,
        statut: 'débit' as const,
        factureId: null,
        paiementId: null,
        depenseId: 'depense-1',
        createdAt: '2026-11-28T08:00:00.000Z',
        updatedAt,
      });
      await database.db
        .insertInto('releve_operations')
        .values([debit('later', '2026-11-28T10:00:00.000Z'), debit('first', '2026-11-28T09:00:00.000Z')])
        .execute();
      await migrateToLatest(database.db);
      const rows = await database.db.selectFrom('releve_operations').select(['id', 'depenseId']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'first', depenseId: 'depense-1' },
        { id: 'later', depenseId: null },
      ]);
    } finally {
      await remove();
    }
  });
});
