import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createCustomer, createPgDatabase, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { createBackup, restoreBackup } from './backup.ts';

const SIMULATION = { adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Citadine' };

async function quoteNumbers(t: TestApp) {
  const rows = await t.app.database.db.selectFrom('devis').select('numeroDevis').orderBy('numeroDevis').execute();
  return rows.map((row) => row.numeroDevis);
}

describe.each(ENGINES)('backup and restore on %s', (engine) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('copies a consistent snapshot while the app writes, and brings it back', async () => {
    const t = await buildTestApp(engine);
    cleanups.push(() => t.close());
    const customer = await createCustomer(t);
    const simulate = () => t.app.inject({ method: 'POST', url: '/api/devis/simulation', payload: SIMULATION, headers: customer.headers });
    for (let i = 0; i < 3; i += 1) await simulate();
    await t.app.fileStore.put('devis-signes/exemple.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');

    const out = mkdtempSync(path.join(os.tmpdir(), 'convoyage-backup-'));
    cleanups.push(() => rmSync(out, { recursive: true, force: true }));
    // Writes keep coming while the backup runs.
    const [manifest] = await Promise.all([createBackup(t.config, out), ...Array.from({ length: 20 }, simulate)]);
    expect(manifest.engine).toBe(engine);
    expect(manifest.files).toBe(true);
    await simulate(); // after the backup: must not come back

    const restoredDataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-restored-'));
    const restoredDb = engine === 'postgres' ? await createPgDatabase() : null;
    if (restoredDb) cleanups.push(() => restoredDb.drop());
    const env = { DATA_DIR: restoredDataDir, ...(restoredDb ? { DATABASE_URL: restoredDb.url } : {}) };
    const { loadConfig } = await import('#server/config.ts');
    await restoreBackup(loadConfig({ ...t.env, ...env }), out);

    const restored = await buildTestApp(engine, { env });
    cleanups.push(() => restored.close());
    const numbers = await quoteNumbers(restored);
    const live = await quoteNumbers(t);
    // A prefix of the live sequence, gap-free, with the counter where the rows say.
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers.length).toBeLessThan(live.length);
    expect(numbers).toEqual(live.slice(0, numbers.length));
    const counter = await restored.app.database.db.selectFrom('devis_counter').select('value').executeTakeFirstOrThrow();
    expect(counter.value).toBe(numbers.at(-1));
    expect(await restored.app.fileStore.get('devis-signes/exemple.pdf')).toEqual(Buffer.from('%PDF-1.4\n%%EOF\n'));
    // The restored app accepts the old session (same secret, same session rows).
    const me = await restored.app.inject({ url: '/api/me', headers: customer.headers });
    expect(me.json().user?.email).toBe(customer.email);
  });
});

describe('the backup command, as a real process', { timeout: 60_000 }, () => {
  const SCRIPT = fileURLToPath(new URL('../cli/backup.ts', import.meta.url));
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
    });

  it('refuses in French, without a stack trace and changing nothing, an unknown option or a folder that holds no backup', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-backup-cli-'));
    try {
      const unknown = run(['backup', '--sortie', '/tmp/x'], { DATA_DIR: dataDir });
      expect(unknown.status).toBe(1);
      expect(unknown.stderr.trim()).toBe('Usage : npm run backup [-- --out DOSSIER] | npm run restore -- --from DOSSIER');

      const empty = mkdtempSync(path.join(os.tmpdir(), 'convoyage-not-a-backup-'));
      const restore = run(['restore', '--from', empty], { DATA_DIR: dataDir });
      expect(restore.status).toBe(1);
      expect(restore.stderr.trim()).toBe(`Aucune sauvegarde dans ${empty} : manifest.json est introuvable. Rien n’a été modifié.`);
      rmSync(empty, { recursive: true, force: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
