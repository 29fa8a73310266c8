import { describe, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase } from '#server/test/helpers.ts';

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
