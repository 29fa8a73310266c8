import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup, restoreBackup } from '#server/backup/backup.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { cliTexts } from '#domain/texts/server.ts';

// `npm run backup [-- --out DIR]` while the app runs; `npm run restore -- --from DIR` with the app stopped.
const USAGE = cliTexts.backupUsage;
const [command] = process.argv.slice(2, 3);

try {
  let values: { out?: string; from?: string };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(3), options: { out: { type: 'string' }, from: { type: 'string' } } }));
  } catch {
    throw new ConfigError(USAGE);
  }
  const config = loadConfig();
  if (command === 'backup') {
    const out = path.resolve(values.out ?? path.join(config.dataDir, 'backups', new Date().toISOString().replace(/[:.]/g, '-')));
    const manifest = await createBackup(config, out);
    console.log(cliTexts.backupDone(manifest.engine, manifest.files, out));
  } else if (command === 'restore') {
    if (!values.from) throw new ConfigError(USAGE);
    const manifest = await restoreBackup(config, path.resolve(values.from));
    console.log(cliTexts.restoreDone(manifest.createdAt));
  } else {
    throw new ConfigError(USAGE);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
