import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { authMigrations, createAuth } from '#server/accounts/auth.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { migrateAll } from '#server/db/migrate.ts';
import { startPostgres } from '../../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** A PostgreSQL database with every migration run, that buildTestApp copies (`create database … template`). */
    pgTemplate: string;
    /** A SQLite file with every migration run, that buildTestApp copies into each app's DATA_DIR. */
    sqliteTemplate: string;
  }
}

/** Runs every migration (ours, then better-auth's) on `env`'s database, as the app's start would. */
async function migrate(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = openDatabase(config.database);
  try {
    await migrateAll(database, authMigrations(createAuth({ config, database, outbox: { kick: () => undefined } })));
  } finally {
    await database.close();
  }
}

async function adminQuery(adminUrl: string, query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Every server test runs on SQLite and on a real PostgreSQL server: TEST_DATABASE_URL when
 * given, otherwise a throwaway cluster started here. A missing server fails the run.
 * The schema is migrated once here, into a template of each engine that every test app
 * copies, instead of every app running some forty migrations of its own (docs/decisions/0057).
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  const cluster = given ? null : await startPostgres();
  const pgAdminUrl = given ?? cluster!.url;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-templates-'));
  const pgTemplate = `template_${process.pid}_${Date.now()}`;
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (cluster) cluster.stop();
    else await adminQuery(pgAdminUrl, `drop database if exists ${pgTemplate} with (force)`);
  };
  try {
    await migrate({ DATA_DIR: dir });

    await adminQuery(pgAdminUrl, `create database ${pgTemplate}`);
    const templateUrl = new URL(pgAdminUrl);
    templateUrl.pathname = `/${pgTemplate}`;
    await migrate({ DATA_DIR: dir, DATABASE_URL: templateUrl.toString() });

    project.provide('pgAdminUrl', pgAdminUrl);
    project.provide('pgTemplate', pgTemplate);
    project.provide('sqliteTemplate', path.join(dir, 'convoyage.sqlite'));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
