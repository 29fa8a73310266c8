import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * Every server test runs on SQLite and on a real PostgreSQL server: TEST_DATABASE_URL when
 * given, otherwise a throwaway cluster started here. A missing server fails the run.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return;
  }
  const pg = await startPostgres();
  project.provide('pgAdminUrl', pg.url);
  return () => pg.stop();
}
