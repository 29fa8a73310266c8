import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase } from '#server/test/helpers.ts';
import { migrateToLatest, migrations, openDatabase } from './index.ts';

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
