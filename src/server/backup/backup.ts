import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from '#server/db/sqlite-driver.ts';
import type { Config } from '#server/config.ts';
import { cliTexts } from '#domain/texts/server.ts';

const run = promisify(execFile);

export type BackupManifest = {
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  database: string;
  files: boolean;
  storage: 'disk' | 's3';
};

/** The URL without its password, and the password for the child's PGPASSWORD (not in `ps`). */
function pgArgs(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Finds a PostgreSQL client tool on PATH or in Debian's versioned folders. */
async function pgTool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const { readdirSync } = await import('node:fs');
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      const candidate = path.join(root, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/**
 * A consistent copy of the database and the uploaded files, taken while the app runs:
 * SQLite's online backup API (a snapshot even under concurrent writes in WAL mode) or
 * pg_dump (one transaction snapshot). Files are written once under server-made names and
 * replaced atomically, so copying them after the database snapshot gives every file the
 * snapshot refers to. S3 storage is not copied: use the bucket's versioning.
 */
export async function createBackup(config: Config, outDir: string): Promise<BackupManifest> {
  await mkdir(outDir, { recursive: true });
  const partial = path.join(outDir, '.partial');
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial);

  let database: string;
  if (config.database.kind === 'sqlite') {
    database = 'convoyage.sqlite';
    if (!existsSync(config.database.file)) {
      throw new Error(cliTexts.noDatabase(config.database.file));
    }
    const source = new BetterSqlite3(config.database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(partial, database));
    } finally {
      source.close();
    }
  } else {
    database = 'database.pgdump';
    const pg = pgArgs(config.database.url);
    await run(await pgTool('pg_dump'), ['--format=custom', '--no-owner', '--file', path.join(partial, database), pg.url], { env: pg.env });
  }

  const filesDir = config.storage.kind === 'disk' ? config.storage.root : null;
  const hasFiles = !!filesDir && existsSync(filesDir);
  if (hasFiles) await cp(filesDir, path.join(partial, 'files'), { recursive: true, filter: (src) => !src.endsWith('.tmp') });

  const secretFile = path.join(config.dataDir, 'auth-secret');
  if (existsSync(secretFile)) await copyFile(secretFile, path.join(partial, 'auth-secret'));

  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    engine: config.database.kind,
    database,
    files: hasFiles,
    storage: config.storage.kind,
  };
  await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The backup appears complete or not at all.
  for (const entry of ['manifest.json', database, 'files', 'auth-secret']) {
    const from = path.join(partial, entry);
    if (existsSync(from)) {
      await rm(path.join(outDir, entry), { recursive: true, force: true });
      await rename(from, path.join(outDir, entry));
    }
  }
  await rm(partial, { recursive: true, force: true });
  return manifest;
}

/** Puts a backup back in place. The app must be stopped: the database is replaced whole. */
export async function restoreBackup(config: Config, fromDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(fromDir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(cliTexts.noBackup(fromDir));
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.engine !== config.database.kind) {
    throw new Error(cliTexts.otherEngine(manifest.engine, config.database.kind));
  }
  if (config.database.kind === 'sqlite') {
    const target = config.database.file;
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(fromDir, manifest.database), `${target}.restoring`);
    await rm(`${target}-wal`, { force: true });
    await rm(`${target}-shm`, { force: true });
    await rename(`${target}.restoring`, target);
  } else {
    const pg = pgArgs(config.database.url);
    await run(
      await pgTool('pg_restore'),
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', pg.url, path.join(fromDir, manifest.database)],
      {
        env: pg.env,
      },
    );
  }
  if (manifest.files && config.storage.kind === 'disk') {
    await rm(config.storage.root, { recursive: true, force: true });
    await cp(path.join(fromDir, 'files'), config.storage.root, { recursive: true });
  }
  if (existsSync(path.join(fromDir, 'auth-secret'))) {
    await copyFile(path.join(fromDir, 'auth-secret'), path.join(config.dataDir, 'auth-secret'));
  }
  return manifest;
}
