import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from '#server/test/helpers.ts';
import { createTaskRunner, taskLockKeys, type TaskDeclaration } from './declared-tasks.ts';

const quiet = { info: () => undefined, error: () => undefined };
const FROZEN = new Date('2026-11-23T10:00:00.000Z');

describe.each(ENGINES)('declared tasks on %s', (engine) => {
  const t = useTestApp(engine);

  it('runs a task now at the time it is given, with the database', async () => {
    const runner = createTaskRunner({ database: t.app.database, log: quiet });
    runner.declare({
      name: 'clock',
      intervalMs: 0,
      firstRunDelayMs: 0,
      run: async ({ database, now }) => ({ engine: database.engine, now: now.toISOString() }),
    });
    expect(await runner.runNow('clock', FROZEN)).toEqual({ engine, now: FROZEN.toISOString() });
    expect(() => runner.declare({ name: 'clock', intervalMs: 0, firstRunDelayMs: 0, run: async () => null })).toThrow(/twice/);
  });

  it('runs each task soon after start, then on its interval, and waits for a run in progress when stopped', async () => {
    const runner = createTaskRunner({ database: t.app.database, log: quiet });
    let runs = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    runner.declare({
      name: 'counted',
      intervalMs: 5,
      firstRunDelayMs: 0,
      run: async () => {
        runs += 1;
        if (runs > 1) return;
        // The first run stays in progress until released: the interval's runs are skipped meanwhile.
        await released;
        finished = true;
      },
    });
    runner.start();
    await expect.poll(() => runs).toBe(1);
    expect(await runner.runNow('counted')).toBeNull();
    const stopped = runner.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
    const runsWhenStopped = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(runsWhenStopped);
  });

  if (engine === 'postgres') {
    it('skips a run while another instance holds the task’s lock', async () => {
      const runner = createTaskRunner({ database: t.app.database, log: quiet });
      const task: TaskDeclaration<string> = { name: 'locked', intervalMs: 0, firstRunDelayMs: 0, run: async () => 'ran' };
      runner.declare(task);
      await t.app.database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${taskLockKeys(task.name)})`.execute(trx);
        expect(await runner.runNow(task.name)).toBeNull();
      });
      expect(await runner.runNow(task.name)).toBe('ran');
    });
  }
});
